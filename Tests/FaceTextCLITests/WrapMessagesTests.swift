import Testing
@testable import FaceTextCLI

/// `wrap --bubble --format`: a message of several lines in one bubble, its sender and time on
/// its first row, the sender given to --me on the right.
@Suite struct WrapMessagesTests {
    static let qq = """
        2020-05-01 20:02:03 小红(10001)
        今天好开心[哈哈]
        第二行

        2020-05-01 8:03:10 我<me@example.com>
        [心]


        """

    @Test func aBubblePerMessageWithItsHeaderRow() {
        let result = runCLI(["wrap", "--bubble", "--format", "qq", "--me", "我", "-w", "40"], input: Self.qq)
        let rows = result.text.split(separator: "\n")
        #expect(rows.filter { $0.contains("╭") }.count == 2)
        #expect(rows[1] == "│ 小红 · 2020-05-01 20:02 │")
        #expect(rows[2] == "│ 今天好开心[哈哈]        │")
        #expect(rows[3] == "│ 第二行                  │")
        #expect(rows[4].hasPrefix("╰"))
        // Mine stands on the right; the blank lines that end a message are no rows.
        #expect(rows[5].hasPrefix(" ") && rows[6].hasSuffix("│ 我 · 2020-05-01 08:03 │"))
        #expect(rows[7].hasSuffix("│ [心]                  │"))
        #expect(rows.count == 9)
    }

    @Test func prefixedLogsAndJSON() {
        let log = "2024-05-01 20:02 小红: 好[哈哈]\n  接着说\n2024-05-01 20:03 小明: [心]\n"
        let json = runCLI(["wrap", "--json", "--format", "prefixed", "--me", "小明", "-w", "30"], input: log).text
        let lines = json.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""lines":["小红 · 2024-05-01 20:02","好[哈哈]","  接着说"]"#))
        #expect(lines[0].contains(#""side":"left""#) && lines[1].contains(#""side":"right""#))
    }

    @Test func aSenderWhoseNameStartsLikeMineIsNotMe() {
        let log = "2024-05-01 20:02 小明明: a\n2024-05-01 20:03 小明: b\n"
        let json = runCLI(["wrap", "--json", "--format", "prefixed", "--me", "小明", "-w", "30"], input: log).text
        #expect(json.split(separator: "\n").map { $0.contains(#""side":"right""#) } == [false, true])
    }
}
