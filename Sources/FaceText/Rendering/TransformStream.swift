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
        var storage = OutputBuffer(capacity: chunk.count + chunk.count / 4 + 256)
        run(&storage) { scanner, sink in scanner.feed(chunk, into: &sink) }
        storage.moveAll(to: &out)
    }

    /// Transforms the next chunk, appending finished output to `buffer`: the
    /// fastest form, as the buffer's storage is reused from chunk to chunk.
    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, into buffer: ByteBuffer) {
        buffer.withStorage { storage in run(&storage) { scanner, sink in scanner.feed(chunk, into: &sink) } }
    }

    /// Ends the input, appending the rest of the output to `buffer`.
    public mutating func finish(into buffer: ByteBuffer) {
        buffer.withStorage { storage in run(&storage) { scanner, sink in scanner.finish(into: &sink) } }
    }

    /// Transforms the next chunk, appending finished output to `out`.
    public mutating func process(_ chunk: [UInt8], into out: inout [UInt8]) {
        chunk.withUnsafeBufferPointer { process($0, into: &out) }
    }

    /// Ends the input, appending the rest of the output to `out`.
    public mutating func finish(into out: inout [UInt8]) {
        var storage = OutputBuffer(capacity: 4096)
        run(&storage) { scanner, sink in scanner.finish(into: &sink) }
        storage.moveAll(to: &out)
    }

    /// Runs `body` with a sink specialised for this stream's writer, writing into `storage`.
    private mutating func run(_ storage: inout OutputBuffer,
                              _ body: (inout ChunkedScanner, inout WriterSink) -> Void) {
        var sink = WriterSink(writer: writer, out: storage)
        body(&scanner, &sink)
        storage = sink.out
    }

    /// Hands tokens to the writer. The writer objects are kept alive by the
    /// stream for the whole call, so they are held without reference counting.
    struct WriterSink: TokenSink {
        private unowned(unsafe) let render: RenderWriter?
        private unowned(unsafe) let tag: TagWriter?
        var out: OutputBuffer

        init(writer: Writer, out: OutputBuffer) {
            switch writer {
            case .render(let renderWriter): (render, tag) = (renderWriter, nil)
            case .tag(let tagWriter): (render, tag) = (nil, tagWriter)
            }
            self.out = out
        }

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            if let render {
                render.write(token, from: bytes, to: &out)
            } else {
                tag.unsafelyUnwrapped.write(token, from: bytes, to: &out)
            }
        }
    }
}
