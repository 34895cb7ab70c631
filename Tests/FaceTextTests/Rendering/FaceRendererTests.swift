import Testing
@testable import FaceText

@Suite struct FaceRendererTests {
    let catalog = FaceCatalog(faces: [
        Face(tag: "[哈哈]", image: "d_haha.png", emoji: "\u{1F603}"),
        Face(tag: "[挖鼻]", image: "d_wabishi.png"),
        Face(tag: "[最右]"),
        Face(tag: "[心]", emoji: "\u{2764}\u{FE0F}"),
        Face(tag: "[<x>]", image: "a\"b&.png"),
    ])

    @Test(arguments: [
        (FaceRenderer.Style.unicode, "今天[哈哈]了[心][最右]", "今天\u{1F603}了\u{2764}\u{FE0F}[最右]"),
        (.html(imageBase: "faces/"), "<b>[哈哈]</b>", #"&lt;b&gt;<img src="faces/d_haha.png" alt="[哈哈]">&lt;/b&gt;"#),
        (.html(), "[心]&'\"", "\u{2764}\u{FE0F}&amp;&#39;&quot;"),
        (.html(), "[<x>]", #"<img src="a%22b&amp;.png" alt="[&lt;x&gt;]">"#),
        (.markdown(imageBase: "f/"), "[哈哈][最右]", "![哈哈](f/d_haha.png)[最右]"),
        (.path(imageBase: "/img/"), "[挖鼻] [心]", "/img/d_wabishi.png \u{2764}\u{FE0F}"),
        (.template("<{name}|{image}|{emoji}|{code}|{tag}|{x}>", imageBase: "b/"), "[哈哈]",
         "<哈哈|b/d_haha.png|\u{1F603}|1f603|[哈哈]|{x}>"),
    ])
    func eachStyleWritesFacesAsDocumented(style: FaceRenderer.Style, input: String, expected: String) {
        #expect(FaceRenderer(catalog: catalog, style: style).render(input) == expected)
    }

    @Test func emojiImagesNameUnicodeEmojiByCodePoint() {
        let renderer = FaceRenderer(catalog: catalog, style: .html(imageBase: "e/"), emojiImages: true)
        #expect(renderer.render("\u{1F600}[心]") ==
                #"<img src="e/1f600.png" alt="😀"><img src="e/2764.png" alt="[心]">"#)
        #expect(renderer.render("\u{1F468}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F468}") ==
                #"<img src="e/1f468-200d-2764-fe0f-200d-1f468.png" alt="👨‍❤️‍👨">"#)
    }

    @Test func emojiImagesAreTheSameWhenEmojiComeAgainHoweverMany() {
        // More distinct emoji than a stream keeps images for, each twice, some
        // with a face: every one is written as when it is rendered alone.
        let flags = (0..<26).flatMap { first in (0..<26).map { second in
            String(String.UnicodeScalarView([Unicode.Scalar(0x1F1E6 + first)!, Unicode.Scalar(0x1F1E6 + second)!]))
        } }
        let singles = (UInt32(0x1F400)..<0x1F700).compactMap(Unicode.Scalar.init).map(String.init)
        let emoji = flags + singles + ["\u{2764}\u{FE0F}", "\u{1F603}", "\u{1F44D}\u{1F3FD}"]
        for style in [FaceRenderer.Style.html(imageBase: "e/"), .markdown(), .template("{code}|{tag}", imageBase: "")] {
            let renderer = FaceRenderer(catalog: catalog, style: style, emojiImages: true)
            let expected = (emoji + emoji).map { renderer.render($0) }.joined(separator: " ")
            #expect(renderer.render((emoji + emoji).joined(separator: " ")) == expected)
        }
    }

    @Test func bytesThatAreNotFacesPassThroughUnchanged() {
        let input: [UInt8] = [0xFF, 0x00, 0x0D, 0x0A] + Array("[哈哈]".utf8) + [0xC3, 0x28, 0x0D, 0x0A, 0xE4, 0xB8]
        let output = FaceRenderer(catalog: catalog).render(input)
        #expect(output == [0xFF, 0x00, 0x0D, 0x0A] + Array("\u{1F603}".utf8) + [0xC3, 0x28, 0x0D, 0x0A, 0xE4, 0xB8])
    }
}
