import Testing
@testable import FaceText

/// Image addresses as render writes them: a file's name that holds `#`, `?`,
/// a space or a line break loads that file, and a line break in the base or a
/// face's text never starts a new line of output; `tag` reads them back.
@Suite struct ImageAddressTests {
    @Test(arguments: [
        ("faces/", "d_haha.png", "faces/d_haha.png"),
        ("faces/", "100#.png", "faces/100%23.png"),
        ("faces/", "a b.png", "faces/a%20b.png"),
        ("faces/", "why?.png", "faces/why%3F.png"),
        ("faces/", "50%.png", "faces/50%25.png"),
        ("faces/", "a%20b.png", "faces/a%20b.png"),
        ("faces/", "哈哈.png", "faces/哈哈.png"),
        ("https://cdn.example.com/f/?v=1#", "x.png", "https://cdn.example.com/f/?v=1#x.png"),
        ("my faces/\n", "x.png", "my%20faces/%0Ax.png"),
        ("a\"b<c>/", "x\"y.png", "a%22b%3Cc%3E/x%22y.png"),
    ])
    func addressesArePercentEncoded(base: String, name: String, expected: String) {
        #expect(ImageAddress.encoded(base: base, name: name) == expected)
    }

    static let catalog = FaceCatalog(faces: [
        Face(tag: "[井]", image: "100#.png"), Face(tag: "[空]", image: "a b.png"), Face(tag: "[行]", emoji: "a\nb"),
    ])

    @Test(arguments: [FaceRenderer.Style.html(imageBase: "my faces/"), .markdown(imageBase: "my faces/"), .html(imageBase: "a\nb/")])
    func facesRenderOnOneLineAndTagBack(style: FaceRenderer.Style) {
        let rendered = String(decoding: FaceRenderer(catalog: Self.catalog, style: style).render(Array("[井][空]".utf8)), as: UTF8.self)
        #expect(!rendered.contains("\n") && rendered.contains("/100%23.png") && rendered.contains("/a%20b.png"), "\(rendered)")
        #expect(String(decoding: FaceTagger(catalog: Self.catalog).tag(Array(rendered.utf8)), as: UTF8.self) == "[井][空]")
        // Without the alt text, the address alone names the face.
        if case .html = style {
            let bare = rendered.replacingOccurrences(of: #" alt="[井]""#, with: "").replacingOccurrences(of: #" alt="[空]""#, with: "")
            #expect(String(decoding: FaceTagger(catalog: Self.catalog).tag(Array(bare.utf8)), as: UTF8.self) == "[井][空]")
        }
    }

    @Test func aLineBreakInAFacesTextIsACharacterReferenceInHTML() {
        let html = String(decoding: FaceRenderer(catalog: Self.catalog, style: .html()).render(Array("[行]".utf8)), as: UTF8.self)
        #expect(html == "a&#10;b")
    }
}
