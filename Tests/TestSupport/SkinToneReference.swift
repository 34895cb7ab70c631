import FaceText

/// The plain reading of a toned emoji, for the tests: its base (the skin-tone
/// modifiers U+1F3FB–U+1F3FF taken out) and its modifiers, by scalars.
public enum SkinToneReference {
    /// The base and the tones of `emoji`; nil if it has no modifier or is nothing else.
    public static func split(_ emoji: String) -> (base: String, tones: String)? {
        let isTone = { (scalar: Unicode.Scalar) in (0x1F3FB...0x1F3FF).contains(scalar.value) }
        let base = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { !isTone($0) }))
        let tones = String(String.UnicodeScalarView(emoji.unicodeScalars.filter(isTone)))
        return tones.isEmpty || base.isEmpty ? nil : (base, tones)
    }

    /// The face `stats` and `scan` take a toned emoji for: its base's, when the
    /// emoji has tones and no face of its own.
    public static func face(of emoji: String, in catalog: FaceCatalog) -> Face? {
        guard catalog.face(forEmoji: emoji) == nil, let (base, _) = split(emoji) else { return nil }
        return catalog.face(forEmoji: base)
    }
}
