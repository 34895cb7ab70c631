/// What the engine found at a place, in 32 bits, as tokens, run clusters and
/// the memo's entries carry it: a catalog face, an emoji without a face,
/// text, or (for a sink that asked, ``SinkPolicy/facelessNumbers``) an emoji
/// without a face by the number of its spelling.
///
/// The four meanings are told apart by range: a face is its index (0 and
/// up), the rest are negative; only ``isFace`` and ``faceIndex`` need be
/// asked by code that does not care which of the others it is.
struct FaceCode: Equatable, Sendable {
    /// The stored value: the face's index, -1, -2, or -16 and below for a numbered spelling.
    let rawValue: Int32

    @inline(__always)
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The face at `index` in the catalog.
    @inline(__always)
    init(face index: Int32) { rawValue = index }

    /// The face a lookup found, or ``noFace`` when it found none.
    @inline(__always)
    init(found index: Int32?) { rawValue = index ?? -1 }

    /// An emoji that is no face of the catalog.
    static let noFace = FaceCode(rawValue: -1)
    /// A cluster that is text, not an emoji (`©` without U+FE0F).
    static let text = FaceCode(rawValue: -2)

    /// An emoji without a face, numbered `number` among the spellings a stream met:
    /// below every other code, so that it reads as ``noFace`` to everyone but a sink that asked.
    @inline(__always)
    static func faceless(_ number: Int) -> FaceCode { FaceCode(rawValue: -16 - Int32(number)) }

    /// Whether this is a face of the catalog.
    @inline(__always)
    var isFace: Bool { rawValue >= 0 }

    /// The face's index in the catalog; nil for every other code.
    @inline(__always)
    var faceIndex: Int? { rawValue >= 0 ? Int(rawValue) : nil }

    /// The number of an emoji without a face (``faceless(_:)``); nil for every other code.
    @inline(__always)
    var facelessNumber: Int? { rawValue <= -16 ? Int(-16 - rawValue) : nil }
}
