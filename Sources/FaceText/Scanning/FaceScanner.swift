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
    public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all) {
        self.init(catalog: catalog, recognizing: recognized, fastPaths: .all)
    }

    /// A scanner with only the given fast paths, so tests can compare it with the plain one.
    package init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized, fastPaths: FastPaths) {
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

    /// A scanner for input that arrives in chunks; see ``FaceScanner.Stream``.
    public func makeStream() -> FaceScanner.Stream {
        FaceScanner.Stream(scanner: ChunkedScanner(engine: engine))
    }
}
