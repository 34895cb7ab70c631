import Testing
@testable import FaceTextCLI

/// A sender may be named as the groups that are no sender read: `-` (the
/// lines before the first header, a message without sender) and `(others)`
/// (the groups past `--max-groups`). In every format and every report such a
/// sender is a group of its own, and a partial result keeps them apart through
/// a merge.
@Suite struct StatsReservedNamesTests {
    /// Messages of `-` (one face), `(others)` (two), Bob (three) and Ann (four), in `format`;
    /// the line formats begin with a line before any header (five faces).
    static func log(_ format: String) -> String {
        let messages = [("-", "[心]"), ("(others)", "[心][心]"), ("Bob", "[哈哈][哈哈][哈哈]"), ("Ann", "😀😀😀😀")]
        switch format {
        case "prefixed":
            return "[偷笑][偷笑][偷笑][偷笑][偷笑]\n" + messages.map { "2024-05-13 20:00 \($0): \($1)\n" }.joined()
        case "qq":
            return "[偷笑][偷笑][偷笑][偷笑][偷笑]\n\n" + messages.enumerated().map { "2024-05-13 20:00:0\($0) \($1.0)(1000\($0))\n\($1.1)\n\n" }.joined()
        case "wechat":
            return "[偷笑][偷笑][偷笑][偷笑][偷笑]\n\n" + messages.map { "2024-05-13 20:00:00 \($0)\n\($1)\n\n" }.joined()
        case "whatsapp":
            return "[偷笑][偷笑][偷笑][偷笑][偷笑]\n" + messages.map { "[13/05/2024, 20:00:00] \($0): \($1)\n" }.joined()
        default:
            let objects = messages.enumerated().map { #"{"id":\#($0),"type":"message","date":"2024-05-13T20:00:00","from":"\#($1.0)","text":"\#($1.1)"}"# }
            return #"{"name":"c","messages":[{"id":9,"type":"message","date":"2024-05-13T20:00:00","text":"[偷笑][偷笑][偷笑][偷笑][偷笑]"},"#
                + objects.joined(separator: ",") + "]}\n"
        }
    }

    static let formats = ["prefixed", "qq", "wechat", "whatsapp", "telegram"]

    @Test(arguments: formats)
    func aSenderNamedAsNoSenderIsAGroupOfItsOwn(format: String) {
        let result = runCLI(["stats", "--format", format, "--by", "sender", "--json"], input: Self.log(format))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.text == """
            {"sender":"Ann","rank":1,"count":4,"share":100.0,"tag":"[嘿嘿]","emoji":"😀"}
            {"sender":"Bob","rank":1,"count":3,"share":100.0,"tag":"[哈哈]","emoji":"😃"}
            {"sender":"(others)","rank":1,"count":2,"share":100.0,"tag":"[心]","emoji":"❤️"}
            {"sender":"-","rank":1,"count":1,"share":100.0,"tag":"[心]","emoji":"❤️"}
            {"sender":null,"rank":1,"count":5,"share":100.0,"tag":"[偷笑]","emoji":"🤭"}

            """)
    }

    /// Past `--max-groups 2`, the groups met later count as the others' group, apart from a sender named `(others)`.
    @Test(arguments: formats)
    func theOthersGroupIsNotASenderNamedSo(format: String) {
        let arguments = ["stats", "--format", format, "--by", "sender", "--max-groups", "2"]
        let json = runCLI(arguments + ["--json"], input: Self.log(format))
        #expect(json.text.contains(#"{"sender":"(others)","rank":1,"count":2,"#))
        #expect(json.text.contains(#"{"sender":"-","rank":1,"count":1,"#))
        #expect(json.text.contains(#"{"others":true,"sender":null,"rank":1,"count":4,"#), "\(json.text)")
        #expect(json.text.contains(#"{"others":true,"sender":null,"rank":2,"count":3,"#), "\(json.text)")
        let tsv = runCLI(arguments + ["--tsv"], input: Self.log(format)).text.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
        #expect(tsv == ["sender", "\\(others)", "\\-", "-", "(others)", "(others)"])
        let table = runCLI(arguments, input: Self.log(format)).text.split(separator: "\n").filter { $0.hasPrefix("sender: ") }
        #expect(table == ["sender: \\(others)", "sender: \\-", "sender: -", "sender: (others)"])
        // A partial keeps the four apart, and merged twice doubles each.
        let partial = runCLI(arguments + ["--partial"], input: Self.log(format))
        #expect(partial.text.contains(#"{"others":true,"sender":null,"counts":{"#))
        let merged = runCLI(["stats", "--merge", "--json"], stdin: Array((partial.text + partial.text).utf8))
        #expect(merged.status == .success, "\(merged.stderr)")
        #expect(merged.text == Self.doublingCounts(json.text))
    }

    /// `text` with each `"count":N` as `"count":2N`.
    static func doublingCounts(_ text: String) -> String {
        let pieces = text.components(separatedBy: #""count":"#)
        return pieces.dropFirst().reduce(pieces[0]) { result, piece in
            let digits = piece.prefix { $0.isNumber }
            return result + #""count":"# + String(Int(digits)! * 2) + piece.dropFirst(digits.count)
        }
    }

    @Test(arguments: [
        (#"{"others":false,"sender":null,"counts":{}}"#, #""others" of a group may only be true"#),
        (#"{"others":true,"sender":"Bob","counts":{}}"#, #"the others' group of "groups" has a "sender": its values are null"#),
        (#"{"sender":null,"day":null,"counts":{}}"#, ""),
        (#"{"sender":7,"counts":{}}"#, #"an entry of "groups" has no "sender" (a string, or null)"#),
        (#"{"day":"-","counts":{}}"#, #""-" is no day that 'facetext stats --by' writes"#),
    ])
    func aPartialSaysWhichGroupIsNoValueInOneWay(group: String, problem: String) {
        let by = group.contains("\"day\"") && !group.contains("sender") ? #"["day"]"# : group.contains("\"day\"") ? #"["sender","day"]"# : #"["sender"]"#
        let partial = #"{"format":"facetext-stats","version":1,"catalog":"ba09d11066a9b00d","faces":0,"counts":{},"by":"# + by + #","groups":["# + group + "]}\n"
        let result = runCLI(["stats", "--merge", "--json"], stdin: Array(partial.utf8))
        if problem.isEmpty {
            #expect(result.status == .success, "\(result.stderr)")
        } else {
            #expect(result.status == .failure)
            #expect(result.stderr.contains(problem), "\(result.stderr)")
        }
    }
}
