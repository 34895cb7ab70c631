import Testing
import TestSupport
@testable import FaceText

@Suite struct FaceCounterTests {
    /// Emoji without a face are counted by their bytes less U+FE0F; single
    /// scalars take a shortcut that must count the same.
    @Test func facelessEmojiAreCountedByTheirSequence() {
        var stream = FaceStats.Stream(catalog: FaceCatalog(faces: []))
        Array("🚀🚀\u{FE0F} 👨‍👩‍👧 🚀\n🇨🇳".utf8).withUnsafeBufferPointer { stream.feed($0) }
        stream.finish()
        #expect(stream.stats.counts == ["🚀": 3, "👨‍👩‍👧": 1, "🇨🇳": 1])
    }

    /// Every scalar of U+2000–U+2FFF and U+1F000–U+1FFFF alone, with U+FE0F,
    /// U+FE0E or a skin tone, twice, and after text: counted as a dictionary
    /// of the tokens' tags and texts (less U+FE0F; a toned emoji as its base's
    /// face, if it has one) counts them, whatever the chunks.
    @Test func everySingleScalarEmojiIsCountedUnderItsSequence() {
        var input = ""
        for value in Array(UInt32(0x2000)...0x2FFF) + Array(UInt32(0x1F000)...0x1FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            input += text + " " + text + "\u{FE0F}" + text + text + "\u{FE0E}a" + text + "\u{1F3FD}\n"
        }
        let bytes = Array(input.utf8)
        for catalog in [FaceCatalog.default, FaceCatalog(faces: [])] {
            var expected: [String: Int] = [:]
            for token in FaceScanner(catalog: catalog).tokens(in: bytes) where token.kind == .emoji {
                let text = String(decoding: bytes[token.range], as: UTF8.self)
                let key = token.face.map { catalog.faces[$0].tag } ?? SkinToneReference.face(of: text, in: catalog)?.tag
                    ?? String(decoding: EmojiKey.normalized(Array(bytes[token.range])), as: UTF8.self)
                expected[key, default: 0] += 1
            }
            for chunkSize in [bytes.count, 4096, 5] {
                #expect(FaceStats.Stream.counts(of: bytes, catalog: catalog, inChunksOf: chunkSize) == expected, "chunks of \(chunkSize)")
            }
        }
    }

    /// Spellings that differ only in the order of combining marks are one
    /// `String` key; which spelling names it must not depend on hashing.
    @Test func equivalentSpellingsAreNamedByTheFirstInByteOrder() {
        let first = "🚀\u{0301}\u{302A}", second = "🚀\u{302A}\u{0301}"
        for input in [first + " " + second, second + " " + first, second + " " + second + " " + first] {
            var stream = FaceStats.Stream(catalog: FaceCatalog(faces: []))
            Array(input.utf8).withUnsafeBufferPointer { stream.feed($0) }
            stream.finish()
            let keys = stream.stats.ranked.map(\.key)
            #expect(keys.count == 1)
            #expect(keys.first.map { Array($0.utf8) } == Array(first.utf8))
        }
    }

    /// An unknown tag spelt as a catalog tag is, canonically (a decomposed
    /// letter), counts under the catalog's tag; equivalent unknown tags are
    /// named by the first spelling in byte order, whatever order they come in.
    @Test func equivalentUnknownTagsCountAsOneKey() {
        let catalog = FaceCatalog(faces: [Face(tag: "[caf\u{E9}]", emoji: "☕")])
        let decomposed = "[cafe\u{301}]", other = "[\u{E9}t\u{E9}]", otherDecomposed = "[e\u{301}te\u{301}]"
        for input in ["[caf\u{E9}]" + decomposed + other + otherDecomposed, otherDecomposed + decomposed + other + "[caf\u{E9}]"] {
            var stream = FaceStats.Stream(catalog: catalog, recognizing: [.tags, .unknownTags])
            Array(input.utf8).withUnsafeBufferPointer { stream.feed($0) }
            stream.finish()
            let counts = stream.stats.counts
            #expect(counts.count == 2)
            #expect(counts.keys.contains { Array($0.utf8) == Array("[caf\u{E9}]".utf8) })
            #expect(counts.keys.contains { Array($0.utf8) == Array(otherDecomposed.utf8) })
            #expect(stream.stats.ranked.map(\.count).reduce(0, +) == 4)
        }
    }

    /// Keys sharing their first eight bytes and more (ZWJ sequences, tags
    /// alike but at the end), ranked by count and then by UTF-8 bytes, and in
    /// key order for partial results.
    @Test func rankedAndKeyOrdersAreByCountThenBytes() {
        var random = SeededGenerator(seed: 0xFACE_0032)
        let stems = ["👨\u{200D}👩\u{200D}", "[abcdefgh", "[abcdefg", "", "😀", "[", "\u{0}"]
        var counts: [String: Int] = [:]
        for _ in 0..<3000 {
            let key = stems.randomElement(using: &random)! + String(Int.random(in: 0..<400, using: &random), radix: 7)
            counts[key, default: 0] += Int.random(in: 1...3, using: &random)
        }
        let stats = FaceStats(counts: counts, catalog: "test")
        let bytes = { (key: String) in Array(key.utf8) }
        let expected = counts.map { ($0.key, $0.value) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : bytes($0.0).lexicographicallyPrecedes(bytes($1.0)) }
        #expect(stats.ranked.map(\.key) == expected.map(\.0))
        #expect(stats.ranked.map(\.count) == expected.map(\.1))
        #expect(stats.inKeyOrder.map(\.key) == counts.keys.sorted { bytes($0).lexicographicallyPrecedes(bytes($1)) })
    }

    @Test func aCopiedStreamCountsOnByItself() {
        // Counts are written through pointers while a chunk is scanned; a copy
        // made between chunks must still keep its own counts.
        var stream = FaceStats.Stream(catalog: .default)
        Array("[哈哈]🚀😀".utf8).withUnsafeBufferPointer { stream.feed($0) }
        var copy = stream
        Array("[哈哈][哈哈]🚀".utf8).withUnsafeBufferPointer { stream.feed($0) }
        stream.finish()
        copy.finish()
        let haha = FaceCatalog.default.face(forTag: "[哈哈]")!.tag
        #expect(stream.stats.counts[haha] == 3 && stream.stats.counts["🚀"] == 2)
        #expect(copy.stats.counts[haha] == 1 && copy.stats.counts["🚀"] == 1)
    }

    @Test func emojiWithoutAFaceMetAgainAreCountedAsWhenFirstMet() {
        // Long inputs (the scanner numbers clusters it remembers, from a few hundred
        // bytes on) where faceless clusters come again and again, split into chunks of
        // every size: the counts equal those of a counter given each token's bytes.
        var random = SeededGenerator(seed: 0xFACE_0013)
        let clusters = ["🚀", "🚀\u{FE0F}", "👍🏽", "👍🏿", "🇨🇳", "🇨🇦", "👨‍👩‍👧", "🧑‍💻", "🏳️‍🌈", "❤️", "☀", "1️⃣", "😀", "[哈哈]", "🛸", "🤌🏻"]
        let others = ["a", "\n", "好", "\u{FE0F}", "\u{200D}", "🏽"]
        let catalog = FaceCatalog.default
        for _ in 0..<20 {
            var input = ""
            while input.utf8.count < 6000 {
                input += clusters.randomElement(using: &random)!
                if Int.random(in: 0..<5, using: &random) == 0 { input += others.randomElement(using: &random)! }
            }
            let bytes = Array(input.utf8)
            var expected = FaceCounter(catalog: catalog)
            for token in FaceScanner(catalog: catalog).tokens(in: bytes) where token.kind != .text {
                bytes[token.range].withUnsafeBufferPointer { expected.add(token, bytes: $0) }
            }
            for chunkSize in [bytes.count, 700, 97, 1] {
                #expect(FaceStats.Stream.counts(of: bytes, catalog: catalog, inChunksOf: chunkSize) == expected.stats.counts, "chunks of \(chunkSize)")
            }
        }
    }

    /// Runs of emoji of every shape the run loop tells apart (see
    /// ``RunClusterTests``), coming again and again: counted as a counter
    /// given each token's bytes counts them, whatever the chunks.
    @Test func runsOfEveryShapeAreCountedAsTheirTokensSay() {
        var random = SeededGenerator(seed: 0xFACE_0041)
        for catalog in [RunClusterTests.catalog, FaceCatalog(faces: [])] {
            for round in 0..<8 {
                var input = "😀"
                while input.utf8.count < 3000 + 500 * round {
                    let piece = RunClusterTests.pieces.randomElement(using: &random)!
                    input += piece.unicodeScalars.first!.value < 0x80 && random.next() % 3 != 0 ? "😀" : piece
                }
                let bytes = Array(input.utf8)
                var expected = FaceCounter(catalog: catalog)
                for token in FaceScanner(catalog: catalog).tokens(in: bytes) where token.kind != .text {
                    bytes[token.range].withUnsafeBufferPointer { expected.add(token, bytes: $0) }
                }
                for chunkSize in [bytes.count, 4097, 64, 7] {
                    #expect(FaceStats.Stream.counts(of: bytes, catalog: catalog, inChunksOf: chunkSize) == expected.stats.counts,
                            "round \(round), chunks of \(chunkSize)")
                }
            }
        }
    }

    @Test func byteCountsAgreeWithADictionary() {
        var random = SeededGenerator(seed: 0xFACE_0011)
        var counts = ByteCounts()
        var expected: [[UInt8]: Int] = [:]
        var firstCome: [[UInt8]] = []
        for _ in 0..<20_000 {
            // Many short keys (collisions, growth), some long, the empty key too.
            let length = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...200, using: &random) : Int.random(in: 0...3, using: &random)
            let key = (0..<length).map { _ in UInt8.random(in: 0...7, using: &random) }
            let times = Int.random(in: 1...3, using: &random)
            key.withUnsafeBytes { _ = counts.add($0, count: times) }
            if expected[key] == nil { firstCome.append(key) }
            expected[key, default: 0] += times
        }
        #expect(Dictionary(uniqueKeysWithValues: entries(of: counts).map { ($0.key, $0.count) }) == expected)
        #expect(entries(of: counts).map(\.key) == firstCome)
    }

    @Test func longKeysAlikeButInTheMiddleAreCountedApartAndHashApart() {
        // ZWJ sequences often share their first and last eight bytes: keys
        // hashed by their ends alone would all fall in one probe chain.
        let keys = (0..<4096).map { number in
            Array(repeating: UInt8(0xF0), count: 8) + withUnsafeBytes(of: UInt64(number)) { Array($0) } + Array(repeating: 0x8D, count: 8)
        }
        #expect(Set(keys.map { $0.withUnsafeBytes { ShortKeyWords($0).hash(of: $0) } }).count == keys.count)
        var counts = ByteCounts()
        for key in keys + keys { key.withUnsafeBytes { _ = counts.add($0) } }
        #expect(entries(of: counts).map(\.key) == keys)
        #expect(entries(of: counts).allSatisfy { $0.count == 2 })
    }

    /// The keys and counts of a tally, in the order keys first came.
    private func entries(of counts: ByteCounts) -> [(key: [UInt8], count: Int)] {
        var entries: [(key: [UInt8], count: Int)] = []
        counts.forEach { entries.append((Array($0), $1)) }
        return entries
    }
}
