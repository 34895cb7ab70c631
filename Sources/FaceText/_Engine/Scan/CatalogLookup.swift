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
        return EmojiName.face(ofTwemojiFile: UnsafeRawBufferPointer(rebasing: source[start...]), in: index.emojiIndex)
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
