/// Emoji with skin-tone modifiers (U+1F3FB–U+1F3FF) as the same face as
/// their base: `👍🏽` is `👍` [赞] with `🏽`, for `stats` and `scan`.
enum SkinTones {
    /// Whether the four bytes at `index` are a skin-tone modifier (F0 9F 8F BB–BF).
    @inline(__always)
    static func isModifier(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        index + 3 < bytes.count && bytes[index] == 0xF0 && bytes[index + 1] == 0x9F && bytes[index + 2] == 0x8F
            && bytes[index + 3] &- 0xBB < 5
    }

    /// An emoji's bytes split into its base (the modifiers taken out) and its
    /// modifiers in order; nil when it has none.
    static func split(_ bytes: UnsafeRawBufferPointer) -> (base: [UInt8], tones: [UInt8])? {
        var base: [UInt8] = [], tones: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if isModifier(bytes, at: index) {
                tones.append(contentsOf: bytes[index..<index + 4])
                index += 4
            } else {
                base.append(bytes[index])
                index += 1
            }
        }
        return tones.isEmpty || base.isEmpty ? nil : (base, tones)
    }

    /// The face of the base of a toned emoji, and its modifiers; nil when the
    /// emoji has no modifier or its base is no face of `catalog`.
    static func face(of bytes: UnsafeRawBufferPointer, in catalog: FaceCatalog) -> (face: Int, tones: [UInt8])? {
        guard let (base, tones) = split(bytes),
              let face = catalog.faceIndex(forEmoji: String(decoding: base, as: UTF8.self)) else { return nil }
        return (face, tones)
    }
}
