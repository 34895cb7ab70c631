/// Turns Unicode emoji and the image references that ``FaceRenderer`` writes
/// back into catalog tags: the way back from `render`.
///
/// ```swift
/// FaceTagger(catalog: .default).tag("今天😃")    // "今天[哈哈]"
/// ```
///
/// An emoji becomes the canonical tag of its face (compared without U+FE0F);
/// emoji without a face, tags already in the text and every other byte are
/// copied unchanged.
public struct FaceTagger: Sendable {
    /// The catalog whose faces are used.
    public let catalog: FaceCatalog
    let scanner: FaceScanner
    let writer: TagWriter

    /// Creates a tagger.
    public init(catalog: FaceCatalog) {
        self.catalog = catalog
        scanner = FaceScanner(catalog: catalog, recognizing: [.emoji, .images])
        writer = TagWriter(tags: catalog.faces.map { Array($0.tag.utf8) })
    }

    /// Tags a whole string.
    public func tag(_ text: String) -> String {
        String(decoding: tag(Array(text.utf8)), as: UTF8.self)
    }

    /// Tags whole bytes.
    public func tag(_ bytes: [UInt8]) -> [UInt8] {
        var stream = makeStream()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { stream.process($0, into: &out) }
        stream.finish(into: &out)
        return out
    }

    /// A tagger for input that arrives in chunks.
    public func makeStream() -> TransformStream {
        TransformStream(scanner: ChunkedScanner(engine: scanner.engine), writer: .tag(writer))
    }
}

/// Writes tokens as tags: the per-token work of a tag stream.
struct TagWriter: Sendable {
    private let tags: FlatStrings

    init(tags: [[UInt8]]) {
        self.tags = FlatStrings(tags)
    }

    @inline(__always)
    func write(_ token: RawToken, from bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        if token.kind != .text, let face = token.face.faceIndex {
            _ = tags.append(face, to: &out)
            if token.kind == .emoji {
                // Marks the face does not stand for (`😃́`) stay after its tag.
                let marks = EmojiMatcher.trailingMarksStart(in: bytes, start: token.start, end: token.end)
                if marks < token.end { out.append(bytes, from: marks, to: token.end) }
            }
        } else {
            out.append(bytes, from: token.start, to: token.end)       // text between faces is mostly short
        }
    }

    /// Writes a cluster of a run of emoji: its tag (for a face) or
    /// its own bytes. `roomy`: 32 bytes are known to be readable from `start`.
    @inline(__always)
    func writeRunCluster(face: FaceCode, start: Int, length: Int, from bytes: UnsafeBufferPointer<UInt8>, roomy: Bool,
                         to out: inout OutputBuffer) {
        // Its own bytes are copied 32 at a time: that many must be there.
        if roomy || start &+ 32 <= bytes.count,
           tags.append(Int(face.rawValue), if: face.isFace, else: UnsafeRawPointer(bytes.baseAddress! + start), length: length, to: &out) {
            return
        }
        write(RawToken(kind: face.isFace ? .emoji : .text, face: face, start: start, end: start + length), from: bytes, to: &out)
    }
}
