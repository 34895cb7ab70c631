/// Counts tokens as they stream by, cheaply: faces by catalog index in an
/// array, everything else (emoji without a face, unknown tags) by its bytes.
/// ``stats`` turns the counts into ``FaceStats``.
public struct FaceCounter: Sendable {
    public let catalog: FaceCatalog
    private var byFace: [Int]
    /// Emoji without a face, by their bytes as they came (U+FE0F is taken out
    /// once per distinct spelling, in ``stats``, not once per emoji).
    private var emojiBytes = ByteCounts()
    /// Unknown tags, by their bytes.
    private var tagBytes = ByteCounts()

    /// A counter for tokens of `catalog`.
    public init(catalog: FaceCatalog) {
        self.catalog = catalog
        byFace = Array(repeating: 0, count: catalog.faces.count)
    }

    /// Counts one token whose bytes are `bytes` (text is ignored).
    public mutating func add(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) {
        withSink { $0.consume(RawToken(kind: token.kind, face: Int32(token.face ?? -1), start: 0, end: bytes.count), in: bytes) }
    }

    /// The counts so far, keyed by canonical tag or by emoji.
    public var stats: FaceStats {
        var counts: [String: Int] = [:]
        for (face, count) in byFace.enumerated() where count > 0 { counts[catalog.faces[face].tag, default: 0] += count }
        // In byte order: Swift strings compare by canonical equivalence, so spellings
        // that differ only in the order of combining marks count as one, under the
        // first in byte order.
        var merged = ByteCounts()
        for (bytes, count) in emojiBytes.sorted {
            EmojiKey.normalized(bytes).withUnsafeBytes { merged.add($0, count: count) }
        }
        for (bytes, count) in tagBytes.sorted { bytes.withUnsafeBytes { merged.add($0, count: count) } }
        for (bytes, count) in merged.sorted {
            counts[String(decoding: bytes, as: UTF8.self), default: 0] += count
        }
        return FaceStats(counts: counts, catalog: FaceStats.catalogFingerprint(catalog))
    }
}

/// Counts the faces of input that arrives in chunks, without building tokens.
///
/// ```swift
/// var stream = FaceCountingStream(catalog: .default)
/// stream.feed(chunk)          // any number of chunks, split anywhere
/// stream.finish()
/// stream.stats.ranked
/// ```
public struct FaceCountingStream: Sendable {
    private var scanner: ChunkedScanner
    private var counter: FaceCounter

    /// A stream counting the faces `recognizing` selects (catalog tags, emoji, images by default).
    public init(catalog: FaceCatalog, recognizing recognized: Recognized = .all) {
        scanner = ChunkedScanner(engine: ScanEngine(catalog: catalog, recognized: recognized))
        counter = FaceCounter(catalog: catalog)
    }

    /// Counts the faces completed in the next chunk.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        counter.withSink { scanner.feed(chunk, into: &$0) }
    }

    /// Ends the input.
    public mutating func finish() {
        counter.withSink { scanner.finish(into: &$0) }
    }

    /// The counts so far.
    public var stats: FaceStats { counter.stats }
}

extension FaceCounter {
    /// Runs `body` with a sink that counts into this counter: the counts of
    /// faces through a pointer, so that counting one is an increment, without
    /// the uniqueness check of an array write per token.
    mutating func withSink<R>(_ body: (inout Sink) -> R) -> R {
        var sink = Sink()
        swap(&sink.emojiBytes, &emojiBytes)
        swap(&sink.tagBytes, &tagBytes)
        defer {
            swap(&sink.emojiBytes, &emojiBytes)
            swap(&sink.tagBytes, &tagBytes)
        }
        return byFace.withUnsafeMutableBufferPointer { faces in
            sink.byFace = faces.baseAddress
            return body(&sink)
        }
    }

    /// Counts the engine's tokens for ``withSink(_:)``: a face under its
    /// index, an emoji without a face under its bytes (U+FE0F is taken out in
    /// ``stats``), an unknown tag under its bytes.
    struct Sink: TokenSink {
        fileprivate var byFace: UnsafeMutablePointer<Int>?
        fileprivate var emojiBytes = ByteCounts()
        fileprivate var tagBytes = ByteCounts()

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            if token.face >= 0 {
                byFace![Int(token.face)] += 1
            } else if token.kind == .emoji {
                emojiBytes.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.end]))
            } else if token.kind != .text {
                tagBytes.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.end]))
            }
        }
    }
}
