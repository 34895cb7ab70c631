import Foundation
import Testing
import TestSupport
@testable import FaceText

/// Chunks longer than ``ChunkedScanner/bridge``: when a face is held back at
/// the end of one, only the start of the next joins it and the rest is
/// scanned where it lies. Tokens, their offsets and the output must be what
/// one pass over the whole input gives.
@Suite struct ChunkedScannerTests {
    /// About 150 KB of faces of every kind, densely packed, so that nearly every
    /// chunk ends inside a face; long ZWJ chains and tags are in it too.
    static let input: [UInt8] = {
        var generator = HostileText(seed: 0xB41D6E)
        var bytes: [UInt8] = []
        while bytes.count < 150_000 {
            bytes += generator.next(maximumPieces: 40)
            if generator.number(in: 0...9) == 0 {
                let chain = String(repeating: "\u{1F468}\u{200D}", count: generator.number(in: 1...120)) + "\u{1F469}"
                bytes += Array(chain.utf8)
            }
        }
        return bytes
    }()

    static let sizes = [ChunkedScanner.bridge + 1, 5_000, 3 * ChunkedScanner.bridge - 7, 65_536]

    @Test(arguments: sizes)
    func tokensAndOffsetsAreThoseOfTheWholeInput(size: Int) {
        let scanner = FaceScanner(catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags])
        let whole = scanner.tokens(in: Self.input).filter { $0.kind != .text }
        var stream = scanner.makeStream()
        var tokens: [Token] = []
        for start in stride(from: 0, to: Self.input.count, by: size) {
            tokens += stream.feed(Array(Self.input[start..<min(start + size, Self.input.count)]))
        }
        tokens += stream.finish()
        #expect(tokens.map(\.range.count).reduce(0, +) == Self.input.count)
        let faces = tokens.filter { $0.kind != .text }
        #expect(faces.count == whole.count)
        let first = zip(faces, whole).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(first == nil, "first difference at face \(first?.offset ?? -1): \(String(describing: first?.element))")
    }

    @Test(arguments: sizes)
    func taggedAndRenderedOutputIsThatOfTheWholeInput(size: Int) {
        let tagger = FaceTagger(catalog: .default)
        let renderer = FaceRenderer(catalog: .default)
        for (whole, stream) in [(tagger.tag(Self.input), tagger.makeStream()), (renderer.render(Self.input), renderer.makeStream())] {
            let out = stream.output(of: Self.input, inChunksOf: size)
            #expect(out.count == whole.count)
            #expect(out == whole, "first difference at byte \(zip(out, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1)")
        }
    }

    @Test func nearlyEveryChunkEndsInsideAFace() {
        // Else the tests above would not reach the bridge.
        var scanner = ChunkedScanner(engine: ScanEngine(catalog: .default, recognized: [.tags, .emoji, .images, .unknownTags]))
        var heldBack = 0
        var sink = TokenCollector()
        let size = ChunkedScanner.bridge + 1
        for start in stride(from: 0, to: Self.input.count, by: size) {
            let chunk = Array(Self.input[start..<min(start + size, Self.input.count)])
            chunk.withUnsafeBufferPointer { scanner.feed($0, into: &sink) }
            if scanner.offset < start + chunk.count { heldBack += 1 }
        }
        #expect(heldBack * 2 > Self.input.count / size, "\(heldBack) of \(Self.input.count / size) chunks")
    }
}
