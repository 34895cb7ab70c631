import Foundation
import Testing
import TestSupport
@testable import FaceText

/// An emoji with skin tones is the face of its base for `stats` and `scan`, for every
/// toned sequence of emoji-test.txt and each built-in catalog; `tag` leaves it as it is,
/// so `render(tag(x)) == x` holds for it.
@Suite struct SkinToneTests {
    static let toned = Fixtures.emojiTestSequences.filter { entry in
        entry.status == "fully-qualified" && entry.emoji.unicodeScalars.contains { (0x1F3FB...0x1F3FF).contains($0.value) }
    }.map(\.emoji)

    @Test(arguments: ["default", "wechat", "weibo"])
    func everyTonedEmojiCountsAsItsBasesFace(name: String) throws {
        let catalog = try #require(FaceCatalog.builtIn(named: name))
        var folded = 0
        // One engine for every stream: building one per emoji would cost more than counting.
        let engine = ScanEngine(catalog: catalog, recognized: .all)
        // Every toned emoji whose base is a face; of the others, every seventh.
        for (index, emoji) in Self.toned.enumerated() where index % 7 == 0 || SkinToneReference.face(of: emoji, in: catalog) != nil {
            var stream = FaceStats.Stream(engine: engine)
            Array(("a" + emoji + "b").utf8).withUnsafeBufferPointer { stream.feed($0) }
            stream.finish()
            let stats = stream.stats
            if let face = SkinToneReference.face(of: emoji, in: catalog) {
                #expect(stats.counts == [face.tag: 1], "\(emoji)")
                folded += 1
            } else {
                #expect(stats.counts.count == 1 && stats.total == 1, "\(emoji)")
            }
            var apart = FaceStats.Stream(engine: engine, separatingTones: true)
            Array(emoji.utf8).withUnsafeBufferPointer { apart.feed($0) }
            apart.finish()
            #expect(catalog.face(forEmoji: emoji) != nil || apart.stats.counts == [emoji.replacingFE0F(): 1], "\(emoji)")
        }
        #expect(folded >= 25)
    }

    @Test func scanNamesTheBaseFaceAndTheTonesApart() throws {
        let text = "👍🏽 ✌🏻x👋🏿\n🧑🏽‍💻 👍"
        let lines = FaceLister.listing(of: Array(text.utf8), catalog: .default, recognizing: .all, inChunksOf: 3, file: "-")
        let objects = lines.split(separator: 0x0A).compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
        #expect(objects.map { $0["tag"] as? String ?? "-" } == ["[赞]", "[耶]", "[拜拜]", "-", "[赞]"])
        #expect(objects.map { $0["tone"] as? String ?? "-" } == ["🏽", "🏻", "🏿", "-", "-"])
        #expect(objects.map { $0["emoji"] as? String ?? "-" } == ["👍", "✌️", "👋", "🧑🏽‍💻", "👍"])
        #expect(objects.map { $0["text"] as? String ?? "-" } == ["👍🏽", "✌🏻", "👋🏿", "🧑🏽‍💻", "👍"])
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func tonedEmojiRoundTripThroughTagAndRender(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = Self.toned + FaceCatalog.default.faces.compactMap(\.emoji) + ["好", "a", " ", "\n", "🏽", "!"]
        let renderer = FaceRenderer(catalog: .default)
        let tagger = FaceTagger(catalog: .default)
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let tagged = tagger.tag(text)
            #expect(renderer.render(tagged).replacingFE0F() == text.replacingFE0F(), "\(text.debugDescription)")
        }
        // A toned emoji stays as it is.
        #expect(tagger.tag("👍🏽[赞]👍") == "👍🏽[赞][赞]")
    }
}
