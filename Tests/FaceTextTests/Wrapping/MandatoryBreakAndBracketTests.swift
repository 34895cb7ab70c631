import Testing
@testable import FaceText

/// Two things a chat log holds that wrapping must respect: line breaks other
/// than a line feed (compose sends a message's line breaks as U+2028), and
/// bracketed faces of another app, which are never cut.
@Suite struct MandatoryBreakAndBracketTests {
    static let breaks = ["\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}"]

    static func plain(_ text: String, width: Int, breaking: TextWrapper.Breaking = .line) -> String {
        var stream = TextWrapper.Stream(wrapper: TextWrapper(width: width, catalog: .default, breaking: breaking))
        let out = StreamOutput()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { stream.feed($0, into: out) }
        stream.finish(into: out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: breaks)
    func aMandatoryBreakEndsTheLine(mark: String) {
        for breaking in TextWrapper.Breaking.allCases {
            let wrapper = TextWrapper(width: 40, catalog: .default, breaking: breaking)
            #expect(wrapper.lines(of: "第一行[哈哈]\(mark)second line").map(\.text) == ["第一行[哈哈]", "second line"])
            #expect(wrapper.lines(of: "第一行[哈哈]\(mark)second line").map(\.width) == [12, 11])
            // As a line feed would: a break at the end leaves an empty line, two make one between.
            #expect(wrapper.lines(of: "a\(mark)").map(\.text) == wrapper.lines(of: "a\n").map(\.text))
            #expect(wrapper.lines(of: "a\(mark)\(mark)b").map(\.text) == ["a", "", "b"])
            #expect(wrapper.lines(of: "a\(mark)\nb").map(\.text) == ["a", "", "b"])
            // The plain output keeps every byte: a line feed follows the break unless a line ending does.
            #expect(Self.plain("ab\(mark)cd", width: 40, breaking: breaking) == "ab\(mark)\ncd")
            #expect(Self.plain("ab\(mark)\ncd\n", width: 40, breaking: breaking) == "ab\(mark)\ncd\n")
            #expect(Self.plain("ab\(mark)\r\ncd", width: 40, breaking: breaking) == "ab\(mark)\r\ncd")
            #expect(Self.plain("ab\(mark)", width: 40, breaking: breaking) == "ab\(mark)")
            // Wrapping starts again after it: the width counts from the break.
            #expect(Self.plain("aaaa\(mark)bbbb cccc", width: 9, breaking: breaking) == "aaaa\(mark)\nbbbb cccc")
            // Wrapping the output again changes nothing.
            let once = Self.plain("今天好开心\(mark)我们去公园玩吧，好不好\(mark)\(mark)ok", width: 8, breaking: breaking)
            #expect(Self.plain(once, width: 8, breaking: breaking) == once)
        }
    }

    /// A lone CR is no line break to the wrapper (terminals take it back to the line's start).
    @Test func aLoneCarriageReturnIsNoBreak() {
        #expect(TextWrapper(width: 40).lines(of: "a\rb").map(\.text) == ["a\rb"])
    }

    /// compose sends a message's line breaks as U+2028; its bubble is the same either way.
    @Test func aBubbleBreaksAtLineSeparatorsAsAtLineFeeds() {
        let bubble = ChatBubble(pageWidth: 40)
        let typed = "第一行[哈哈]\nsecond line, longer than the bubble is wide\n\n三"
        #expect(bubble.rows(of: Composer.line(of: typed), right: true) == bubble.rows(of: typed, right: true))
    }

    @Test(arguments: TextWrapper.Breaking.allCases)
    func aBracketedTagOutsideTheCatalogIsNeverCut(breaking: TextWrapper.Breaking) {
        let cases: [(String, Int, [String])] = [
            ("辛苦啦[抱抱抱] 晚上见", 8, ["辛苦啦", "[抱抱抱]", " 晚上见"]),
            ("辛苦啦【图片】晚上见", 10, ["辛苦啦", "【图片】晚", "上见"]),
            ("ab[不是表情的表情]cd", 6, ["ab", "[不是表情的表情]", "cd"]),
            ("[x]", 1, ["[x]"]),
        ]
        for (text, width, lines) in cases {
            #expect(TextWrapper(width: width, catalog: .default, breaking: breaking).lines(of: text).map(\.text) == lines,
                    "\(text) at \(width)")
        }
    }

    /// Brackets that make no tag (empty, 17 characters, a bracket or a line break inside, unclosed) are text.
    @Test func bracketsThatMakeNoTagAreText() {
        let wrapper = TextWrapper(width: 4, catalog: .default, breaking: .character)
        #expect(wrapper.lines(of: "[]ab").map(\.text) == ["[]ab"])
        #expect(wrapper.lines(of: "[" + String(repeating: "a", count: 17) + "]").first?.text == "[aaa")
        #expect(wrapper.lines(of: "[" + String(repeating: "a", count: 16) + "]").first?.text == "[" + String(repeating: "a", count: 16) + "]")
        #expect(wrapper.lines(of: "[ab[cd]").map(\.text) == ["[ab", "[cd]"])
        #expect(wrapper.lines(of: "[ab\u{2028}cd]").map(\.text) == ["[ab", "cd]"])
        #expect(wrapper.lines(of: "【abc]").map(\.text) == ["【ab", "c]"])
    }
}
