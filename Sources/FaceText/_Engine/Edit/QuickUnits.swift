/// The last unit of a line where a few byte tests decide it, for the lines
/// chat logs are mostly made of (`ok`, `好`, `嗯嗯`, `👍`): an ASCII character
/// or a scalar of U+1F000–U+1FFFF (emoji, mostly) after an ASCII one, or a
/// character of U+4000–U+9FFF (CJK ideographs) after an ASCII one or another
/// such character. The rules of UAX #29 that join a scalar to the one before
/// it need an extender last (none of these is one, but the skin tones, which
/// are left out), or CR LF (a line feed is never taken here), or Prepend,
/// ZWJ or a regional indicator before (none of these is); so each is a
/// whole cluster, and a unit unless a catalog tag ends with its last byte.
struct QuickUnits: Sendable {
    /// One bit for each ASCII byte that is a unit here: all but the line feed and the last bytes of tags.
    private let ascii: (low: UInt64, high: UInt64)
    /// One bit for each continuation byte (80–BF) that is the last byte of a tag.
    private let continuationTagEnds: UInt64

    /// `tagEnds`: for each byte value, whether some tag ends with it.
    init(tagEnds: [Bool]) {
        var ascii: (low: UInt64, high: UInt64) = (~0, ~0)
        var continuations: UInt64 = 0
        for byte in 0..<256 where tagEnds[byte] || byte == 0x0A {
            switch byte {
            case ..<64: ascii.low &= ~(1 << UInt64(byte))
            case ..<128: ascii.high &= ~(1 << UInt64(byte - 64))
            case ..<0xC0: continuations |= 1 << UInt64(byte - 0x80)
            default: break
            }
        }
        self.ascii = ascii
        continuationTagEnds = continuations
    }

    /// The start of the last unit of `bytes[start..<end]` (not empty) if
    /// these tests decide it, else nil.
    @inline(__always)
    func lastUnit(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let last = bytes[end &- 1]
        if last < 0x80 {
            let unit = last < 64 ? ascii.low >> UInt64(last) & 1 : ascii.high >> UInt64(last &- 64) & 1
            guard unit != 0, end &- start == 1 || bytes[end &- 2] < 0x80 else { return nil }
            return end &- 1
        }
        guard end &- start >= 3, last & 0xC0 == 0x80, continuationTagEnds >> UInt64(last & 0x3F) & 1 == 0 else { return nil }
        if end &- start >= 4 && bytes[end &- 4] == 0xF0 {
            // A scalar of U+1F000–U+1FFFF after an ASCII one, unless it extends that one (a skin tone).
            guard bytes[end &- 3] == 0x9F, bytes[end &- 2] & 0xC0 == 0x80,
                  end &- start == 4 || bytes[end &- 5] < 0x80 else { return nil }
            let value = 0x1F000 | UInt32(bytes[end &- 2] & 0x3F) << 6 | UInt32(last & 0x3F)
            return EmojiProperties.flags(value) & EmojiProperties.extend == 0 ? end &- 4 : nil
        }
        guard Self.isIdeograph(bytes, at: end &- 3) else { return nil }
        if end &- start == 3 || bytes[end &- 4] < 0x80 { return end &- 3 }
        return end &- start >= 6 && Self.isIdeograph(bytes, at: end &- 6) ? end &- 3 : nil
    }

    /// Whether the three bytes at `index` are a scalar of U+4000–U+9FFF (lead E4–E9).
    @inline(__always)
    private static func isIdeograph(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] &- 0xE4 < 6 && bytes[index &+ 1] & 0xC0 == 0x80 && bytes[index &+ 2] & 0xC0 == 0x80
    }
}
