import Foundation
import Testing
import TestSupport
@testable import FaceText

/// A run of emoji goes on across a line ending when the next line starts with
/// an emoji (lines of nothing but emoji are one run), and a run may start at
/// a scalar of U+2000–U+2FFF. Whatever the lines hold, `tag`, `scan` and
/// `stats` must give what the scanner's tokens say, whatever the chunks.
@Suite struct RunAcrossLinesTests {
    /// How a line may start: emoji of every shape (``RunClusterTests/pieces``),
    /// and what a run must not swallow or must hand back: digits that start a
    /// date or make a keycap, a keycap whose base is text before U+20E3, text-style
    /// symbols, U+20E3 or U+FE0F alone, text.
    static let starts: [String] = RunClusterTests.pieces + [
        "2024-03-01 12:00 ", "1⃣", "1️⃣", "12⃣", "7a", "#", "a1⃣", "好2⃣", "™", "™️", "‼", "\u{20E3}", "\u{FE0F}",
        "\u{2019}", "…", "é", "",
    ]

    /// Lines of emoji, each started by one of ``starts``, ended by LF or CR LF (or by CR alone, or nothing at the end).
    static func lines(seed: UInt64, count: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var text = ""
        for line in 0..<count {
            text += starts.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let piece = RunClusterTests.pieces.randomElement(using: &random)!
                text += piece.unicodeScalars.first!.value < 0x80 && random.next() % 3 != 0 ? "😀" : piece
            }
            if line < count - 1 { text += ["\n", "\n", "\r\n", "\r", "\n\n"].randomElement(using: &random)! }
        }
        return Array(text.utf8)
    }

    static let catalog = RunClusterTests.catalog

    @Test func linesOfEmojiAreTaggedAsTheirTokensSay() {
        let tagger = FaceTagger(catalog: Self.catalog)
        let scanner = FaceScanner(catalog: Self.catalog, recognizing: [.emoji, .images])
        for round in 0..<12 {
            let input = Self.lines(seed: 0xFACE_0050 + UInt64(round), count: 150)
            let expected = taggedReference(scanner.tokens(in: input), in: input, catalog: Self.catalog)
            #expect(tagger.tag(input) == expected, "round \(round)")
            for chunkSize in [5, 64, 4097] {
                #expect(tagger.makeStream().output(of: input, inChunksOf: chunkSize) == expected, "round \(round) in chunks of \(chunkSize)")
            }
        }
    }

    @Test func linesOfEmojiAreListedOnTheirOwnLines() {
        let scanner = FaceScanner(catalog: Self.catalog, recognizing: [.tags, .emoji, .images])
        for round in 0..<6 {
            let input = Self.lines(seed: 0xFACE_0060 + UInt64(round), count: 150)
            // Each face's text, offset and line, as the tokens give them and as listed.
            var line = 1, counted = 0
            let expected = scanner.tokens(in: input).filter { $0.kind != .text }.map { token in
                line += input[counted..<token.range.lowerBound].filter { $0 == 0x0A }.count
                counted = token.range.lowerBound
                return "\(String(decoding: input[token.range], as: UTF8.self)) \(token.range.lowerBound) \(line)"
            }
            let whole = list(input, chunk: input.count)
            let listed = whole.split(separator: 0x0A).map { json in
                let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] ?? [:]
                return "\(object["text"] as? String ?? "?") \(object["offset"] as? Int ?? -1) \(object["line"] as? Int ?? -1)"
            }
            let difference = zip(listed, expected).first { $0 != $1 }
            #expect(difference == nil && listed.count == expected.count,
                    "round \(round): \(difference.map { "\($0) instead of \($1)" } ?? "\(listed.count) faces, not \(expected.count)")")
            for chunk in [1, 7, 64] {
                #expect(list(input, chunk: chunk) == whole, "round \(round), chunks of \(chunk)")
            }
        }
    }

    @Test func linesOfEmojiAreCountedAsTheirTokensSay() {
        for round in 0..<6 {
            let input = Self.lines(seed: 0xFACE_0070 + UInt64(round), count: 150)
            var expected = FaceCounter(catalog: Self.catalog)
            for token in FaceScanner(catalog: Self.catalog).tokens(in: input) where token.kind != .text {
                input[token.range].withUnsafeBufferPointer { expected.add(token, bytes: $0) }
            }
            for chunkSize in [input.count, 64, 7] {
                #expect(FaceStats.Stream.counts(of: input, catalog: Self.catalog, inChunksOf: chunkSize) == expected.stats.counts,
                        "round \(round), chunks of \(chunkSize)")
            }
        }
    }

    @Test func aKeycapWhoseBaseIsTextAfterARunIsFound() {
        // The base ends the run (or starts the line), and U+20E3 after it makes the keycap.
        let tagger = FaceTagger(catalog: Self.catalog)
        let padding = String(repeating: "😀", count: 12)
        for base in ["1", "#", "*"] {
            for before in ["😸©", "😸a", "™", "a", "😀\n", "❤️\r\n"] {
                let text = padding + before + base + "\u{20E3}" + padding + "\n" + base + "\u{FE0F}\u{20E3}" + padding
                let input = Array(text.utf8)
                let keycaps = FaceScanner(catalog: Self.catalog).tokens(in: input).filter { $0.kind == .emoji && input[$0.range].first! < 0x80 }
                #expect(keycaps.count == 2, "\(before.debugDescription) \(base)")
                let listed = list(input, chunk: input.count).split(separator: 0x0A).compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any]
                }
                #expect(listed.filter { $0["text"] as? String == base + "\u{20E3}" }.count == 1, "\(before.debugDescription) \(base)")
                let scanner = FaceScanner(catalog: Self.catalog, recognizing: [.emoji, .images])
                let expected = scanner.tokens(in: input).flatMap { token in
                    token.kind != .text && token.face != nil ? Array(Self.catalog.faces[token.face!].tag.utf8) : Array(input[token.range])
                }
                #expect(tagger.tag(input) == expected, "\(before.debugDescription) \(base)")
            }
        }
    }

    /// What `scan` lists for `bytes` fed in chunks of `chunk`.
    private func list(_ bytes: [UInt8], chunk: Int) -> [UInt8] {
        FaceLister.listing(of: bytes, catalog: Self.catalog, recognizing: [.tags, .emoji, .images], inChunksOf: chunk)
    }
}
