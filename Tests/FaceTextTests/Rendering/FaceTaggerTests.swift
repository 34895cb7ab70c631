import Testing
@testable import FaceText

@Suite struct FaceTaggerTests {
    let tagger = FaceTagger(catalog: .default)

    @Test(arguments: [
        ("今天\u{1F603}了\u{2764}\u{FE0F}", "今天[哈哈]了[心]"),
        ("\u{2764}", "[心]"),
        ("\u{1F44D}", "[赞]"),
        ("\u{1F680} stays", "\u{1F680} stays"),
        ("[哈哈] stays", "[哈哈] stays"),
        (#"<img src="faces/d_haha.png" alt="[哈哈]">"#, "[哈哈]"),
        (#"<img src="x/unknown.png" alt="[哈哈]">"#, "[哈哈]"),
        ("![哈哈](faces/d_haha.png)", "[哈哈]"),
        ("![😀](1f600.png)", "[嘿嘿]"),
        ("![cat](cat.png)", "![cat](cat.png)"),
    ])
    func emojiAndImageReferencesBecomeCanonicalTags(input: String, expected: String) {
        #expect(tagger.tag(input) == expected)
    }
}
