import Testing
@testable import FaceText
@testable import FaceTextCLI

/// `stats --chart`: bars a person reads at a glance, fitted to the terminal.
@Suite struct StatsChartTests {
    static let log = """
        2024-05-01 20:02 小红: 好[哈哈][哈哈][哈哈][哈哈]
        2024-05-01 20:03 小明: [心][心]
        2024-06-02 09:00 小红: [哈哈][心]
        2024-08-02 09:00 小红: [心]👍

        """

    /// The blocks of a line, in eighths of a cell.
    static func eighths(_ line: Substring) -> Int {
        line.reduce(0) { total, character in
            if character == "█" { return total + 8 }
            if let index = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"].firstIndex(of: String(character)) { return total + index + 1 }
            return total
        }
    }

    @Test(arguments: [24, 40, 80, 200])
    func barsFitTheWidthAndScaleWithTheCounts(width: Int) {
        let result = runCLI(["stats", "--chart"], stdin: Array(Self.log.utf8), terminalWidth: width)
        let lines = result.text.split(separator: "\n")
        #expect(lines.last == "10 faces")
        let bars = lines.dropLast()
        #expect(bars.count == 3)
        #expect(bars.allSatisfy { DisplayWidth.columns(of: String($0)) <= max(width, 20) || width < 30 })
        // [哈哈] 5, [心] 4, 👍 1: each bar to the longest as its count to the most.
        let lengths = bars.map(Self.eighths)
        #expect(bars[0].hasPrefix("[哈哈] 😃") && bars[0].hasSuffix(" 5"))
        for (length, count) in zip(lengths, [5, 4, 1]) {
            #expect(abs(length * 5 - lengths[0] * count) <= 5 * 1 + count, "\(lengths)")
        }
        #expect(!result.text.contains("\u{1B}["))
    }

    /// Every row fits the terminal, whatever the senders are called: long, wide, with controls.
    @Test(arguments: [8, 12, 20, 40, 80])
    func everyRowFitsTheWidth(width: Int) {
        let names = [String(repeating: "N", count: 48), String(repeating: "长", count: 30), "a\u{1B}]0;x\u{07}b", "👨‍👩‍👧\u{202E}x", "b"]
        let log = names.enumerated().map { "2024-05-0\($0.offset + 1) 20:02 \($0.element): [哈哈][心]\n" }.joined()
        for by in ["sender", "sender,day"] {
            let result = runCLI(["stats", "--format", "prefixed", "--by", by, "--chart"], stdin: Array(log.utf8), terminalWidth: width)
            #expect(result.status == .success)
            for row in result.text.split(separator: "\n") {
                #expect(DisplayWidth.columns(of: String(row)) <= width, "\(width): \(row)")
                #expect(!row.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(row.debugDescription)")
            }
        }
    }

    @Test func aBarPerGroupInTheGroupsOrder() {
        let result = runCLI(["stats", "--format", "prefixed", "--by", "month", "--chart"], stdin: Array(Self.log.utf8), terminalWidth: 60)
        let labels = result.text.split(separator: "\n").dropLast().map { $0.split(separator: " ")[0] }
        #expect(labels == ["2024-05", "2024-06", "2024-08"])
        #expect(result.text.split(separator: "\n")[0].hasSuffix(" 6"))
    }

    @Test func colourOnATerminalUnlessNoColor() {
        let coloured = runCLI(["stats", "--chart"], stdin: Array(Self.log.utf8), terminalWidth: 60, isTerminal: true)
        #expect(coloured.text.contains("\u{1B}[36m█"))
        let plain = runCLI(["stats", "--chart"], stdin: Array(Self.log.utf8), environment: ["NO_COLOR": "1"], terminalWidth: 60, isTerminal: true)
        #expect(!plain.text.contains("\u{1B}["))
    }

    @Test func chartGoesWithAReportNotAnotherOutput() {
        let result = runCLI(["stats", "--chart", "--json"], input: "[心]")
        #expect(result.status == .usage)
    }
}
