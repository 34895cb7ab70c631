import Testing
@testable import FaceText

/// Unknown bracketed tags: `[…]` or `【…】`, 1 to 16 characters, no bracket of
/// either kind or line break inside, closed by the bracket of the same kind.
@Suite struct UnknownTagMatcherTests {
    static let cases: [(text: String, isFinal: Bool, expected: UnknownTagMatcher.Match)] = [
        ("[图片]", true, .tag(length: 8)),
        ("【图片】", true, .tag(length: 12)),
        ("【图片】后面", true, .tag(length: 12)),
        ("【a】", true, .tag(length: 7)),
        ("【一二三四五六七八九十一二三四五六】", true, .tag(length: 54)),
        ("【一二三四五六七八九十一二三四五六七】", true, .none),
        ("[一二三四五六七八九十一二三四五六]", true, .tag(length: 50)),
        ("【】", true, .none),
        ("[]", true, .none),
        ("【a]", true, .none),
        ("[a】", true, .none),
        ("【a【b】", true, .none),
        ("【a[b】", true, .none),
        ("[a【b]", true, .none),
        ("【a\nb】", true, .none),
        ("【a\rb】", true, .none),
        ("【图片", true, .none),
        ("【图片", false, .needMore),
        ("【", false, .needMore),
        ("〔图片〕", true, .none),        // other brackets are text
        ("「图片」", true, .none),
    ]

    @Test(arguments: cases.indices)
    func matches(index: Int) {
        let (text, isFinal, expected) = Self.cases[index]
        let match = Array(text.utf8).withUnsafeBufferPointer { UnknownTagMatcher.match(in: $0, at: 0, isFinal: isFinal) }
        #expect(match == expected, "\(text.debugDescription)")
    }

    @Test func aFullWidthOpeningCutByTheBufferEndAsksForMore() {
        let bytes: [UInt8] = [0xE3, 0x80]
        #expect(bytes.withUnsafeBufferPointer { UnknownTagMatcher.match(in: $0, at: 0, isFinal: false) } == .needMore)
        #expect(bytes.withUnsafeBufferPointer { UnknownTagMatcher.match(in: $0, at: 0, isFinal: true) } == .none)
    }

    @Test func invalidUTF8InsideIsNoTag() {
        let bytes = Array("【图".utf8) + [0xFF] + Array("】".utf8)
        #expect(bytes.withUnsafeBufferPointer { UnknownTagMatcher.match(in: $0, at: 0, isFinal: true) } == .none)
    }

    @Test func scannersFindFullWidthTagsInRunningText() {
        let scanner = FaceScanner(catalog: .default, recognizing: [.tags, .emoji, .unknownTags])
        let tokens = scanner.tokens(in: "好【图片】了[哈哈]【动画表情】。")
        #expect(tokens.filter { $0.kind == .unknown }.map(\.range) == [3..<15, 26..<44])
        #expect(tokens.filter { $0.kind == .tag }.count == 1)
    }
}
