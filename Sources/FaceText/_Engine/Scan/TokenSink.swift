/// A token as the engine reports it: offsets relative to the scanned buffer.
struct RawToken {
    var kind: Token.Kind
    /// The face, or none (for a sink that asked for them, with the number
    /// of a cluster without a face: ``FaceCode/faceless(_:)``).
    var face: FaceCode
    var start: Int
    var end: Int
}

/// What a sink asks of the scan engine (``TokenSink/policy``).
struct SinkPolicy {
    /// Whether emoji without a face come as tokens of their own; when false,
    /// they are left in the text around them (fewer, longer text tokens).
    var facelessEmoji = true

    /// How many spellings of emoji without a face a stream numbers at most
    /// (0: none). A numbered emoji met again comes with its number as its
    /// face (``FaceCode/faceless(_:)``), so that it can be counted without
    /// reading its bytes; the bound keeps what the numbers take bounded
    /// however many distinct clusters come.
    var facelessNumbers = 0

    /// Whether each cluster of a run of emoji (clusters strung together after
    /// a face, or from an emoji whose shape the run loop tells) comes to
    /// ``TokenSink/consumeRunCluster(face:start:length:roomy:in:)``, text or
    /// not, instead of as a token; the text before the run comes as a token
    /// first. Such a sink's runs go through the engine's own run loop, faster
    /// on text dense with emoji.
    var runClusters = false
}

/// Receives the engine's tokens in order.
protocol TokenSink {
    /// What the sink asks of the engine; a constant for each sink type, which
    /// the scan loops, specialised for the sink, read as such.
    static var policy: SinkPolicy { get }

    /// Called before each buffer is scanned with the input offset of its
    /// first byte; token positions count from there. (A chunk may be scanned
    /// in two buffers: the bytes held back with the chunk's start, then the rest.)
    mutating func willScan(from offset: Int)

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>)

    /// A cluster of a run of emoji, for a sink that takes run clusters (``SinkPolicy/runClusters``):
    /// `face` is its face, ``FaceCode/noFace`` (or a number) for none, or
    /// ``FaceCode/text`` for text (`©` without U+FE0F). `roomy`: at least
    /// ``ClusterMemo/window`` bytes are readable from `start` (as for most
    /// clusters of a run), so that a sink that reads ahead need not check.
    mutating func consumeRunCluster(face: FaceCode, start: Int, length: Int, roomy: Bool, in bytes: UnsafeBufferPointer<UInt8>)

    /// The line ending (LF or CR LF, `start..<end`) between two lines of
    /// emoji that make one run, for a sink that takes run clusters (``SinkPolicy/runClusters``): text,
    /// which the run loop hands on without ending the run.
    mutating func consumeLineEnding(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>)
}

extension TokenSink {
    /// By default: emoji without a face as tokens, no numbers, no run clusters.
    static var policy: SinkPolicy { SinkPolicy() }

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
