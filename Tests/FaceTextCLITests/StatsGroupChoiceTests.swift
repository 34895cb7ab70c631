import Testing
import TestSupport
@testable import FaceText
@testable import FaceTextCLI

/// `stats --by` finds a message's group from numbers (a sender's number, a
/// time's key) in a table of the groups met lately: the groups must be those
/// the group's values name, with many senders and times in no order.
@Suite struct StatsGroupChoiceTests {
    static let faces = ["[哈哈]", "[心]", "👍", "[偷笑]", "🌸", "[doge]"]
    /// Each face's key as stats counts it (👍 is the face [赞]).
    static let keys = Dictionary(uniqueKeysWithValues: faces.map { face in
        var stats = FaceStats(catalog: .default)
        stats.add(face)
        return (face, stats.counts.keys.first!)
    })

    /// A log of 150 people over two years, in no order, each line one face or two; a few continuation lines.
    static func log(seed: UInt64) -> (text: String, messages: [(header: ChatLog.Header, faces: [String])]) {
        var random = SeededGenerator(seed: seed)
        var text = "", messages: [(ChatLog.Header, [String])] = []
        for index in 0..<3000 {
            let day = ChatLog.Time.civil(fromDayNumber: 19_700 + Int.random(in: 0..<730, using: &random))
            let time = ChatLog.Time(year: day.year, month: day.month, day: day.day, hour: Int.random(in: 0..<24, using: &random),
                                minute: Int.random(in: 0..<60, using: &random))!
            let sender = index % 7 == 0 ? "用户\(Int.random(in: 0..<150, using: &random))" : "P\(Int.random(in: 0..<150, using: &random))"
            var faces = [faces.randomElement(using: &random)!]
            text += "\(time.date) \(ChatLog.Time.digits(time.hour, 2)):\(ChatLog.Time.digits(time.minute, 2)) \(sender): 好\(faces[0])\n"
            if index % 11 == 0 {
                faces.append(Self.faces.randomElement(using: &random)!)
                text += "还有\(faces[1])\n"
            }
            messages.append((ChatLog.Header(sender: sender, time: time), faces))
        }
        return (text, messages)
    }

    @Test(arguments: ["sender", "sender,day", "week,hour", "month,weekday", "sender,month,hour"])
    func groupsAreTheOnesTheirValuesName(by: String) {
        let (text, messages) = Self.log(seed: UInt64(by.count))
        let keys = by.split(separator: ",").map(String.init)
        var expected: [String: Int] = [:]
        for (header, faces) in messages {
            let values = keys.map { StatsGrouping.value($0, of: header) }
            for face in faces { expected[(values + [Self.keys[face]!]).joined(separator: "\t"), default: 0] += 1 }
        }
        let result = runCLI(["stats", "--format", "prefixed", "--by", by, "--tsv"], input: text)
        #expect(result.status == .success)
        var got: [String: Int] = [:]
        for row in result.text.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let (tag, emoji) = (fields[keys.count + 3], fields[keys.count + 4])
            let key = (Array(fields[..<keys.count]) + [tag == "-" ? emoji : tag]).joined(separator: "\t")
            got[key] = Int(fields[keys.count + 1])
        }
        #expect(got == expected)
        #expect(expected.count > 500)
    }

    /// A bound on the groups held: the first ones met stay, the rest count together, and every face still counts.
    @Test func groupsPastTheBoundCountTogether() {
        let (text, messages) = Self.log(seed: 3)
        let result = runCLI(["stats", "--format", "prefixed", "--by", "sender", "--max-groups", "20", "--tsv"], input: text)
        #expect(result.status == .success)
        #expect(result.stderr.contains("more than 20 groups"))
        let rows = result.text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        var senders: [String] = []
        for row in rows where senders.last != row[0] { senders.append(row[0]) }
        #expect(senders.count == 21 && senders.last == "(others)")
        // The first 20 senders met are the ones kept.
        var met: [String] = []
        for (header, _) in messages where !met.contains(header.sender!) { met.append(header.sender!) }
        #expect(Set(senders.dropLast()) == Set(met.prefix(20)))
        #expect(rows.reduce(0) { $0 + Int($1[2])! } == messages.reduce(0) { $0 + $1.faces.count })
        #expect(runCLI(["stats", "--max-groups", "3"], input: text).status == .usage)
    }
}
