#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the faces of input that arrives in chunks as JSON Lines, one object
/// per face in input order: what `facetext scan` prints.
///
/// ```swift
/// var lister = FaceLister(catalog: .default)
/// let out = StreamOutput()
/// lister.startFile("chat.log")
/// lister.feed(chunk, into: out)       // any number of chunks, split anywhere
/// lister.finish(into: out)
/// // out holds, for a chunk "[哈哈]":
/// // {"kind":"tag","text":"[哈哈]","tag":"[哈哈]","emoji":"😃","image":"d_haha.png","file":"chat.log","line":1,"offset":0,"length":8}
/// ```
///
/// Each object has `kind` (`tag`, `emoji`, `image` or `unknown`), `text`
/// (the matched bytes), `tag` (the canonical tag; null for an emoji without
/// a face), `emoji`, `image`, `file`, `line` (from 1), `offset` (bytes from
/// the start of the file) and `length` (bytes). Every line is valid JSON: a
/// face's text is valid UTF-8. The lines do not depend on how the input was
/// split into chunks. A copy of a lister goes on independently of it.
///
/// The parts of a line that depend only on the face and its text are built
/// once per distinct text and copied after that, so a line costs a few block
/// copies and four digits.
public struct FaceLister {
    private let engine: ScanEngine
    private var scanner: ChunkedScanner
    private var sink: ListingSink

    /// A lister of the faces `recognizing` selects (catalog tags, emoji and
    /// image references by default; add ``FaceScanner.Recognized/unknownTags`` for
    /// bracketed tags not in the catalog). Its file is named `-` until
    /// ``startFile(_:)``.
    public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all) {
        engine = ScanEngine(catalog: catalog, recognized: recognized)
        scanner = ChunkedScanner(engine: engine)
        sink = ListingSink(writer: ScanLineWriter(catalog: catalog))
    }

    /// Starts the next file: lines name it `name`, and count lines and
    /// offsets from its start. Call ``finish(into:)`` on the one before.
    public mutating func startFile(_ name: String) {
        scanner = ChunkedScanner(engine: engine)
        sink.line = 1
        sink.writer.startFile(name)
    }

    /// Appends to `out` the lines of the faces completed in the next chunk.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into out: StreamOutput) {
        sink.start(out: out)
        scanner.feed(chunk, into: &sink)
        sink.space.keep()
    }

    /// Appends to `out` the lines of the faces completed in the next chunk.
    public mutating func feed(_ chunk: [UInt8], into out: StreamOutput) {
        chunk.withUnsafeBufferPointer { feed($0, into: out) }
    }

    /// Ends the file: appends the lines of the faces held back at its end.
    public mutating func finish(into out: StreamOutput) {
        sink.start(out: out)
        scanner.finish(into: &sink)
        sink.space.keep()
    }
}

/// Writes a line per face and counts lines through the text between them.
private struct ListingSink: TokenSink {
    var writer: ScanLineWriter
    var line = 1
    /// The input offset of the buffer being scanned (``TokenSink/willScan(from:)``).
    var base = 0
    /// Room in the caller's buffer (a placeholder until the first call).
    var space = LineSpace(out: StreamOutput(capacity: 0))

    mutating func start(out: StreamOutput) {
        writer.makeUnique()
        if space.out !== out { space = LineSpace(out: out) }
    }

    mutating func willScan(from offset: Int) { base = offset }

    /// Emoji without a face come numbered, as many as the writer finds their line parts by number;
    /// the clusters of a run of emoji come one by one (``ScanEngine``'s run loop).
    static var policy: SinkPolicy { SinkPolicy(facelessNumbers: ScanLineHeads.numbers, runClusters: true) }

    /// An emoji of a run: its line, with or without a face; nothing for one that is text (`©` without U+FE0F).
    /// (What the protocol's default does through ``consume(_:in:)``, written straight: through
    /// the token, `scan` was 3–5% slower on lines of emoji.)
    mutating func consumeRunCluster(face: FaceCode, start: Int, length: Int, roomy: Bool, in bytes: UnsafeBufferPointer<UInt8>) {
        guard face != .text else { return }
        writer.write(kind: ScanLineWriter.kindIndex(.emoji), face: face, offset: base &+ start,
                     text: UnsafeBufferPointer(start: bytes.baseAddress! + start, count: length), readable: bytes.count &- start,
                     line: line, to: &space)
    }

    /// One line more: a line ending, as such, is one line feed. (Through ``consume(_:in:)``,
    /// all its writing was inlined into the run loop, and crowded out what the loop inlines.)
    mutating func consumeLineEnding(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        line += 1
    }

    @inline(__always)
    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        let text = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        if token.kind == .text {
            line += NewlineCounter.count(in: text)
        } else {
            writer.write(kind: ScanLineWriter.kindIndex(token.kind), face: token.face, offset: base + token.start,
                         text: text, readable: bytes.count - token.start, line: line, to: &space)
        }
    }
}

/// Counting line feeds in bytes.
enum NewlineCounter {
    static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        ByteSearch.lineFeedCount(in: bytes)
    }
}
