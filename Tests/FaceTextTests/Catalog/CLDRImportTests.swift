import Foundation
import Testing
@testable import FaceText

/// `catalog import cldr`: CLDR's annotations (the checked-in zh files) as a
/// catalog of every emoji they name, spelled as emoji-test.txt spells them.
@Suite struct CLDRImportTests {
    static let folder = Fixtures.unicodeData.appendingPathComponent("cldr")
    static let annotations: [CLDRAnnotations.Annotation] = {
        ["annotations/zh.xml", "annotationsDerived/zh.xml"].flatMap { path -> [CLDRAnnotations.Annotation] in
            let text = (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
            return (try? CLDRAnnotations.annotations(from: text)) ?? []
        }
    }()
    static let faces = CLDRImport.faces(from: annotations)
    static let fullyQualified = Set(Fixtures.emojiTestSequences.filter { $0.status == "fully-qualified" }.map(\.emoji))

    /// CLDR writes sequences without U+FE0F; putting it back by the emoji properties gives
    /// emoji-test.txt's fully-qualified spelling of every one of its emoji.
    @Test func fullyQualifiedSpellingsAreEmojiTestsOwn() {
        var wrong: [String] = []
        for emoji in Self.fullyQualified {
            let bare = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }))
            if CLDRImport.fullyQualified(bare) != emoji { wrong.append(emoji) }
        }
        #expect(Self.fullyQualified.count > 3600)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func everyNamedEmojiIsAFaceTaggedWithItsChineseName() {
        #expect(Self.faces.count > 3500)
        // Every face is an emoji as emoji-test.txt spells it; components alone and symbols are left out.
        let strays = Self.faces.map(\.emoji!).filter { !Self.fullyQualified.contains($0) }
        #expect(strays.isEmpty, "\(strays.prefix(10))")
        let byEmoji = Dictionary(Self.faces.map { ($0.emoji!, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byEmoji["😂"]?.tag == "[笑哭了]")
        #expect(byEmoji["😂"]?.keywords.contains("笑") == true)
        #expect(byEmoji["👍🏽"]?.tag == "[拇指向上: 中等肤色]")
        #expect(byEmoji["#️⃣"]?.tag == "[按键: #]")
        #expect(byEmoji["☺️"]?.tag == "[微笑]")
        #expect(byEmoji["🏻"] == nil)
        #expect(Set(Self.faces.map(\.tag)).count == Self.faces.count)
    }

    /// Every emoji of emoji-test.txt that CLDR names: `tag` writes its Chinese tag, and
    /// `render` gives back the same bytes, alone and in text.
    @Test func everyNamedEmojiTagsAndRendersBack() {
        let catalog = FaceCatalog(faces: Self.faces)
        let tagger = FaceTagger(catalog: catalog), renderer = FaceRenderer(catalog: catalog)
        for face in Self.faces {
            let text = "好\(face.emoji!)了"
            let tagged = tagger.tag(text)
            #expect(tagged == "好\(face.tag)了", "\(face.tag)")
            #expect(renderer.render(tagged) == text, "\(face.tag)")
        }
    }

    @Test func theWrittenCatalogKeepsKeywordsAndLoadsFaceForFace() throws {
        let plist = CatalogWriter.propertyList([("cldr-zh", Self.faces)])
        #expect(plist.contains("<key>keywords</key>"))
        let loaded = try FaceCatalog(data: Data(plist.utf8), name: "cldr.plist")
        #expect(loaded.faces.map(\.tag) == Self.faces.map(\.tag))
        #expect(loaded.faces.map(\.emoji) == Self.faces.map(\.emoji))
        #expect(loaded.faces.map(\.keywords) == Self.faces.map(\.keywords))
    }

    @Test func annotationsDecodeEntitiesAndMergeNamesWithKeywords() throws {
        let text = """
            <ldml><identity><language type="zh"/><script type="Hant"/></identity><annotations>
            \t\t<annotation cp="&amp;">和号 | 与</annotation>
            \t\t<annotation cp="&amp;" type="tts">和号</annotation>
            \t\t<annotation cp="🏻">肤色 | 较浅肤色</annotation>
            \t\t<!-- an element left out
            \t\t\t <annotation cp="">空白</annotation>
            \t\t-->
            </annotations></ldml>
            """
        let annotations = try CLDRAnnotations.annotations(from: text)
        #expect(annotations == [.init(sequence: "&", name: "和号", keywords: ["和号", "与"]),
                                .init(sequence: "🏻", name: nil, keywords: ["肤色", "较浅肤色"])])
        #expect(CLDRAnnotations.locale(of: text) == "zh_Hant")
        #expect(CLDRImport.faces(from: annotations).isEmpty)      // neither is an emoji face
    }

    @Test func aBrokenElementIsAnErrorWithItsLine() {
        #expect(throws: CLDRAnnotations.Failure(line: 2, problem: "is not a whole <annotation cp=\"…\">…</annotation> element")) {
            try CLDRAnnotations.annotations(from: "<ldml>\n<annotation cp=\"😀\">笑脸\n</ldml>")
        }
    }

    @Test func aNameUsedTwiceGetsTheCodePoints() {
        let faces = CLDRImport.faces(from: [.init(sequence: "😀", name: "笑", keywords: []), .init(sequence: "😃", name: "笑", keywords: [])])
        #expect(faces.map(\.tag) == ["[笑]", "[笑 1f603]"])
    }
}
