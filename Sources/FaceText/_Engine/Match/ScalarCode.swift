/// What a scalar of U+2000–U+2FFF or U+1F000–U+1FFFF (and `©`, `®`) is on its
/// own, as ``EmojiMatcher/blockCodes`` holds it: a cluster by itself, with the
/// ``FaceCode`` it has when nothing extends it, or one of three scalars that
/// need more than the table (no emoji at all, a regional indicator, an extender).
///
/// Codes share ``FaceCode``'s values and add three below them, so that
/// ``isEmoji`` and ``isCluster`` are one comparison each in the scan loops.
struct ScalarCode: Equatable, Sendable {
    let rawValue: Int32

    @inline(__always)
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// A scalar that is a cluster by itself, with `code`.
    @inline(__always)
    init(_ code: FaceCode) { rawValue = code.rawValue }

    /// A scalar that is no emoji.
    static let notEmoji = ScalarCode(rawValue: -3)
    /// A regional indicator: half of a flag when another follows.
    static let regionalIndicator = ScalarCode(rawValue: -4)
    /// A scalar that extends a cluster (Extend, or U+200D).
    static let extender = ScalarCode(rawValue: -5)

    /// Whether the scalar alone is an emoji, with a face or without.
    @inline(__always)
    var isEmoji: Bool { rawValue >= FaceCode.noFace.rawValue }

    /// Whether the scalar alone is a cluster: an emoji, or text (`©` without U+FE0F).
    @inline(__always)
    var isCluster: Bool { rawValue >= FaceCode.text.rawValue }

    /// The code of the cluster the scalar makes alone (when ``isCluster``).
    @inline(__always)
    var cluster: FaceCode { FaceCode(rawValue: rawValue) }
}
