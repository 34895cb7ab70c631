/// Splits text into tokens in one pass: plain text, catalog tags, Unicode
/// emoji and image references.
///
/// ```swift
/// let scanner = FaceScanner(catalog: .default)
/// scanner.tokens(in: "好[哈哈]")
/// // [Token(.text, 0..<3), Token(.tag, face: 3, 3..<11)]
/// ```
///
/// Offsets are UTF-8 byte offsets from the start of the input. Bytes that are
/// not faces (invalid UTF-8 included) always come back as `.text` tokens that
/// together with the faces cover the input exactly.
public struct FaceScanner: Sendable {
    /// The catalog whose faces are recognised.
    public let catalog: FaceCatalog
    let engine: ScanEngine

    /// Creates a scanner for the given kinds of face (all of them by default).
    public init(catalog: FaceCatalog, recognizing recognized: Recognized = .all) {
        self.init(catalog: catalog, recognizing: recognized, fastPaths: .all)
    }

    /// A scanner with only the given fast paths, so tests can compare it with the plain one.
    package init(catalog: FaceCatalog, recognizing recognized: Recognized, fastPaths: FastPaths) {
        self.catalog = catalog
        engine = ScanEngine(catalog: catalog, recognized: recognized, fastPaths: fastPaths)
    }

    /// The tokens of a whole string.
    public func tokens(in text: String) -> [Token] {
        tokens(in: Array(text.utf8))
    }

    /// The tokens of a whole byte buffer.
    public func tokens(in bytes: [UInt8]) -> [Token] {
        var collector = TokenCollector()
        _ = bytes.withUnsafeBufferPointer { engine.scan($0, isFinal: true, into: &collector) }
        return collector.tokens
    }

    /// A scanner for input that arrives in chunks; see ``TokenStream``.
    public func makeStream() -> TokenStream {
        TokenStream(scanner: ChunkedScanner(engine: engine))
    }
}

/// Tokens of input that arrives in chunks. Feed chunks of any size, then call
/// ``finish()``; the faces found are the same however the input was split
/// (only the splitting of plain text into `.text` tokens may differ).
public struct TokenStream: Sendable {
    fileprivate var scanner: ChunkedScanner

    init(scanner: ChunkedScanner) {
        self.scanner = scanner
    }

    /// Scans the next chunk and returns the tokens completed so far.
    public mutating func feed(_ chunk: [UInt8]) -> [Token] {
        var collector = TokenCollector()
        chunk.withUnsafeBufferPointer { scanner.feed($0, into: &collector) }
        return collector.tokens
    }

    /// Ends the input and returns the last tokens.
    public mutating func finish() -> [Token] {
        var collector = TokenCollector()
        scanner.finish(into: &collector)
        return collector.tokens
    }
}

/// Receives the tokens of a ``TokenStream`` in order, with their bytes.
/// Conforming structs are called through `inout`, without closures.
public protocol TokenHandler {
    /// Handles one token; `bytes` are the token's bytes (valid only during the call).
    mutating func handle(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>)
}

extension TokenStream {
    /// Scans the next chunk, passing each completed token to `handler`.
    public mutating func feed<Handler: TokenHandler>(_ chunk: UnsafeBufferPointer<UInt8>, into handler: inout Handler) {
        var sink = HandlerSink(handler: handler)
        scanner.feed(chunk, into: &sink)
        handler = sink.handler
    }

    /// Ends the input, passing the last tokens to `handler`.
    public mutating func finish<Handler: TokenHandler>(into handler: inout Handler) {
        var sink = HandlerSink(handler: handler)
        scanner.finish(into: &sink)
        handler = sink.handler
    }
}

private struct HandlerSink<Handler: TokenHandler>: TokenSink {
    /// The input offset of the buffer being scanned (``TokenSink/willScan(from:)``).
    var base = 0
    var handler: Handler

    mutating func willScan(from offset: Int) { base = offset }

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        handler.handle(Token(token.kind, face: token.face.faceIndex, (base + token.start)..<(base + token.end)),
                       UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    }
}
