/// Names of emoji by code point, as twemoji files them: lower-case hex joined
/// by `-`, with U+FE0F dropped unless the sequence contains a ZWJ
/// (`1f600`, `2764`, `1f468-200d-1f469-200d-1f467`).
enum EmojiName {
    /// The twemoji code name of an emoji (`😀` → `1f600`).
    public static func twemojiCode(of emoji: String) -> String {
        let scalars = emoji.unicodeScalars
        let keepSelector = scalars.contains("\u{200D}")
        return scalars.filter { keepSelector || $0 != "\u{FE0F}" }
            .map { String($0.value, radix: 16) }
            .joined(separator: "-")
    }

    /// The code points of an emoji as `U+1F600 U+FE0F`-style text.
    public static func codePoints(of emoji: String) -> String {
        emoji.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// The face of the emoji a twemoji file name stands for (`1f600.png`,
    /// `2764-fe0f.png`), compared without U+FE0F: the name up to its first
    /// dot (leading dots skipped) must be hex digits and `-` only, each hex
    /// run a scalar of at most eight digits; nil for any other name.
    static func face(ofTwemojiFile name: UnsafeRawBufferPointer, in emojiIndex: ByteKeyTable) -> Int32? {
        guard let stemStart = name.firstIndex(where: { $0 != UInt8(ascii: ".") }) else { return nil }
        let stem = name[stemStart...].prefix { $0 != UInt8(ascii: ".") }
        var key = FixedKey()
        var value: UInt32 = 0
        var digits = 0
        var scalars = 0
        // Appends the scalar read so far, if any; false when it is not a scalar or the key is full.
        func flush() -> Bool {
            guard digits > 0 else { return true }
            defer { value = 0; digits = 0 }
            guard digits <= 8, let scalar = Unicode.Scalar(value) else { return false }
            scalars += 1
            if scalar == "\u{FE0F}" { return true }             // compared without U+FE0F
            var word: UInt32 = 0
            var length = 0
            for byte in UTF8.encode(scalar)! {
                word |= UInt32(byte) << (8 * length)
                length += 1
            }
            return key.append(word.littleEndian, length: length)
        }
        for byte in stem {
            if byte == UInt8(ascii: "-") {
                guard flush() else { return nil }
                continue
            }
            guard let digit = hexValue(byte) else { return nil }
            if digits < 8 { value = value << 4 | UInt32(digit) }
            digits += 1
        }
        guard flush(), scalars > 0 else { return nil }
        return key.withBytes { emojiIndex.value(for: $0) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
