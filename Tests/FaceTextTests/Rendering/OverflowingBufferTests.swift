import Testing
import FaceText
import TestSupport

/// A buffer that hands its bytes on when full (``StreamOutput/overflow(over:to:)``)
/// gives every stream's output byte for byte, whatever the limit, and never
/// holds much more than twice the limit plus the largest piece.
@Suite struct OverflowingBufferTests {
    /// Runs `feed` over `input` in chunks into a buffer that overflows past `limit` (or never, for nil);
    /// returns all the bytes, and the most the buffer held after any chunk.
    static func output(of input: [UInt8], limit: Int?, chunk: Int = 4096,
                       _ feed: (UnsafeBufferPointer<UInt8>?, StreamOutput) -> Void) -> (bytes: [UInt8], held: Int) {
        let buffer = StreamOutput(capacity: 16)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        if let limit { buffer.overflow(over: limit) { sink.bytes += $0 } }
        var held = 0
        input.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: chunk) {
                feed(UnsafeBufferPointer(rebasing: all[start..<min(start + chunk, all.count)]), buffer)
                held = max(held, buffer.count)
            }
        }
        feed(nil, buffer)
        buffer.withBytes { sink.bytes += $0 }
        return (sink.bytes, held)
    }

    static let corpus = ChatCorpus(seed: 7, lines: 400).bytes
    static let long = String(repeating: "x", count: 20_000)

    static let renderers: [(String, FaceRenderer)] = [
        ("unicode", FaceRenderer(catalog: .default)),
        ("html with emoji images", FaceRenderer(catalog: .default, style: .html(imageBase: "faces/"), emojiImages: true)),
        ("markdown", FaceRenderer(catalog: .default, style: .markdown(imageBase: long))),
        ("a template longer than the faces' budget", FaceRenderer(catalog: .default, style: .template(long + "{tag}{emoji}"))),
        ("html with a long image base", FaceRenderer(catalog: .default, style: .html(imageBase: long), emojiImages: true)),
    ]

    @Test(arguments: renderers.indices, [64, 1000, 1 << 16])
    func renderedBytesAreTheSame(renderer index: Int, limit: Int) {
        let renderer = Self.renderers[index].1
        func run(_ limit: Int?) -> (bytes: [UInt8], held: Int) {
            var stream = renderer.makeStream()
            return Self.output(of: Self.corpus, limit: limit) { chunk, out in
                if let chunk { stream.process(chunk, into: out) } else { stream.finish(into: out) }
            }
        }
        let whole = run(nil), spilled = run(limit)
        #expect(spilled.bytes == whole.bytes, "\(Self.renderers[index].0)")
        #expect(whole.bytes == renderer.render(Self.corpus))
        // Twice the limit, the largest piece (a face's reference, or a chunk's text), and a word of slack.
        #expect(spilled.held <= 2 * limit + 2 * Self.long.utf8.count + 4096 + 64, "\(Self.renderers[index].0): \(spilled.held)")
    }

    @Test(arguments: [64, 1000])
    func scannedAndEditedAndWrappedBytesAreTheSame(limit: Int) {
        func lister(_ limit: Int?) -> [UInt8] {
            var lister = FaceLister(catalog: .default)
            return Self.output(of: Self.corpus, limit: limit) { chunk, out in
                if let chunk { lister.feed(chunk, into: out) } else { lister.finish(into: out) }
            }.bytes
        }
        #expect(lister(limit) == lister(nil))
        func editor(_ limit: Int?, _ output: LineEditor.Stream.Output) -> [UInt8] {
            var stream = LineEditor.Stream(editor: LineEditor(catalog: .default), presses: 2, output: output)
            return Self.output(of: Self.corpus, limit: limit) { chunk, out in
                if let chunk { stream.feed(chunk, into: out) } else { stream.finish(into: out) }
            }.bytes
        }
        for output in [LineEditor.Stream.Output.kept, .deleted, .json] { #expect(editor(limit, output) == editor(nil, output)) }
        func wrapped(_ limit: Int?, _ breaking: TextWrapper.Breaking) -> [UInt8] {
            var stream = TextWrapper.Stream(wrapper: TextWrapper(width: 7, catalog: .default, breaking: breaking))
            return Self.output(of: Self.corpus, limit: limit) { chunk, out in
                if let chunk { stream.feed(chunk, into: out) } else { stream.finish(into: out) }
            }.bytes
        }
        for breaking in TextWrapper.Breaking.allCases { #expect(wrapped(limit, breaking) == wrapped(nil, breaking)) }
    }

    /// Every way of appending, past the limit many times over.
    @Test func everyAppendKeepsItsBytesInOrder() {
        let buffer = StreamOutput(capacity: 8)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        buffer.overflow(over: 100) { sink.bytes += $0 }
        var expected: [UInt8] = []
        for number in 0..<2000 {
            switch number % 5 {
            case 0: buffer.append(UInt8(ascii: "a")); expected.append(UInt8(ascii: "a"))
            case 1: buffer.append(Array("[哈哈]".utf8)); expected += Array("[哈哈]".utf8)
            case 2: buffer.append(decimal: number); expected += Array(String(number).utf8)
            case 3:
                let pointer = buffer.reserve(300)
                for offset in 0..<300 { pointer[offset] = UInt8(ascii: "z") }
                buffer.commit(300)
                expected += [UInt8](repeating: UInt8(ascii: "z"), count: 300)
            default:
                buffer.append(maximumCount: 8) { start in
                    start[0] = UInt8(ascii: "<"); start[1] = UInt8(ascii: ">")
                    return 2
                }
                expected += Array("<>".utf8)
            }
            #expect(buffer.count <= 2 * 100 + 300)
        }
        buffer.withBytes { sink.bytes += $0 }
        #expect(sink.bytes == expected)
    }
}
