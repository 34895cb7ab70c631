import Testing
@testable import FaceText

@Suite struct PinyinTests {
    @Test(arguments: [
        ("笑", ["xiao"]), ("[笑cry]", ["xiao", "cry"]), ("绿", ["lv"]), ("哈哈", ["ha", "ha"]),
        ("旗: 中国", ["qi", "zhong", "guo"]), ("OK手势", ["ok", "shou", "shi"]), ("按键10", ["an", "jian", "10"]),
        ("3D眼镜", ["3", "d", "yan", "jing"]), ("😂", []), ("", []),
    ])
    func spelling(text: String, pieces: [String]) {
        #expect(FaceSearch.Pinyin.spelling(of: text) == pieces)
    }

    static func match(_ typed: String, _ text: String) -> PinyinMatch? {
        var spellings = PinyinSpellings()
        var text = text
        text.withUTF8 { spellings.append($0) }
        return spellings.withSpelling(0) { $0.flatMap { PinyinMatch.best(Array(typed.utf8), in: $0) } }
    }

    @Test(arguments: [
        ("haha", "哈哈", PinyinMatch.complete), ("xiaokule", "笑哭了", .complete), ("xiaoku", "笑哭了", .spelled),
        ("x", "笑哭了", .firstSyllablePart), ("xia", "笑哭了", .firstSyllablePart), ("xiaok", "笑哭了", .spelled), ("xkl", "笑哭了", .initials), ("hh", "哈哈", .initials), ("xiaokl", "笑哭了", .abbreviated),
        ("xku", "笑哭了", .abbreviated), ("ku", "笑哭了", .inside), ("kl", "笑哭了", .inside), ("lu", "绿", .complete),
        ("xiaocry", "[笑cry]", .complete), ("xc", "[笑cry]", .initials), ("xk", "笑哭了", .abbreviated),
    ])
    func matches(typed: String, text: String, expected: PinyinMatch) {
        #expect(Self.match(typed, text) == expected)
    }

    @Test(arguments: [("hx", "哈哈"), ("xiaokulea", "笑哭了"), ("kux", "笑哭了"), ("a", "哈哈"), ("ha", "cry"), ("", "哈哈")])
    func doesNotMatch(typed: String, text: String) {
        #expect(Self.match(typed, text) == nil)
    }

    @Test func typedPinyinDropsTonesAndTakesUmlautAsV() {
        #expect(SearchWord("xiǎokū").pinyin == Array("xiaoku".utf8))
        #expect(SearchWord("xiao4ku1").pinyin == Array("xiaoku".utf8))
        #expect(SearchWord("lǜ").pinyin == Array("lv".utf8))
        #expect(SearchWord("Xi'an").pinyin == Array("xian".utf8))
        #expect(SearchWord("笑").pinyin == nil)
        #expect(SearchWord("a-b").pinyin == nil)
    }

    /// A long typed string against a long spelling ends quickly (the matcher keeps a table, not every path).
    @Test func longInputsAreBounded() {
        let text = String(repeating: "哈", count: 60)
        #expect(Self.match(String(repeating: "h", count: 60), text) == .initials)
        #expect(Self.match(String(repeating: "ha", count: 40), text) == nil)
        #expect(Self.match(String(repeating: "a", count: 1_000), text) == nil)
    }
}
