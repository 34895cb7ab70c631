import Testing
import TestSupport
@testable import FaceText

@Suite struct RoundTripTests {
    let catalog = FaceCatalog.default

    /// The canonical tags: the first tag of each emoji, and every tag of a face without emoji.
    var canonicalTags: [String] {
        catalog.faces.filter { face in
            guard let emoji = face.emoji else { return true }
            return catalog.face(forEmoji: emoji) == face
        }.map(\.tag)
    }

    static let recoverableStyles: [FaceRenderer.Style] = [.unicode, .html(imageBase: "faces/"), .markdown(imageBase: "https://x/y/")]

    @Test(arguments: recoverableStyles)
    func everyCanonicalTagComesBack(style: FaceRenderer.Style) {
        let renderer = FaceRenderer(catalog: catalog, style: style)
        let tagger = FaceTagger(catalog: catalog)
        for tag in canonicalTags {
            #expect(tagger.tag(renderer.render("a\(tag)b")) == "a\(tag)b", "\(tag) under \(style)")
        }
    }

    @Test func aliasesAndSecondSpellingsComeBackAsTheCanonicalTag() {
        let renderer = FaceRenderer(catalog: catalog)
        let tagger = FaceTagger(catalog: catalog)
        #expect(tagger.tag(renderer.render("[贊][笑哭了]")) == "[赞][笑cry]")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5], recoverableStyles)
    func randomTextsRoundTrip(seed: UInt64, style: FaceRenderer.Style) {
        var random = SeededGenerator(seed: seed)
        let pieces = canonicalTags + ["好", "开心", "a", " ", "\n", "\r\n", "[", "]", "[哈", "哈]", "1", "#", "引\u{201C}", "\u{0301}", "!", "(x)"]
        let renderer = FaceRenderer(catalog: catalog, style: style)
        let tagger = FaceTagger(catalog: catalog)
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let rendered = renderer.render(text)
            #expect(tagger.tag(rendered) == text, "\(text.debugDescription)")
        }
    }

    @Test(arguments: [11, 12, 13])
    func textsWhoseEmojiAllHaveFacesRoundTripTheOtherWay(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let emoji = catalog.faces.compactMap(\.emoji)
        let pieces = emoji + emoji.map { $0.replacingFE0F() } + ["好", "a", " ", "\n", "[", "]", "!"]
        let renderer = FaceRenderer(catalog: catalog)
        let tagger = FaceTagger(catalog: catalog)
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(renderer.render(tagger.tag(text)).replacingFE0F() == text.replacingFE0F(), "\(text.debugDescription)")
        }
    }
}

extension String {
    func replacingFE0F() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }
}
