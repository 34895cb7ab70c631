/// Decoding of one Unicode scalar from UTF-8 bytes, strict (no overlongs, no
/// surrogates, nothing above U+10FFFF), telling apart invalid bytes from a
/// sequence cut off by the end of the buffer.
enum UTF8Decoder {
    enum Result {
        case scalar(UInt32, length: Int)
        /// Not UTF-8: `length` is the maximal subpart (the lead byte and the
        /// continuation bytes that could still have followed it), at least 1.
        case invalid(length: Int)
        /// The buffer ends inside a sequence that could still be valid.
        case truncated
    }

    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Result {
        let lead = bytes[index]
        if lead < 0x80 { return .scalar(UInt32(lead), length: 1) }
        let length: Int
        var value: UInt32
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0x0D; high = 0x9F
        case 0xF0: length = 4; value = 0; low = 0x90
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; high = 0x8F
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .truncated }
            let byte = bytes[index + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min && byte <= max else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return .scalar(value, length: length)
    }

    /// Where the last scalar before `end` starts: back from `end - 1` over
    /// continuation bytes, at most to `end - 4` (the longest scalar's lead)
    /// and not before 0. The byte there is a continuation byte still when
    /// none of those leads a scalar.
    @inline(__always)
    static func lastLead(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lead = end - 1
        while lead > 0, lead > end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        return lead
    }

    /// Whether both bytes are continuation bytes (80–BF).
    @inline(__always)
    static func isContinuation(_ first: UInt8, _ second: UInt8) -> Bool {
        first & 0xC0 == 0x80 && second & 0xC0 == 0x80
    }
}
