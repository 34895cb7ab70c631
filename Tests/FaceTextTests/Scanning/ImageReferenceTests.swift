import Testing
@testable import FaceText

/// The image references `tag` turns back into tags: which spellings of HTML
/// and Markdown references are recognised, and how the face is found from the
/// alt text or the file name.
@Suite struct ImageReferenceTests {
    let tagger = FaceTagger(catalog: .default)

    @Test(arguments: [
        // HTML: "<img" in any case, attributes in any order, either quote, a closing slash.
        (#"<img src="faces/d_haha.png" alt="[哈哈]">"#, "[哈哈]"),
        (#"<IMG src="d_haha.png">"#, "[哈哈]"),
        (#"<img alt='[哈哈]'>"#, "[哈哈]"),
        (#"<img alt="[哈哈]" src="x.png" />"#, "[哈哈]"),
        (#"<img  class="face"   alt="[赞]">"#, "[赞]"),
        (#"<img hidden alt="[赞]">"#, "[赞]"),
        // Attribute names are matched as written: SRC is not src.
        (#"<img SRC="d_haha.png">"#, #"<img SRC="d_haha.png">"#),
        // The alt text: a tag, or an emoji (with or without U+FE0F); character references undone.
        (#"<img src="a.png" alt="😀">"#, "[嘿嘿]"),
        (#"<img alt="❤️">"#, "[心]"),
        (#"<img alt="&lt;3" src="d_haha.png">"#, "[哈哈]"),
        (#"<img alt="[哈哈]&amp;">"#, #"<img alt="[哈哈]&amp;">"#),
        // The file name: whole, without leading folders, or a twemoji code name.
        (#"<img src="https://example.com/faces/d_haha.png" alt="x">"#, "[哈哈]"),
        (#"<img src="1f600.png">"#, "[嘿嘿]"),
        (#"<img src="1F600.png">"#, "[嘿嘿]"),
        (#"<img src="2764-fe0f.png">"#, "[心]"),
        (#"<img src="2764.svg">"#, "[心]"),
        (#"<img src="d800.png">"#, #"<img src="d800.png">"#),
        (#"<img src="1f600x.png">"#, #"<img src="1f600x.png">"#),
        (#"<img src="cat.png" alt="cat">"#, #"<img src="cat.png" alt="cat">"#),
        // Not references: no end, a line break inside, not an img element.
        (#"<img src="d_haha.png""#, #"<img src="d_haha.png""#),
        ("<img src=\"d_haha.png\"\n>", "<img src=\"d_haha.png\"\n>"),
        (#"<image src="d_haha.png">"#, #"<image src="d_haha.png">"#),
        (#"<p><b>x</b></p>"#, #"<p><b>x</b></p>"#),
        // Markdown: the alt text is a tag without its brackets, a tag, or an emoji.
        ("![哈哈](faces/d_haha.png)", "[哈哈]"),
        (#"![\[哈哈\]](x.png)"#, "[哈哈]"),
        ("![😀](x.png)", "[嘿嘿]"),
        ("![](1f600.png)", "[嘿嘿]"),
        ("![x](faces/d_haha.png)", "[哈哈]"),
        ("![cat](cat.png)", "![cat](cat.png)"),
        ("![哈哈](a b.png)", "![哈哈](a b.png)"),
        ("![哈哈]", "![哈哈]"),
        ("!![哈哈](x.png)!", "![哈哈]!"),
    ])
    func referencesBecomeTags(input: String, expected: String) {
        #expect(tagger.tag(input) == expected)
    }

    /// What the matcher says of `text` from its start, as a word.
    static func matched(_ text: [UInt8], isFinal: Bool) -> String {
        let matcher = ImageReferenceMatcher(catalog: CatalogLookup(catalog: .default))
        switch text.withUnsafeBufferPointer({ matcher.match(in: $0, at: 0, isFinal: isFinal) }) {
        case .image(let length, _): return length == text.count ? "image" : "image of \(length)"
        case .needMore: return "needMore"
        case .none: return "none"
        }
    }

    @Test func attributeValuesEndAtTheirQuoteNotPastALineFeedOrTheLengthLimit() {
        // Values of every length around a word of eight bytes, in either quote.
        for length in 0...20 {
            for quote in ["\"", "'"] {
                let value = String(repeating: "x", count: length)
                let text = Array("<img title=\(quote)\(value)\(quote) alt=\(quote)[哈哈]\(quote)>".utf8)
                #expect(Self.matched(text, isFinal: true) == "image", "\(length) \(quote)")
                let broken = Array("<img title=\(quote)\(value)\n\(quote) alt=\(quote)[哈哈]\(quote)>".utf8)
                #expect(Self.matched(broken, isFinal: true) == "none", "line feed after \(length) \(quote)")
                // Cut inside the value: more may come, unless this is the end of the input.
                let cut = Array("<img alt=\(quote)[哈哈]\(value)".utf8)
                #expect(Self.matched(cut, isFinal: false) == "needMore" && Self.matched(cut, isFinal: true) == "none")
            }
        }
        // A value that runs past the longest reference ends it, even where the input is cut.
        let limit = ImageReferenceMatcher.maximumLength
        let long = Array("<img alt=\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: limit) + Array("\">".utf8)
        #expect(Self.matched(long, isFinal: true) == "none" && Self.matched(Array(long.dropLast(2)), isFinal: false) == "none")
        // Up to the limit, a value is read to its quote (a reference of limit - 1 bytes).
        let start = Array("<img alt=\"[哈哈]\" title=\"".utf8)
        let fits = start + Array(repeating: UInt8(ascii: "x"), count: limit - start.count - 3) + Array("\">".utf8)
        #expect(Self.matched(fits, isFinal: true) == "image")
    }

    @Test func referencesAmongTextAndEachOther() {
        let input = #"a <img alt="[赞]"><img src="1f600.png"> b ![哈哈](x.png)![赞](y.png) c"#
        #expect(tagger.tag(input) == "a [赞][嘿嘿] b [哈哈][赞] c")
    }
}
