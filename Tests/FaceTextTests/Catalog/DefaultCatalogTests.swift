import Foundation
import Testing
@testable import FaceText

@Suite struct DefaultCatalogTests {
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

    @Test func theWeiboFirstPageFacesComeLastAndTakeNoEmojiFromEarlierFaces() {
        let catalog = FaceCatalog.default
        #expect(Array(catalog.faces.prefix(153)).allSatisfy { $0.package == "classic" || $0.package == "emoji" })
        #expect(catalog.faces.dropFirst(153).map(\.tag) == TodaysFaces.missingFromTheClassicSet)
        #expect(catalog.faces.dropFirst(153).allSatisfy { $0.package == "weibo2018" && $0.image?.hasPrefix("2018new_") == true })
        // Rendered as their emoji; tagged back as the faces that owned those emoji before.
        #expect(FaceRenderer(catalog: catalog).render("[坏笑][允悲][骷髅]") == "😏😅💀")
        #expect(FaceTagger(catalog: catalog).tag("😏😅💀") == "[得意][苦笑][骷髅]")
    }
}

@Suite struct WeChatCatalogTests {
    @Test func theClassicFacesComeFirstThenTheLaterOnes() {
        let faces = FaceCatalog.wechat.faces
        #expect(faces.prefix(105).allSatisfy { $0.package == "wechat" })
        #expect(faces.first?.tag == "[微笑]" && faces[104].tag == "[右太极]")
        #expect(faces.dropFirst(105).allSatisfy { $0.package == "wechat.new" && $0.image == nil })
        #expect(faces.count == 105 + 38 + 5)
    }

    @Test(arguments: [("[Facepalm]", "[捂脸]"), ("[掩面]", "[捂脸]"), ("[Doge]", "[旺柴]"), ("[破涕為笑]", "[破涕为笑]"),
                      ("[Lol]", "[破涕为笑]"), ("[一言難盡]", "[Emm]"), ("[裂開]", "[裂开]"), ("[Concerned]", "[皱眉]")])
    func laterFacesHaveTheirEnglishAndTraditionalSpellings(spelling: String, tag: String) {
        #expect(FaceCatalog.wechat.face(forTag: spelling)?.tag == tag)
    }

    @Test func laterFacesTakeNoEmojiAClassicFaceOwns() {
        let tagger = FaceTagger(catalog: .wechat)
        #expect(tagger.tag("😏✌️🍉🙏") == "[坏笑][胜利][西瓜][抱拳]")
        #expect(FaceRenderer(catalog: .wechat).render("[奸笑][耶][吃瓜][合十]") == "[奸笑][耶][吃瓜][合十]")
        #expect(tagger.tag("🤦😂🧧🐶") == "[捂脸][破涕为笑][红包][旺柴]")
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
