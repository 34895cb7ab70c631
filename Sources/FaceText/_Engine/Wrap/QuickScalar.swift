/// Reading one scalar with as few branches as the form allows: the length
/// from a table of lead bytes, the value and its checks from one load of
/// four bytes. In text that mixes scripts (ASCII, ideographs, punctuation,
/// emoji) a branch on each scalar's length is mispredicted at every change
/// of script, which costs more than the reading.
enum QuickScalar {
    /// Per lead byte, how its sequence is read, packed in a word: the
    /// sequence's length (bits 0–7), where its third and fourth bytes must be
    /// continuation bytes (bits 16–31, a mask of the word read), the lead
    /// byte's bits of the value (32–39), the shift that drops the bytes past
    /// the sequence (40–47), and the least second byte and the range above it
    /// (48–55, 56–63: what rules out overlong forms, surrogates and values past
    /// U+10FFFF, as the lead byte asks). Length 1 for ASCII from U+0020, 2 to 4
    /// for lead bytes of UTF-8; 0 for everything else (controls, line
    /// endings, continuation bytes, C0, C1, F5–FF) and for `excluded` bytes
    /// (those that may start a tag).
    static func shapes(excluding excluded: (Int) -> Bool) -> UnsafeMutablePointer<UInt64> {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        for byte in 0..<256 {
            var length: UInt64
            switch byte {
            case 0x20..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: length = 0
            }
            if excluded(byte) { length = 0 }
            let continuation: UInt64 = length == 4 ? 0xC0C0_0000 : length == 3 ? 0x00C0_0000 : 0
            let leadBits: UInt64 = length == 1 ? 0x7F : length == 0 ? 0 : 0xFF >> (length + 1)
            let shift = 6 * (4 - min(length, 4))
            var (least, range): (UInt64, UInt64) = length <= 1 ? (0, 0xFF) : (0x80, 0x3F)
            switch byte {
            case 0xE0: (least, range) = (0xA0, 0x1F)                   // U+0800 on
            case 0xED: (least, range) = (0x80, 0x1F)                   // not the surrogates
            case 0xF0: (least, range) = (0x90, 0x2F)                   // U+10000 on
            case 0xF4: (least, range) = (0x80, 0x0F)                   // up to U+10FFFF
            default: break
            }
            table[byte] = length | continuation | leadBits << 32 | shift << 40 | least << 48 | range << 56
        }
        return table
    }

    /// The scalar at `index` and its length, when its lead byte has a length
    /// in `shapes` and the sequence is well formed (continuation bytes where
    /// they belong, no overlong form, no surrogate, nothing past U+10FFFF);
    /// length 0 otherwise. Reads four bytes from `index`.
    @inline(__always)
    static func read(_ base: UnsafePointer<UInt8>, _ index: Int, _ shapes: UnsafePointer<UInt64>) -> (value: UInt32, length: Int) {
        let word = UInt32(littleEndian: UnsafeRawPointer(base + index).unalignedUnit())
        let shape = shapes[Int(word & 0xFF)]
        let continuation = UInt32(truncatingIfNeeded: shape) & 0xFFFF_0000
        let leadBits = UInt32(truncatingIfNeeded: shape >> 32) & 0xFF
        let shift = UInt32(truncatingIfNeeded: shape >> 40) & 0xFF
        let least = UInt32(truncatingIfNeeded: shape >> 48) & 0xFF, range = UInt32(truncatingIfNeeded: shape >> 56)
        let spread = (word & leadBits) << 18 | (word >> 8 & 0x3F) << 12 | (word >> 16 & 0x3F) << 6 | (word >> 24 & 0x3F)
        let value = spread &>> shift
        let faults = (word & continuation ^ continuation & 0x8080_8080) | ((word >> 8 & 0xFF) &- least & 0xFF > range ? 1 : 0)
        return (value, faults == 0 ? Int(truncatingIfNeeded: shape & 0xFF) : 0)
    }
}
