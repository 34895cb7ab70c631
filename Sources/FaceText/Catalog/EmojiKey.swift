/// The form in which emoji are compared: the UTF-8 bytes with every U+FE0F
/// (emoji presentation selector) removed, so `❤` and `❤️` are the same face.
enum EmojiKey {
    static func normalized(_ emoji: String) -> [UInt8] {
        normalized(Array(emoji.utf8))
    }

    /// The bytes without any EF B8 8F (U+FE0F) sequence; other bytes are kept as they are.
    static func normalized<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] where C.Index == Int {
        guard bytes.contains(0xEF) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0xEF, index + 2 < bytes.endIndex, bytes[index + 1] == 0xB8, bytes[index + 2] == 0x8F {
                index += 3
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}

/// A small stack buffer for emoji keys without U+FE0F, so lookups allocate nothing.
struct FixedKey {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    /// Copies `bytes` leaving out every EF B8 8F; false if they do not fit in 64 bytes.
    mutating func fill(from bytes: UnsafeRawBufferPointer) -> Bool {
        var length = 0
        let fits = withUnsafeMutableBytes(of: &storage) { buffer -> Bool in
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xB8, bytes[index + 2] == 0x8F {
                    index += 3
                    continue
                }
                guard length < buffer.count else { return false }
                buffer[length] = bytes[index]
                length += 1
                index += 1
            }
            return true
        }
        count = length
        return fits
    }

    /// Appends the first `length` (at most 4) bytes of `word`, given in memory
    /// order; false, leaving the key as it was, when they would not fit.
    @inline(__always)
    mutating func append(_ word: UInt32, length: Int) -> Bool {
        guard count + 4 <= MemoryLayout.size(ofValue: storage) else { return false }
        let offset = count
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: word, toByteOffset: offset, as: UInt32.self) }
        count += length
        return true
    }

    /// Runs `body` with the key's bytes (mutating only so that they are lent, not copied).
    @inline(__always)
    mutating func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        let count = count
        return withUnsafeBytes(of: &storage) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
