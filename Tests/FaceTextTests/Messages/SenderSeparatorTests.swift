import Testing
@testable import FaceText

/// A sender's name ends at `: `, at a full-width `：` (with or without a space
/// after it), or at `:` that ends the line, in every format and line shape that
/// writes `NAME: TEXT`: the sender is the name alone and the text starts after
/// the separator, whatever comes before the name.
@Suite struct SenderSeparatorTests {
    /// Line starts of each format that writes `NAME: TEXT`, with the time they give.
    static let shapes: [(format: ChatLog.Format, start: String, time: String?, dayFirst: Bool)] = [
        (.prefixed, "", nil, true),
        (.prefixed, "2024-05-01 20:02 ", "2024-05-01T20:02:00", true),
        (.prefixed, "2024-05-01 20:02:03 ", "2024-05-01T20:02:03", true),
        (.prefixed, "[2024-05-01 20:02:03] ", "2024-05-01T20:02:03", true),
        (.whatsapp, "12/31/20, 9:41 PM - ", "2020-12-31T21:41:00", false),
        (.whatsapp, "[31/12/2020, 21:41:05] ", "2020-12-31T21:41:05", true),
    ]

    /// Each separator and the text of `NAME{separator}hi [哈哈]` after it.
    static let separators: [(separator: String, text: String)] = [
        (": ", "hi [哈哈]"), ("：", "hi [哈哈]"), ("： ", "hi [哈哈]"), ("：  ", " hi [哈哈]"), (":  ", " hi [哈哈]"),
    ]

    @Test(arguments: 0..<6)
    func theNameEndsAtItsSeparatorAndTheTextAfterIt(shape: Int) {
        let (format, start, time, dayFirst) = Self.shapes[shape]
        for (separator, text) in Self.separators {
            for name in ["小红", "Bob Li", "a"] {
                let line = start + name + separator + "hi [哈哈]"
                let messages = MessageSplitterTests.messages("first line\n" + line + "\n", format, dayFirst: dayFirst)
                #expect(messages.count == 2, "\(format) \(line.debugDescription)")
                #expect(messages.last == .init(sender: name, time: time, text: text + "\n"), "\(format) \(line.debugDescription)")
            }
        }
    }

    /// `NAME:` at the end of a line, and `NAME：` there, are a message with no text on that line.
    @Test(arguments: 0..<6)
    func aSeparatorThatEndsTheLineLeavesNoText(shape: Int) {
        let (format, start, time, dayFirst) = Self.shapes[shape]
        for separator in [":", "：", "： "] {
            let line = start + "小红" + separator
            let messages = MessageSplitterTests.messages("first line\n" + line + "\n", format, dayFirst: dayFirst)
            #expect(messages.last == .init(sender: "小红", time: time, text: "\n"), "\(format) \(line.debugDescription)")
        }
    }

    /// A colon inside a word (a clock, an address) does not end a name.
    @Test(arguments: 0..<6)
    func aColonInsideAWordEndsNoName(shape: Int) {
        let (format, start, _, dayFirst) = Self.shapes[shape]
        for text in ["http://example.com x", "at 10:30 ok"] {
            let messages = MessageSplitterTests.messages("2024-05-01 20:00 小红: first\n" + start + text + "\n", format, dayFirst: dayFirst)
            #expect(messages.last?.sender != "http" && messages.last?.sender != "at 10", "\(format) \(text)")
        }
    }
}
