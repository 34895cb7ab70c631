import Testing
import TestSupport
@testable import FaceTextCLI

/// `page` and `wrap --bubble` draw exactly the messages of a log, text for
/// text, in every message format (Telegram's with texts of several lines and
/// empty lines inside): random logs from ``MergePropertyTests``' writer, whose
/// messages are known.
@Suite struct DrawnMessagesTests {
    /// A message's lines as a page shows them: faces as emoji, joined by line feeds.
    static func shown(_ lines: [String]) -> String {
        lines.map { String(decoding: runCLI(["render"], input: $0).stdout, as: UTF8.self) }.joined(separator: "\n")
    }

    /// A message's lines as the log holds them (prefixed's later lines are indented).
    static func written(_ lines: [String], _ format: String) -> [String] {
        format == "prefixed" ? Array(lines.prefix(1)) + lines.dropFirst().map { "  " + $0 } : lines
    }

    @Test(arguments: ["prefixed", "qq", "wechat", "whatsapp", "telegram"])
    func pageAndBubblesDrawEveryMessage(format: String) {
        var random = SeededGenerator(seed: UInt64(format.utf8.count * 7919))
        for round in 0..<8 {
            var messages = MergePropertyTests.messages(&random, count: Int.random(in: 1...25, using: &random))
            if format == "telegram" {
                // Empty lines inside a text, which the line formats cannot tell from a message's end.
                for index in messages.indices where messages[index].lines.count > 1 && Bool.random(using: &random) { messages[index].lines.insert("", at: 1) }
            }
            let log = Array(MergePropertyTests.log(messages, format).utf8)
            for secondThread in [false, true] {
                let page = runCLI(["page", "--format", format], stdin: log, secondThread: secondThread)
                #expect(page.status == .success, "\(page.stderr)")
                let drawn = PageCommandTests.messages(page.text).map(\.text)
                #expect(drawn == messages.map { Self.shown(Self.written($0.lines, format)) }, "\(format) round \(round): page")
            }
            // wrap --bubble: a bubble a message, its first row the sender and time, then its lines.
            let bubbles = runCLI(["wrap", "--bubble", "--format", format, "-w", "200"], stdin: log).text
                .components(separatedBy: "╭").dropFirst().map { bubble in
                    bubble.split(separator: "\n").dropFirst().dropLast().map { row in
                        String(row.dropFirst(2).dropLast(2)).replacingOccurrences(of: #" +$"#, with: "", options: .regularExpression)
                    }
                }
            #expect(bubbles.count == messages.count, "\(format) round \(round): bubbles")
            for (bubble, message) in zip(bubbles, messages) {
                #expect(bubble.first?.hasPrefix(message.sender + " · ") == true, "\(format) round \(round): \(bubble)")
                #expect(Array(bubble.dropFirst()) == Self.written(message.lines, format).map { $0.replacingOccurrences(of: #" +$"#, with: "", options: .regularExpression) },
                        "\(format) round \(round)")
            }
        }
    }
}
