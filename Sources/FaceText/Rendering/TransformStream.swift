/// A renderer or tagger working on input that arrives in chunks.
///
/// ```swift
/// var stream = FaceRenderer(catalog: .default).makeStream()
/// var out: [UInt8] = []
/// for chunk in chunks { chunk.withUnsafeBufferPointer { stream.process($0, into: &out) } }
/// stream.finish(into: &out)
/// ```
///
/// Output is appended to a caller-owned buffer as soon as it is certain;
/// only a possible face cut by the chunk end is held back. The output does not
/// depend on how the input was split.
public struct TransformStream: Sendable {
    enum Writer: Sendable {
        case render(RenderWriter)
        case tag(TagWriter)
    }

    private var scanner: ChunkedScanner
    private let writer: Writer

    init(scanner: ChunkedScanner, writer: Writer) {
        self.scanner = scanner
        self.writer = writer
    }

    /// Transforms the next chunk, appending finished output to `out`.
    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var sink = Sink(writer: writer, out: OutputBuffer(capacity: chunk.count + chunk.count / 4 + 256))
        scanner.feed(chunk, into: &sink)
        sink.out.moveAll(to: &out)
    }

    /// Transforms the next chunk, appending finished output to `buffer`: the
    /// fastest form, as the buffer's storage is reused from chunk to chunk.
    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, into buffer: ByteBuffer) {
        let writer = self.writer
        buffer.withStorage { storage in
            var sink = Sink(writer: writer, out: storage)
            scanner.feed(chunk, into: &sink)
            storage = sink.out
        }
    }

    /// Ends the input, appending the rest of the output to `buffer`.
    public mutating func finish(into buffer: ByteBuffer) {
        let writer = self.writer
        buffer.withStorage { storage in
            var sink = Sink(writer: writer, out: storage)
            scanner.finish(into: &sink)
            storage = sink.out
        }
    }

    /// Transforms the next chunk, appending finished output to `out`.
    public mutating func process(_ chunk: [UInt8], into out: inout [UInt8]) {
        chunk.withUnsafeBufferPointer { process($0, into: &out) }
    }

    /// Ends the input, appending the rest of the output to `out`.
    public mutating func finish(into out: inout [UInt8]) {
        var sink = Sink(writer: writer, out: OutputBuffer(capacity: 4096))
        scanner.finish(into: &sink)
        sink.out.moveAll(to: &out)
    }

    private struct Sink: TokenSink {
        let writer: Writer
        var out: OutputBuffer

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            switch writer {
            case .render(let renderer): renderer.write(token, from: bytes, to: &out)
            case .tag(let tagger): tagger.write(token, from: bytes, to: &out)
            }
        }
    }
}
