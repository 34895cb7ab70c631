import Testing
import TestSupport
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

    /// Emoji right after a face are written without the per-token path (tag
    /// or own bytes, copied 32 bytes at a time): tags and emoji longer than
    /// that, and runs that end near the end of the input, must come out the
    /// same as token by token.
    @Test func runsOfEmojiAreTaggedAsTheirTokensSay() {
        let long = "[" + String(repeating: "长", count: 12) + "]"          // 38 bytes
        let catalog = FaceCatalog(faces: [
            Face(tag: "[a]", emoji: "😀"), Face(tag: "[心]", emoji: "❤️"), Face(tag: long, emoji: "👨‍👩‍👧‍👦"),
            Face(tag: "[" + String(repeating: "x", count: 30) + "]", emoji: "🇨🇳"), Face(tag: "[k]", emoji: "1️⃣"),
        ])
        let tagger = FaceTagger(catalog: catalog)
        let scanner = FaceScanner(catalog: catalog, recognizing: [.emoji, .images])
        let pieces = ["😀", "❤️", "❤", "©", "👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "🇨🇳", "🇺🇸", "1️⃣", "2️⃣", "🙂", "👍🏽", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"]
        var generator = SeededGenerator(seed: 7)
        for length in 1..<120 {
            let input = Array((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            var expected: [UInt8] = []
            for token in scanner.tokens(in: input) {
                expected += token.kind != .text && token.face != nil ? Array(catalog.faces[token.face!].tag.utf8) : Array(input[token.range])
            }
            #expect(tagger.tag(input) == expected, "\(length)")
            for chunkSize in [1, 7, 64] {
                #expect(tagger.makeStream().output(of: input, inChunksOf: chunkSize) == expected, "\(length) in chunks of \(chunkSize)")
            }
        }
    }
}
