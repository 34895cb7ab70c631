import Testing
import TestSupport
@testable import FaceText

/// `scan`, `stats` and `tag` take bracketed tags that follow a tag in a loop
/// of their own. Whatever comes between or after them (unknown tags, tags
/// cut short, brackets that open nothing, emoji, text), and wherever the
/// chunks split them, each command must give what the scanner's tokens say.
@Suite struct TagRunTests {
    /// Known tags (with aliases, one over 16 bytes), and what may break a run of them.
    static let pieces: [String] = [
        "[哈哈]", "[心]", "[乾杯]", "[干杯]", "[微笑]", "[二哈]", "[超长的表情名字啊]",
        "[未知]", "[abc]", "[", "]", "[[", "[哈", "哈]", "[\n]", "😀", "a", "\n", "[哈哈", "[]",
    ]

    static let catalog = FaceCatalog(faces: FaceCatalog.default.faces + [Face(tag: "[超长的表情名字啊]", emoji: "🐢")])

    /// Mostly tags back to back, with a piece of anything else now and then.
    static func text(seed: UInt64, pieces count: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var text = ""
        for _ in 0..<count {
            text += Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : pieces[Int.random(in: 0..<7, using: &random)]
        }
        return Array(text.utf8)
    }

    @Test(arguments: [FaceScanner.Recognized.all, [.tags, .emoji, .images, .unknownTags], [.tags]])
    func tagsBackToBackAreCountedAsTheirTokensSay(recognized: FaceScanner.Recognized) {
        for round in 0..<4 {
            let input = Self.text(seed: 0xFACE_0080 + UInt64(round), pieces: 3000)
            var expected = FaceCounter(catalog: Self.catalog)
            for token in FaceScanner(catalog: Self.catalog, recognizing: recognized).tokens(in: input) where token.kind != .text {
                input[token.range].withUnsafeBufferPointer { expected.add(token, bytes: $0) }
            }
            for chunkSize in [input.count, 4097, 61, 7] {
                #expect(FaceStats.Stream.counts(of: input, catalog: Self.catalog, recognizing: recognized, inChunksOf: chunkSize)
                        == expected.stats.counts, "round \(round), chunks of \(chunkSize)")
            }
        }
    }

    @Test func tagsBackToBackAreListedAsTheirTokensSay() {
        let recognized: FaceScanner.Recognized = [.tags, .emoji, .images, .unknownTags]
        let scanner = FaceScanner(catalog: Self.catalog, recognizing: recognized)
        for round in 0..<4 {
            let input = Self.text(seed: 0xFACE_0090 + UInt64(round), pieces: 2000)
            let expected = scanner.tokens(in: input).filter { $0.kind != .text }.map { "\($0.kind.rawValue) \($0.range)" }
            for chunkSize in [input.count, 61, 7] {
                let listed = FaceLister.listing(of: input, catalog: Self.catalog, recognizing: recognized, inChunksOf: chunkSize)
                    .split(separator: 0x0A).map { line -> String in
                        let text = String(decoding: line, as: UTF8.self)
                        let kind = text.components(separatedBy: "\"kind\":\"")[1].prefix { $0 != "\"" }
                        let offset = Int(text.components(separatedBy: "\"offset\":")[1].prefix { $0.isNumber })!
                        let length = Int(text.components(separatedBy: "\"length\":")[1].prefix { $0.isNumber })!
                        return "\(kind) \(offset..<(offset + length))"
                    }
                let difference = zip(listed, expected).first { $0 != $1 }
                #expect(difference == nil && listed.count == expected.count,
                        "round \(round), chunks of \(chunkSize): \(difference.map { "\($0) instead of \($1)" } ?? "\(listed.count) lines, not \(expected.count)")")
            }
        }
    }
}
