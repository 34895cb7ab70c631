/// The catalog lookups that resolve an image reference to a face, on bytes.
struct CatalogLookup: Sendable {
    let catalog: FaceCatalog

    /// The face of an image reference with this alt text and file name (either may be missing), or nil.
    func face(alt: UnsafeRawBufferPointer?, source: UnsafeRawBufferPointer?, markdown: Bool) -> Int32? {
        let index = catalog.index
        if let alt, !alt.isEmpty {
            if let face = index.tagKeys.value(for: alt) { return face }
            if markdown, let face = Self.bracketed(alt, index.tagKeys) { return face }
            if let face = Self.emoji(alt, index.emojiIndex) { return face }
        }
        guard let source else { return nil }
        // The whole path, then without its leading folders one by one (the image base).
        var start = 0
        while true {
            if let face = index.imageKeys.value(for: UnsafeRawBufferPointer(rebasing: source[start...])) { return face }
            guard let slash = source[start...].firstIndex(of: UInt8(ascii: "/")) else { break }
            start = slash + 1
        }
        return TwemojiName.face(ofFile: UnsafeRawBufferPointer(rebasing: source[start...]), index.emojiIndex)
    }

    /// The face of the tag `[alt]`.
    private static func bracketed(_ alt: UnsafeRawBufferPointer, _ tags: ByteKeyTable) -> Int32? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: alt.count + 2) { key in
            key[0] = UInt8(ascii: "[")
            UnsafeMutableRawPointer(key.baseAddress! + 1).copyMemory(from: alt.baseAddress!, byteCount: alt.count)
            key[alt.count + 1] = UInt8(ascii: "]")
            return tags.value(for: UnsafeRawBufferPointer(key))
        }
    }

    /// The face of an emoji, compared without U+FE0F.
    static func emoji(_ bytes: UnsafeRawBufferPointer, _ emojiIndex: ByteKeyTable) -> Int32? {
        guard bytes.contains(0xEF) else { return emojiIndex.value(for: bytes) }
        var key = FixedKey()
        guard key.fill(from: bytes) else { return emojiIndex.value(for: EmojiKey.normalized(bytes)) }
        return key.withBytes { emojiIndex.value(for: $0) }
    }
}

/// Twemoji's file names: code points in hex joined by `-` (`1f600.png`, `2764-fe0f.png`).
enum TwemojiName {
    /// The face of the emoji a file name stands for: the name up to its first
    /// dot (leading dots skipped) must be hex digits and `-` only, each hex
    /// run a scalar of at most eight digits; nil for any other name.
    static func face(ofFile name: UnsafeRawBufferPointer, _ emojiIndex: ByteKeyTable) -> Int32? {
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
