/// One piece of scanned text: plain text, or a face written as a catalog tag,
/// a Unicode emoji, or an image reference.
public struct Token: Sendable, Hashable {
    /// What a token is.
    public enum Kind: String, Sendable, Hashable {
        /// Bytes that are not a face; copied through unchanged.
        case text
        /// A catalog tag such as `[哈哈]` (canonical, traditional or alias).
        case tag
        /// An emoji grapheme cluster (ZWJ sequence, flag, keycap, skin tone, VS16).
        case emoji
        /// An image reference that `render` writes (`<img alt="[哈哈]" …>`, `![哈哈](…)`).
        case image
        /// A bracketed tag that is not in the catalog: `[` + 1 to 16 characters
        /// without brackets or line breaks + `]` (only with ``Recognized/unknownTags``).
        case unknown
    }

    /// The kind of token.
    public var kind: Kind
    /// The index of the face in the catalog's `faces`; nil for text and for
    /// an emoji that has no face in the catalog.
    public var face: Int?
    /// UTF-8 byte offsets from the start of the input.
    public var range: Range<Int>

    /// Creates a token.
    public init(_ kind: Kind, face: Int? = nil, _ range: Range<Int>) {
        self.kind = kind
        self.face = face
        self.range = range
    }
}

/// What kinds of face a scanner looks for.
public struct Recognized: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Catalog tags.
    public static let tags = Recognized(rawValue: 1)
    /// Unicode emoji.
    public static let emoji = Recognized(rawValue: 2)
    /// Image references written by `render`.
    public static let images = Recognized(rawValue: 4)
    /// Bracketed tags that are not in the catalog, reported as `.unknown`.
    public static let unknownTags = Recognized(rawValue: 8)
    /// Catalog tags, emoji and image references (not unknown tags).
    public static let all: Recognized = [.tags, .emoji, .images]
}

/// A token as the engine reports it: offsets relative to the scanned buffer.
struct RawToken {
    var kind: Token.Kind
    /// The face, or none (for a sink that asked for them, with the number
    /// of a cluster without a face: ``FaceCode/faceless(_:)``).
    var face: FaceCode
    var start: Int
    var end: Int
}

/// Receives the engine's tokens in order.
protocol TokenSink {
    /// Whether emoji without a face come as tokens of their own; when false,
    /// they are left in the text around them (fewer, longer text tokens).
    static var wantsFacelessEmoji: Bool { get }

    /// Whether an emoji without a face that was met before may come with the
    /// number of its spelling as its face (see ``FaceCode/faceless(_:)``),
    /// so that it can be counted without reading its bytes.
    static var wantsFacelessIDs: Bool { get }

    /// For a sink that ``wantsFacelessIDs``: how many spellings a stream
    /// numbers at most (those after come with no number), so that what the
    /// numbers take stays bounded however many distinct clusters come.
    static var facelessIDLimit: Int { get }

    /// Whether each cluster of a run of emoji (clusters strung together after
    /// a face, or from an emoji whose shape the run loop tells) comes to
    /// ``consumeRunCluster(face:start:length:roomy:in:)``, text or not, instead of
    /// as a token; the text before the run comes as a token first. Such a
    /// sink's runs go through the engine's own run loop, faster on text
    /// dense with emoji.
    static var takesRunClusters: Bool { get }

    /// Called before each buffer is scanned with the input offset of its
    /// first byte; token positions count from there. (A chunk may be scanned
    /// in two buffers: the bytes held back with the chunk's start, then the rest.)
    mutating func willScan(from offset: Int)

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>)

    /// A cluster of a run of emoji, for a sink that ``takesRunClusters``:
    /// `face` is its face, ``FaceCode/noFace`` (or a number) for none, or
    /// ``FaceCode/text`` for text (`©` without U+FE0F). `roomy`: at least
    /// ``ClusterMemo/window`` bytes are readable from `start` (as for most
    /// clusters of a run), so that a sink that reads ahead need not check.
    mutating func consumeRunCluster(face: FaceCode, start: Int, length: Int, roomy: Bool, in bytes: UnsafeBufferPointer<UInt8>)

    /// The line ending (LF or CR LF, `start..<end`) between two lines of
    /// emoji that make one run, for a sink that ``takesRunClusters``: text,
    /// which the run loop hands on without ending the run.
    mutating func consumeLineEnding(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>)
}

extension TokenSink {
    static var wantsFacelessEmoji: Bool { true }
    static var wantsFacelessIDs: Bool { false }
    static var facelessIDLimit: Int { .max }
    static var takesRunClusters: Bool { false }

    /// Sinks that report no offsets need not know them.
    @inline(__always)
    mutating func willScan(from offset: Int) {}

    /// By default, an emoji token, with or without a face; nothing for a cluster that is text.
    @inline(__always)
    mutating func consumeRunCluster(face: FaceCode, start: Int, length: Int, roomy: Bool, in bytes: UnsafeBufferPointer<UInt8>) {
        guard face != .text else { return }
        consume(RawToken(kind: .emoji, face: face, start: start, end: start + length), in: bytes)
    }

    /// By default, a text token.
    @inline(__always)
    mutating func consumeLineEnding(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        consume(RawToken(kind: .text, face: .noFace, start: start, end: end), in: bytes)
    }
}
