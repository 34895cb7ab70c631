/// The shape of the cluster at the start of eight bytes, as far as those
/// bytes tell it, for the run loop of sinks that take run clusters
/// (``ScanEngine``'s `runClusters`). A few branches on the bytes tell the
/// shapes apart, and each shape has its length, so that where the next
/// cluster starts waits on no table: a branch the processor predicts lets
/// it go on at once, where a length loaded from a table would make each
/// cluster wait for the one before. (Choosing the shape with arithmetic
/// instead of branches was slower here, for the same reason.)
struct RunShape {
    enum Kind {
        /// A scalar of U+1F000–U+1FFFF or U+2000–U+2FFF, `©` or `®` (``entry``
        /// in the matcher's tables), maybe with U+FE0F: ``length`` bytes in
        /// all, if nothing after them extends it.
        case single
        /// A scalar with a skin tone, a flag or a keycap: ``length`` bytes, at most eight.
        case short
        /// Anything else (ZWJ sequences, text): for the matcher.
        case other
    }

    let kind: Kind
    let length: Int
    /// For ``Kind/single``: the scalar's entry in the matcher's block tables.
    let entry: Int
    /// For ``Kind/single`` without U+FE0F: the four bytes after it, 0 if not read.
    let follower: UInt32
    /// For ``Kind/single``: whether U+FE0F follows the scalar (``length`` is
    /// then 5, 6 or 7, else the scalar's own 2, 3 or 4).
    var qualified: Bool { length > 4 }
    /// For ``Kind/single``: whether the bytes after it surely extend nothing
    /// (ASCII, or a scalar of U+1F000–U+1FFFF that is no skin tone); when
    /// false, the caller checks them.
    let ends: Bool

    @inline(__always)
    init(_ word: UInt64) {
        let low = UInt32(truncatingIfNeeded: word)
        let scalar: Int, entry: Int, next: UInt32
        if low & 0xC0C0_FFFF == 0x8080_9FF0 {
            (scalar, next) = (4, UInt32(truncatingIfNeeded: word >> 32))
            entry = 4096 | Int(low >> 10 & 0xFC0) | Int(low >> 24 & 0x3F)
        } else if low & 0xC0_C0FF == 0x80_80E2 {
            (scalar, next) = (3, UInt32(truncatingIfNeeded: word >> 24))
            entry = Int(low >> 2 & 0xFC0) | Int(low >> 16 & 0x3F)
        } else if let latin = EmojiMatcher.latinEntry(UInt16(truncatingIfNeeded: low)) {
            // © or ®, whose entries follow the two blocks'.
            (scalar, next, entry) = (2, UInt32(truncatingIfNeeded: word >> 16), latin)
        } else {
            // A keycap: a base, maybe U+FE0F, then U+20E3.
            let isBase = EmojiMatcher.isKeycapBase(UInt8(truncatingIfNeeded: low))
            if isBase && low >> 8 == 0xA3_83E2 {
                self.init(.short, 4)
            } else if isBase && low >> 8 == 0x8F_B8EF && word >> 32 & 0xFF_FFFF == 0xA3_83E2 {
                self.init(.short, 7)
            } else {
                self.init(.other, 0)
            }
            return
        }
        // What follows, by its lead byte first: another emoji's F0 or E2, or U+FE0F's EF.
        switch next & 0xFF {
        case 0xF0:
            let head = next & 0xFF_FFFF
            if head == 0x8F_9FF0 && next >> 24 >= 0xBB {
                self.init(.short, scalar + 4)                                  // a skin tone
            } else if head == 0x87_9FF0 && low & 0xFF_FFFF == 0x87_9FF0 {
                self.init(.short, 8)                                           // a flag
            } else {
                // Of U+1F000–U+1FFFF only the skin tones extend a cluster.
                self.init(.single, scalar, entry: entry, follower: next, ends: next & 0xFFFF == 0x9FF0)
            }
        case 0xE2:
            if next & 0xFF_FFFF == 0x8D_80E2 {
                self.init(.other, 0)                                           // U+200D: a ZWJ sequence
            } else {
                self.init(.single, scalar, entry: entry, follower: next)
            }
        case 0xEF:
            if next & 0xFF_FFFF == 0x8F_B8EF {
                self.init(.single, scalar + 3, entry: entry)                   // U+FE0F
            } else {
                self.init(.single, scalar, entry: entry, follower: next)
            }
        default:
            self.init(.single, scalar, entry: entry, follower: next, ends: next & 0x80 == 0)
        }
    }

    @inline(__always)
    private init(_ kind: Kind, _ length: Int, entry: Int = 0, follower: UInt32 = 0, ends: Bool = false) {
        self.kind = kind
        self.length = length
        self.entry = entry
        self.follower = follower
        self.ends = ends
    }
}
