import Testing
import TestSupport
@testable import FaceText

@Suite struct FaceCounterTests {
    /// Emoji without a face are counted by their bytes less U+FE0F; single
    /// scalars take a shortcut that must count the same.
    @Test func facelessEmojiAreCountedByTheirSequence() {
        var stream = FaceCountingStream(catalog: FaceCatalog(faces: []))
        Array("🚀🚀\u{FE0F} 👨‍👩‍👧 🚀\n🇨🇳".utf8).withUnsafeBufferPointer { stream.feed($0) }
        stream.finish()
        #expect(stream.stats.counts == ["🚀": 3, "👨‍👩‍👧": 1, "🇨🇳": 1])
    }

    /// Every scalar of U+1F000–U+1FFFF alone, with U+FE0F, U+FE0E or a skin
    /// tone, twice, and after text: counted as a dictionary of the tokens'
    /// tags and texts (less U+FE0F) counts them, whatever the chunks.
    @Test func everySingleScalarEmojiIsCountedUnderItsSequence() {
        var input = ""
        for value in UInt32(0x1F000)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            input += text + " " + text + "\u{FE0F}" + text + text + "\u{FE0E}a" + text + "\u{1F3FD}\n"
        }
        let bytes = Array(input.utf8)
        for catalog in [FaceCatalog.default, FaceCatalog(faces: [])] {
            var expected: [String: Int] = [:]
            for token in FaceScanner(catalog: catalog).tokens(in: bytes) where token.kind == .emoji {
                let key = token.face.map { catalog.faces[$0].tag }
                    ?? String(decoding: EmojiKey.normalized(Array(bytes[token.range])), as: UTF8.self)
                expected[key, default: 0] += 1
            }
            for chunkSize in [bytes.count, 4096, 5] {
                #expect(counts(of: bytes, catalog: catalog, chunkSize: chunkSize) == expected, "chunks of \(chunkSize)")
            }
        }
    }

    /// Spellings that differ only in the order of combining marks are one
    /// `String` key; which spelling names it must not depend on hashing.
    @Test func equivalentSpellingsAreNamedByTheFirstInByteOrder() {
        let first = "🚀\u{0301}\u{302A}", second = "🚀\u{302A}\u{0301}"
        for input in [first + " " + second, second + " " + first, second + " " + second + " " + first] {
            var stream = FaceCountingStream(catalog: FaceCatalog(faces: []))
            Array(input.utf8).withUnsafeBufferPointer { stream.feed($0) }
            stream.finish()
            let keys = stream.stats.ranked.map(\.key)
            #expect(keys.count == 1)
            #expect(keys.first.map { Array($0.utf8) } == Array(first.utf8))
        }
    }

    @Test func aCopiedStreamCountsOnByItself() {
        // Counts are written through pointers while a chunk is scanned; a copy
        // made between chunks must still keep its own counts.
        var stream = FaceCountingStream(catalog: .default)
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
                #expect(counts(of: bytes, catalog: catalog, chunkSize: chunkSize) == expected.stats.counts, "chunks of \(chunkSize)")
            }
        }
    }

    @Test func byteCountsAgreeWithADictionary() {
        var random = SeededGenerator(seed: 0xFACE_0011)
        var counts = ByteCounts()
        var expected: [[UInt8]: Int] = [:]
        for _ in 0..<20_000 {
            // Many short keys (collisions, growth), some long, the empty key too.
            let length = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...200, using: &random) : Int.random(in: 0...3, using: &random)
            let key = (0..<length).map { _ in UInt8.random(in: 0...7, using: &random) }
            let times = Int.random(in: 1...3, using: &random)
            key.withUnsafeBytes { _ = counts.add($0, count: times) }
            expected[key, default: 0] += times
        }
        #expect(Dictionary(uniqueKeysWithValues: counts.sorted.map { ($0.key, $0.count) }) == expected)
        #expect(counts.sorted.map(\.key) == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
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
        #expect(counts.sorted.map(\.key) == keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(counts.sorted.allSatisfy { $0.count == 2 })
    }

    /// The counts of a stream fed `bytes` in chunks of `chunkSize`.
    private func counts(of bytes: [UInt8], catalog: FaceCatalog, chunkSize: Int) -> [String: Int] {
        var stream = FaceCountingStream(catalog: catalog)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            bytes[start..<end].withUnsafeBufferPointer { stream.feed($0) }
            start = end
        }
        stream.finish()
        return stream.stats.counts
    }
}
