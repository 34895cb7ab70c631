import Testing
@testable import FaceTextCLI

/// Whatever a chat export or a catalog holds, what facetext draws for a
/// terminal (tables, charts, bubbles, grids, lists, errors) holds no byte
/// that drives one: no C0 control but tab and line feed, no DEL, no C1, no
/// escape, and no bidirectional override or isolate.
@Suite struct TerminalSafetyTests {
    static let hostile = ["\u{1B}]52;c;aGk=\u{07}", "\u{1B}]0;title\u{1B}\\", "\u{1B}[2J", "\u{9B}2J", "\u{202E}rtl", "\u{2067}iso", "\u{7F}", "a\rb",
                          "\u{8}\u{8}", "\u{0}"]

    /// The first scalar of `text` that drives a terminal, if any.
    static func driving(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            return value < 0x20 && value != 0x0A && value != 0x09 || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    static func logs(_ piece: String) -> [(format: String, log: String)] {
        let json = piece.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x5C || $0.value == 0x22
            ? "\\u" + String(repeating: "0", count: 4 - String($0.value, radix: 16).count) + String($0.value, radix: 16) : String($0) }.joined()
        return [
            ("qq", "2020-05-01 20:02:03 x\(piece)y(10001)\nhi \(piece) [哈哈]\n\n2020-05-01 20:03:03 b\nok\n\n"),
            ("wechat", "2020-05-01 20:02:03 x\(piece)y\nhi \(piece) [哈哈]\n\n2020-05-01 20:03:03 b\nok\n\n"),
            ("prefixed", "2024-05-01 20:02 x\(piece)y: hi \(piece) [哈哈]\n2024-05-01 20:03 b: ok \(piece)\n"),
            ("telegram", #"{"messages": [{"date": "2024-05-01T20:02:03", "from": "x\#(json)y", "text": "hi \#(json) [哈哈]"},"#
                + #"{"date": "2024-05-01T20:03:03", "from": "b", "text": "ok"}]}"#),
        ]
    }

    @Test(arguments: hostile)
    func chatLogsDrawNothingThatDrivesATerminal(piece: String) {
        for (format, log) in Self.logs(piece) {
            for arguments in [["stats", "--by", "sender"], ["stats", "--by", "sender", "--chart"], ["stats", "--by", "sender,day"],
                              ["wrap", "--bubble", "-w", "40"], ["wrap", "--bubble", "--render", "-w", "12"], ["stats", "--by", "sender", "--max-groups", "1"]] {
                let result = runCLI(arguments + ["--format", format], stdin: Array(log.utf8), terminalWidth: 40)
                let shown = result.text + result.stderr
                #expect(Self.driving(shown) == nil, "\(format) \(arguments) with \(piece.debugDescription): \(shown.debugDescription)")
            }
        }
    }

    @Test(arguments: hostile)
    func catalogsDrawNothingThatDrivesATerminal(piece: String) {
        let json = piece.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x5C || $0.value == 0x22
            ? "\\u" + String(repeating: "0", count: 4 - String($0.value, radix: 16).count) + String($0.value, radix: 16) : String($0) }.joined()
        let catalog = Array(#"[{"chs":"[a\#(json)]","emoji":"😀\#(json)"},{"chs":"[心]","emoji":"❤️","keywords":["\#(json)"]}]"#.utf8)
        let files = ["c.json": catalog]
        for arguments in [["catalog", "list"], ["catalog", "show", "[心]"], ["grid"], ["search", "heart"], ["stats"], ["stats", "--chart"], ["render"]] {
            let result = runCLI(["--catalog", "c.json"] + arguments, stdin: Array("[心]😀".utf8), files: files, terminalWidth: 40)
            guard arguments != ["render"] else { continue }     // a filter: its bytes are the input's
            #expect(Self.driving(result.text + result.stderr) == nil, "\(arguments) with \(piece.debugDescription): \((result.text + result.stderr).debugDescription)")
        }
    }
}
