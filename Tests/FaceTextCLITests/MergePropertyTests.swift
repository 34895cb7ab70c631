import Testing
import TestSupport
@testable import FaceTextCLI

/// `stats --partial | stats --merge` is one run: random chat logs in every
/// message format (Telegram's with texts of several lines), split at random
/// message boundaries into files, each counted alone as a partial result; the
/// partials merged in one step, and stacked (merged in twos with --partial,
/// then merged), report what one run over the whole log reports, for every
/// --by key, two keys at once, and --by-file.
@Suite struct MergePropertyTests {
    struct Message {
        var sender: String
        var time: (year: Int, month: Int, day: Int, hour: Int, minute: Int)
        var lines: [String]
    }

    static let senders = ["小红", "Bob", "Ann Lee", "小明", "老王"]
    static let pieces = ["[哈哈]", "[心]", "😀", "👍🏻", "x", "好", " ", "[偷笑]", "ok", "[哈"]

    static func messages(_ random: inout SeededGenerator, count: Int) -> [Message] {
        (0..<count).map { _ in
            let lines = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                "t" + (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            // Days past the 12th: a WhatsApp date's order is then plain in every part.
            return Message(sender: senders.randomElement(using: &random)!,
                           time: (2023 + Int.random(in: 0...1, using: &random), Int.random(in: 1...12, using: &random),
                                  Int.random(in: 13...28, using: &random), Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random)),
                           lines: lines)
        }
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `messages` written as `format` writes them.
    static func log(_ messages: [Message], _ format: String) -> String {
        func date(_ m: Message) -> String { "\(m.time.year)-\(two(m.time.month))-\(two(m.time.day))" }
        func clock(_ m: Message) -> String { "\(two(m.time.hour)):\(two(m.time.minute)):07" }
        switch format {
        case "prefixed":
            return messages.map { m in "\(date(m)) \(clock(m)) \(m.sender): " + m.lines.joined(separator: "\n  ") + "\n" }.joined()
        case "qq", "wechat":
            return messages.map { m in "\(date(m)) \(clock(m)) \(m.sender)\(format == "qq" ? "(10001)" : "")\n" + m.lines.joined(separator: "\n") + "\n\n" }.joined()
        case "whatsapp":
            return messages.map { m in "[\(two(m.time.day))/\(two(m.time.month))/\(m.time.year), \(clock(m))] \(m.sender): " + m.lines.joined(separator: "\n") + "\n" }.joined()
        default:
            let objects = messages.enumerated().map { index, m in
                #"{"id": \#(index), "type": "message", "date": "\#(date(m))T\#(clock(m))", "from": "\#(m.sender)", "text": "\#(m.lines.joined(separator: "\\n"))"}"#
            }
            return "{\"name\": \"chat\", \"messages\": [\n" + objects.joined(separator: ",\n") + "\n]}\n"
        }
    }

    /// `messages` cut at random boundaries into 1 to 5 parts (some may be empty).
    static func parts(_ messages: [Message], _ random: inout SeededGenerator) -> [[Message]] {
        let cuts = ([0, messages.count] + (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...messages.count, using: &random) }).sorted()
        return zip(cuts, cuts.dropFirst()).map { Array(messages[$0..<$1]) }
    }

    static func merged(_ partials: [String], partial: Bool = false, byFile: Bool = false) -> CLIResult {
        runCLI(["stats", "--merge", partial ? "--partial" : "--json"] + (byFile ? ["--by-file"] : []), stdin: Array(partials.joined().utf8))
    }

    @Test(arguments: ["prefixed", "qq", "wechat", "whatsapp", "telegram"])
    func mergingPartialsOfPartsIsOneRun(format: String) {
        var random = SeededGenerator(seed: UInt64(format.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF))
        for round in 0..<6 {
            let messages = Self.messages(&random, count: Int.random(in: 0...40, using: &random))
            let parts = Self.parts(messages, &random)
            var files: [String: [UInt8]] = ["whole": Array(Self.log(messages, format).utf8)]
            for (index, part) in parts.enumerated() { files["part\(index)"] = Array(Self.log(part, format).utf8) }
            let names = parts.indices.map { "part\($0)" }
            for by in [["--by", "sender"], ["--by", "day"], ["--by", "week"], ["--by", "month"], ["--by", "hour"], ["--by", "weekday"],
                       ["--by", "sender,month"], []] {
                let whole = runCLI(["stats", "--format", format] + by + ["--json", "whole"], files: files)
                #expect(whole.status == .success, "\(whole.stderr)")
                let partials = names.map { runCLI(["stats", "--format", format] + by + ["--partial", $0], files: files).text }
                let oneStep = Self.merged(partials)
                #expect(oneStep.status == .success, "\(oneStep.stderr)")
                #expect(oneStep.text == whole.text, "\(format) round \(round) \(by): merged in one step")
                // Stacked: the partials merged in twos, then those merged.
                let pairs = stride(from: 0, to: partials.count, by: 2).map { Self.merged(Array(partials[$0..<min($0 + 2, partials.count)]), partial: true).text }
                #expect(Self.merged(pairs).text == whole.text, "\(format) round \(round) \(by): stacked")
            }
            // --by-file: each file's partial, merged (with --by-file, to show the files), is one run over them all.
            let byFile = runCLI(["stats", "--format", format, "--by-file", "--json"] + names, files: files)
            let filePartials = names.map { runCLI(["stats", "--format", format, "--by-file", "--partial", $0], files: files).text }
            #expect(Self.merged(filePartials, byFile: true).text == byFile.text, "\(format) round \(round) --by-file")
            let filePairs = stride(from: 0, to: filePartials.count, by: 2).map {
                Self.merged(Array(filePartials[$0..<min($0 + 2, filePartials.count)]), partial: true).text
            }
            #expect(Self.merged(filePairs, byFile: true).text == byFile.text, "\(format) round \(round) --by-file, stacked")
        }
    }

    /// A partial whose groups do not add up to its counts, or that repeats a group, is refused naming its line.
    @Test(arguments: [
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":2,"counts":{"[心]":2},"by":["sender"],"groups":[{"sender":"a","counts":{"[心]":1}}]}"#,
         #"the groups' counts of "[心]" add up to 1, not the 2 of "counts""#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":2,"counts":{"[心]":2},"by":["sender"],"groups":[{"sender":"a","counts":{"[心]":1}},{"sender":"a","counts":{"[心]":1}}]}"#,
         #"the group "a" is listed twice"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":0,"counts":{},"by":["sender","sender"],"groups":[]}"#, #""by" names "sender" twice"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":0,"counts":{},"by":["day"],"groups":[{"day":"yesterday","counts":{}}]}"#,
         #""yesterday" is no day that 'facetext stats --by' writes"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":0,"counts":{},"by":["weekday"],"groups":[{"weekday":"Funday","counts":{}}]}"#,
         #""Funday" is no weekday"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":0,"counts":{},"by":["hour"],"groups":[{"hour":"24","counts":{}}]}"#, #""24" is no hour"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"C","faces":0,"counts":{},"groups":[]}"#, #""groups" without "by""#),
    ])
    func aPartialThatDoesNotAddUpIsRefused(json: String, problem: String) {
        let catalog = runCLI(["stats", "--partial"], stdin: []).text.components(separatedBy: #""catalog":""#)[1].prefix(16)
        let result = runCLI(["stats", "--merge"], stdin: Array((json.replacingOccurrences(of: #""C""#, with: "\"\(catalog)\"") + "\n").utf8))
        #expect(result.status == .failure)
        #expect(result.stderr.contains("standard input line 1: ") && result.stderr.contains(problem), "\(result.stderr)")
    }

    /// A plain partial among grouped ones (or by file among by sender) is refused: its faces would vanish from the groups.
    @Test func partialsGroupedOtherwiseAreRefused() {
        let log = Array("2024-05-13 20:02 小红: [哈哈]\n".utf8)
        let plain = runCLI(["stats", "--format", "prefixed", "--partial"], stdin: log).text
        let bySender = runCLI(["stats", "--format", "prefixed", "--by", "sender", "--partial"], stdin: log).text
        let byFile = runCLI(["stats", "--format", "prefixed", "--by-file", "--partial"], stdin: log).text
        let empty = runCLI(["stats", "--format", "prefixed", "--by", "sender", "--partial"], stdin: []).text
        for (first, second) in [(plain, bySender), (bySender, plain), (byFile, bySender), (bySender, byFile), (empty, plain)] {
            let result = Self.merged([first, second])
            #expect(result.status == .failure && result.stderr.contains("line 2: partial result is"), "\(result.stderr)")
        }
        #expect(Self.merged([empty, bySender]).status == .success)
    }
}
