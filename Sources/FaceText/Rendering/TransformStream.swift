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
    /// What a stream writes with, chosen once when its renderer or tagger is made.
    enum Writer: Sendable {
        /// The render loop that replaces scanner and writer where the catalog and style allow it.
        case kernel(BracketRenderKernel)
        /// The scanner's tokens, each written in a render style.
        case render(RenderWriter)
        /// The scanner's tokens, each face written as its tag.
        case tag(TagWriter)

        /// The writer of a render stream: the kernel where it applies (text copied unchanged,
        /// `[…]` tags and those that start with one other byte, as WeChat's `/::)`), else
        /// `writer` after the scanner. The one place the kernel is chosen.
        static func rendering(_ writer: RenderWriter, allowKernel: Bool) -> Writer {
            let index = writer.catalog.index
            let bracket = Int(UInt8(ascii: "["))
            let otherBytes = index.tagTrie.firstBytes.indices.filter { index.tagTrie.firstBytes[$0] && $0 != bracket }.map(UInt8.init)
            guard allowKernel, writer.copiesTextUnchanged, let bracketTags = index.bracketTags, otherBytes.count <= 1,
                  let replacements = writer.replacements else {
                return .render(writer)
            }
            let otherTags = otherBytes.first.map { index.tagKeys.pairs(startingWith: $0).map { (tag: $0.key, face: $0.value) } } ?? []
            // None for a catalog of more short tags than the kernel's table holds.
            guard let kernel = BracketRenderKernel(tags: bracketTags, replacements: replacements, otherTags: otherTags,
                                                   otherByte: otherBytes.first ?? 0, trie: index.tagTrie) else { return .render(writer) }
            return .kernel(kernel)
        }
    }

    private var scanner: ChunkedScanner
    private let writer: Writer
    /// Emoji images already written by a render stream with emoji images.
    private var emojiImages = EmojiImageCache()

    init(scanner: ChunkedScanner, writer: Writer) {
        self.scanner = scanner
        self.writer = writer
    }

    /// Transforms the next chunk, appending finished output to `out`.
    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var storage = OutputBuffer(capacity: chunk.count + chunk.count / 4 + 256)
        run(&storage, chunk)
        storage.moveAll(to: &out)
    }

    /// Transforms the next chunk, appending finished output to `buffer`: the
    /// fastest form, as the buffer's storage is reused from chunk to chunk.
    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, into buffer: StreamOutput) {
        buffer.withStorage { storage in run(&storage, chunk) }
    }

    /// Ends the input, appending the rest of the output to `buffer`.
    public mutating func finish(into buffer: StreamOutput) {
        buffer.withStorage { storage in run(&storage, nil) }
    }

    /// Transforms the next chunk, appending finished output to `out`.
    public mutating func process(_ chunk: [UInt8], into out: inout [UInt8]) {
        chunk.withUnsafeBufferPointer { process($0, into: &out) }
    }

    /// Ends the input, appending the rest of the output to `out`.
    public mutating func finish(into out: inout [UInt8]) {
        var storage = OutputBuffer(capacity: 4096)
        run(&storage, nil)
        storage.moveAll(to: &out)
    }

    /// Feeds `chunk` (or, if nil, ends the input) through a sink specialised
    /// for this stream's writer, writing into `storage`.
    private mutating func run(_ storage: inout OutputBuffer, _ chunk: UnsafeBufferPointer<UInt8>?) {
        switch writer {
        case .kernel(let kernel):
            if let chunk {
                scanner.feed(chunk) { bytes, isFinal, _ in kernel.render(bytes, isFinal: isFinal, into: &storage) }
            } else {
                scanner.finish { bytes, isFinal, _ in kernel.render(bytes, isFinal: isFinal, into: &storage) }
            }
        case .render(let render):
            // The image cache is moved into the sink and back, so it is never copied.
            var sink = RenderSink(writer: render, out: storage, images: emojiImages)
            emojiImages = EmojiImageCache()
            if let chunk { scanner.feed(chunk, into: &sink) } else { scanner.finish(into: &sink) }
            storage = sink.out
            emojiImages = sink.images
        case .tag(let tag):
            var sink = TagSink(writer: tag, out: storage)
            if let chunk { scanner.feed(chunk, into: &sink) } else { scanner.finish(into: &sink) }
            storage = sink.out
        }
    }

    // Two concrete sinks rather than one generic over the writer: the generic
    // form was not specialised and cost about 60% more instructions per token.
    private struct RenderSink: TokenSink {
        let writer: RenderWriter
        var out: OutputBuffer
        var images: EmojiImageCache

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            writer.write(token, from: bytes, to: &out, images: &images)
        }
    }

    private struct TagSink: TokenSink {
        let writer: TagWriter
        var out: OutputBuffer

        /// Emoji without a face are copied like the text around them; each emoji of a run is
        /// written as its tag or its own bytes, chosen without a branch.
        static var policy: SinkPolicy { SinkPolicy(facelessEmoji: false, runClusters: true) }

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            writer.write(token, from: bytes, to: &out)
        }

        @inline(__always)
        mutating func consumeRunCluster(face: FaceCode, start: Int, length: Int, roomy: Bool, in bytes: UnsafeBufferPointer<UInt8>) {
            writer.writeRunCluster(face: face, start: start, length: length, from: bytes, roomy: roomy, to: &out)
        }
    }
}
