import Foundation
import Testing
@testable import FaceText

@Suite struct DefaultCatalogTests {
    @Test func theEmbeddedCatalogEqualsTheTopLevelFileFaceForFace() throws {
        let file = try FaceCatalog(contentsOf: Fixtures.root.appendingPathComponent("emoticons.plist"))
        #expect(file.faces == FaceCatalog.default.faces, "run swift scripts/embed-catalog.swift after editing emoticons.plist")
    }

    @Test func itHoldsTheClassicFacesAndTheWholeEmoticonsBlock() {
        let catalog = FaceCatalog.default
        #expect(catalog.faces.filter { $0.package == "classic" }.count == 102)
        for tag in ["[微笑]", "[嘻嘻]", "[哈哈]", "[爱你]", "[泪]", "[心]", "[赞]", "[沙尘暴]"] {
            #expect(catalog.face(forTag: tag) != nil, "\(tag)")
        }
        for value in UInt32(0x1F600)...0x1F64F {
            let emoji = String(Unicode.Scalar(value)!)
            #expect(catalog.face(forEmoji: emoji) != nil, "U+\(String(value, radix: 16)) has no face")
        }
    }

    @Test func classicFacesAreCanonicalAndCLDRNamesBecomeAliases() {
        let catalog = FaceCatalog.default
        #expect(catalog.face(forEmoji: "\u{1F603}")?.tag == "[哈哈]")
        #expect(catalog.face(forEmoji: "\u{1F600}")?.tag == "[嘿嘿]")
        #expect(catalog.face(forTag: "[笑哭了]")?.tag == "[笑cry]")
        // CLDR's 亲亲 is 😗, but the classic [亲亲] (😚) keeps the tag.
        #expect(catalog.face(forTag: "[亲亲]")?.emoji == "\u{1F61A}")
        #expect(catalog.face(forEmoji: "\u{1F617}")?.tag == "[亲亲脸]")
    }

    @Test func noTagIsUsedTwice() {
        var seen: Set<String> = []
        for tag in FaceCatalog.default.faces.flatMap(\.tags) {
            #expect(seen.insert(tag).inserted, "duplicate tag \(tag)")
        }
    }
}

@Suite struct WeChatCatalogTests {
    @Test func theEmbeddedWeChatCatalogEqualsItsFile() throws {
        let file = try FaceCatalog(contentsOf: Fixtures.root.appendingPathComponent("catalogs/wechat.plist"))
        #expect(file.faces == FaceCatalog.wechat.faces)
        #expect(FaceCatalog.builtIn(named: "wechat")?.faces.count == 105)
    }

    @Test(arguments: [("/::)", "[微笑]"), ("[Smile]", "[微笑]"), ("[流淚]", "[流泪]"), ("/:,@P", "[偷笑]"), ("/::>", "[憨笑]"), ("/:<W>", "[西瓜]")])
    func textCodesAndEnglishTagsAreSpellingsOfTheChineseTag(spelling: String, tag: String) {
        #expect(FaceCatalog.wechat.face(forTag: spelling)?.tag == tag)
    }

    @Test func textCodesAreMatchedLongestFirstInRunningText() {
        let rendered = FaceRenderer(catalog: .wechat).render("/::)/::(/::D/::>/::")
        #expect(rendered == "\u{1F642}\u{1F641}\u{1F601}\u{1F606}/::")
    }
}
