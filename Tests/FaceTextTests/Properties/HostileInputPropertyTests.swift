import Testing
import TestSupport
@testable import FaceText

/// Seeded property tests over hostile input: every byte that is not a
/// converted face passes through unchanged, round trips hold, and the output
/// does not depend on how the input is split.
@Suite struct HostileInputPropertyTests {
    let catalog = FaceCatalog.default

    /// A brute-force render: at each byte, the longest catalog spelling that
    /// starts there becomes its face's emoji (or stays, if the face has none);
    /// any other byte is copied. Independent of the scanner.
    func referenceRender(_ input: [UInt8]) -> [UInt8] {
        let spellings = catalog.faces.flatMap { face in face.tags.filter { $0 != face.emoji }.map { (Array($0.utf8), face) } }
        var output: [UInt8] = []
        var index = 0
        while index < input.count {
            var best: ([UInt8], Face)?
            for (spelling, face) in spellings where spelling.count > (best?.0.count ?? 0)
                && input[index...].starts(with: spelling) {
                best = (spelling, face)
            }
            if let (spelling, face) = best {
                output += Array((face.emoji ?? String(decoding: spelling, as: UTF8.self)).utf8)
                index += spelling.count
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return output
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func renderEqualsTheBruteForceReferenceOnHostileInput(seed: UInt64) {
        var generator = HostileText(seed: seed)
        let renderer = FaceRenderer(catalog: catalog)
        for _ in 0..<1000 {
            let input = generator.next()
            #expect(renderer.render(input) == referenceRender(input), "\(input)")
        }
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func tagChangesOnlyEmojiWithFaces(seed: UInt64) {
        var generator = HostileText(seed: seed)
        let tagger = FaceTagger(catalog: catalog)
        let scanner = FaceScanner(catalog: catalog, recognizing: [.emoji, .images])
        for _ in 0..<1000 {
            let input = generator.next()
            let tokens = scanner.tokens(in: input)
            #expect(tokens.map(\.range.count).reduce(0, +) == input.count)
            for token in tokens where token.kind != .text && token.face != nil {
                #expect(String(validating: input[token.range], as: UTF8.self) != nil, "a face is always valid UTF-8")
            }
            let expected = taggedReference(tokens, in: input, catalog: catalog)
            #expect(tagger.tag(input) == expected, "\(input)")
        }
    }

    @Test(arguments: [UInt64(21), 22])
    func renderOfTagGivesBackTextWhoseEmojiAllHaveFaces(seed: UInt64) {
        var generator = HostileText(seed: seed, pieces: [.emoji, .emojiFragment, .cjk, .ascii, .lineBreak, .nul, .invalid, .partialTag])
        let renderer = FaceRenderer(catalog: catalog)
        let tagger = FaceTagger(catalog: catalog)
        let withFaces = catalog.faces.compactMap(\.emoji)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<1000 {
            // Emoji from the catalog, between hostile non-tag pieces.
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                input += Bool.random(using: &random) ? Array(withFaces.randomElement(using: &random)!.utf8) : generator.next(maximumPieces: 2)
            }
            // The property is about text without tags: pieces such as "[哈哈" + "]" may make one.
            if FaceScanner(catalog: catalog, recognizing: .tags).tokens(in: input).contains(where: { $0.kind == .tag }) { continue }
            let back = renderer.render(tagger.tag(input))
            #expect(EmojiKey.normalized(back) == EmojiKey.normalized(input), "\(input)")
        }
    }

    @Test(arguments: [UInt64(31), 32])
    func backspaceOnlyEverRemovesASuffix(seed: UInt64) {
        var generator = HostileText(seed: seed, pieces: [.tag, .partialTag, .emoji, .emojiFragment, .cjk, .ascii, .nul, .invalid])
        let editor = LineEditor(catalog: catalog)
        for _ in 0..<1000 {
            let line = generator.next()
            let presses = generator.number(in: 0...6)
            let (kept, deleted) = editor.backspace(line, presses: presses)
            #expect(Array(kept) + Array(deleted) == line)
            var reference = FaceLine(bytes: line, catalog: catalog)
            for _ in 0..<presses { reference.backspaceBytes() }
            #expect(Array(kept) == reference.bytes, "\(line) × \(presses)")
        }
    }

    @Test(arguments: [UInt64(41), 42, 43])
    func tokensAreTheSameForEveryChunkSize(seed: UInt64) {
        var generator = HostileText(seed: seed)
        let scanner = FaceScanner(catalog: catalog, recognizing: [.tags, .emoji, .images, .unknownTags])
        for _ in 0..<15 {
            let input = generator.next(maximumPieces: 40)
            let whole = scanner.tokens(in: input).filter { $0.kind != .text }
            for size in 1...64 {
                var stream = scanner.makeStream()
                var faces: [Token] = []
                var start = 0
                while start < input.count {
                    faces += stream.feed(Array(input[start..<min(start + size, input.count)])).filter { $0.kind != .text }
                    start += size
                }
                faces += stream.finish().filter { $0.kind != .text }
                #expect(faces == whole, "size \(size): \(input)")
            }
        }
    }
}
