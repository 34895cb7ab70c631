import Foundation
import Testing
@testable import FaceText

/// The lists of today's faces that the built-in catalogs must know.
enum TodaysFaces {
    /// The Weibo web client's first page ("common"), in its order.
    static let weiboFirstPage = """
        [微笑] [可爱] [太开心] [鼓掌] [嘻嘻] [哈哈] [笑cry] [挤眼] [馋嘴] [黑线] [汗] [挖鼻] [哼] [怒] [委屈] [可怜] [失望] [悲伤] \
        [泪] [允悲] [害羞] [污] [爱你] [亲亲] [色] [憧憬] [舔屏] [坏笑] [阴险] [笑而不语] [偷笑] [酷] [并不简单] [思考] [疑问] \
        [费解] [晕] [衰] [骷髅] [嘘] [闭嘴] [傻眼] [吃惊] [吐] [感冒] [生病] [拜拜] [鄙视] [白眼] [左哼哼] [右哼哼] [抓狂] [怒骂] \
        [打脸] [顶] [互粉] [钱] [哈欠] [困] [睡] [吃瓜] [doge] [二哈] [喵喵] [赞] [good] [ok] [耶] [握手] [作揖] [来] [拳头]
        """.split(separator: " ").map(String.init)

    /// The faces of that page the classic Weibo set does not have, in the page's order.
    static let missingFromTheClassicSet = ["[允悲]", "[污]", "[憧憬]", "[舔屏]", "[坏笑]", "[笑而不语]", "[并不简单]", "[费解]",
                                           "[骷髅]", "[吃瓜]", "[二哈]"]

    /// The faces WeChat added from 2016 on.
    static let weChatLater = """
        [嘿哈] [捂脸] [奸笑] [机智] [皱眉] [耶] [红包] [鸡] [蜡烛] [吃瓜] [加油] [汗] [天啊] [Emm] [社会社会] [旺柴] [好的] [哇] \
        [打脸] [破涕为笑] [苦涩] [翻白眼] [爆竹] [烟花] [裂开] [福] [發] [礼物] [庆祝] [合十] [叹气] [让我看看] [666] [无语] [失望] \
        [恐惧] [脸红] [生病] [笑脸]
        """.split(separator: " ").map(String.init)
}

/// What every built-in catalog promises: it is its file, every spelling is
/// one face's, and every face renders and tags back.
@Suite struct BuiltInCatalogTests {
    static let files = ["default": "emoticons.plist", "wechat": "catalogs/wechat.plist", "weibo": "catalogs/weibo.plist"]

    @Test func everyBuiltInCatalogHasAFile() {
        #expect(FaceCatalog.builtInNames.sorted() == Self.files.keys.sorted())
    }

    @Test(arguments: FaceCatalog.builtInNames)
    func theEmbeddedCatalogEqualsItsFileFaceForFace(name: String) throws {
        let file = try FaceCatalog(contentsOf: Fixtures.root.appendingPathComponent(Self.files[name]!))
        #expect(file.faces == FaceCatalog.builtIn(named: name)?.faces, "run swift scripts/embed-catalog.swift after editing \(name)")
    }

    @Test(arguments: FaceCatalog.builtInNames)
    func noSpellingIsUsedTwice(name: String) {
        var seen: Set<String> = []
        for tag in FaceCatalog.builtIn(named: name)!.faces.flatMap(\.tags) {
            #expect(seen.insert(tag).inserted, "\(name): duplicate spelling \(tag)")
        }
    }

    /// Every spelling of every face renders as the face's emoji (or stays as it is, without one),
    /// and `tag` turns the emoji back into the tag of the first face with that emoji: this face,
    /// unless an earlier one owns the emoji.
    @Test(arguments: FaceCatalog.builtInNames)
    func everyFaceRendersAndTagsBack(name: String) {
        let catalog = FaceCatalog.builtIn(named: name)!
        let renderer = FaceRenderer(catalog: catalog)
        let tagger = FaceTagger(catalog: catalog)
        for (index, face) in catalog.faces.enumerated() {
            for spelling in face.tags {
                #expect(renderer.render("a\(spelling)b") == "a\(face.emoji ?? spelling)b", "\(name): \(spelling)")
            }
            let back = tagger.tag("a\(face.emoji ?? face.tag)b")
            if let emoji = face.emoji {
                let owner = catalog.face(forEmoji: emoji)!
                #expect(catalog.faces.firstIndex(of: owner)! <= index, "\(name): \(face.tag)")
                #expect(back == "a\(owner.tag)b", "\(name): \(face.tag)")
            } else {
                #expect(back == "a\(face.tag)b", "\(name): \(face.tag)")
            }
        }
    }

    /// Under the image styles every face comes back from its image, or its emoji, as a spelling
    /// of itself or of the face that owns its emoji.
    @Test(arguments: FaceCatalog.builtInNames, [FaceRenderer.Style.html(imageBase: "f/"), .markdown(imageBase: "https://x/")])
    func everyFaceComesBackFromTheImageStyles(name: String, style: FaceRenderer.Style) {
        let catalog = FaceCatalog.builtIn(named: name)!
        let renderer = FaceRenderer(catalog: catalog, style: style)
        let tagger = FaceTagger(catalog: catalog)
        for face in catalog.faces {
            let back = tagger.tag(renderer.render(face.tag))
            let found = catalog.face(forTag: back)
            #expect(found == face || (found != nil && found?.emoji == face.emoji), "\(name) \(style): \(face.tag) came back as \(back)")
        }
    }

    @Test func theDefaultCatalogKnowsEveryFaceOfTheWeiboClientsFirstPage() {
        let unknown = TodaysFaces.weiboFirstPage.filter { FaceCatalog.default.face(forTag: $0) == nil }
        #expect(TodaysFaces.weiboFirstPage.count == 72)
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test func theWeiboCatalogIsTheClientsSetInItsGroups() {
        let faces = FaceCatalog.weibo.faces
        #expect(faces.count == 184)
        #expect(Array(faces.prefix(72).map(\.tag)) == TodaysFaces.weiboFirstPage)
        let groups = faces.map { $0.package ?? "" }.reduce(into: [(String, Int)]()) { groups, package in
            if groups.last?.0 == package { groups[groups.count - 1].1 += 1 } else { groups.append((package, 1)) }
        }
        #expect(groups.map(\.0) == ["weibo", "weibo.other", "weibo.minions", "weibo.avengers", "weibo.abominable"])
        #expect(groups.map(\.1) == [84, 66, 10, 21, 3])
        // Every face has the client's image: a `png`, or for the 浪小花 faces a `gif`.
        #expect(faces.allSatisfy { $0.image?.hasSuffix(".png") ?? $0.animatedImage?.hasSuffix(".gif") ?? false })
        #expect(faces.filter { $0.image == nil }.count == 15)
        #expect(FaceCatalog.weibo.face(forTag: "[愛你]")?.tag == "[爱你]")
        #expect(FaceCatalog.weibo.face(forTag: "[愛妳]") == nil && FaceCatalog.weibo.face(forTag: "[汙]") == nil)
        #expect(FaceCatalog.weibo.face(forTag: "[乾杯]")?.tag == "[干杯]")
    }

    @Test func theWeChatCatalogKnowsEveryFaceWeChatAddedSince2016() {
        let unknown = TodaysFaces.weChatLater.filter { FaceCatalog.wechat.face(forTag: $0) == nil }
        #expect(TodaysFaces.weChatLater.count == 39)
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test func layeringTheDefaultAndWeiboCatalogsKnowsBoth() {
        let layered = FaceCatalog.layered([.default, .weibo])
        for face in FaceCatalog.default.faces + FaceCatalog.weibo.faces {
            #expect(layered.face(forTag: face.tag) != nil, "\(face.tag)")
        }
    }
}
