/// Well-formed UTF-8, checked eight ASCII bytes at a time, and ill-formed
/// UTF-8 repaired as the standard library's `String(decoding:as:)` repairs it
/// (one U+FFFD for each maximal subpart of an ill-formed sequence), with the
/// well-formed runs between copied whole.
enum UTF8Check {
    /// How many bytes at the end of `bytes` are the start of a character whose other bytes are missing (0 to 3).
    static func incompleteTail(_ bytes: [UInt8]) -> Int {
        for back in stride(from: 1, through: min(3, bytes.count), by: 1) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { firstInvalid(bytes) == nil }

    /// Where the first ill-formed sequence of `bytes` starts, or nil if there is none.
    static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                // Eight bytes at a time; else straight to the first that is not ASCII.
                let high = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080
                guard high != 0 else {
                    index += 8
                    continue
                }
                index += UInt64(littleEndian: high).trailingZeroBitCount >> 3
            } else if base[index] < 0x80 {
                index += 1
                continue
            }
            var lead = base[index]
            // Runs of three-byte characters with no overlong form or surrogate to rule out (most CJK):
            // the two bytes after each lead continuation bytes.
            while lead & 0xF0 == 0xE0, lead != 0xE0, lead != 0xED {
                guard index + 2 < count, (UInt16(base[index + 1]) | UInt16(base[index + 2]) << 8) & 0xC0C0 == 0x8080 else { return index }
                index += 3
                guard index < count else { return nil }
                lead = base[index]
            }
            if lead < 0x80 { continue }
            let length = sequenceLength(base, from: index, count: count)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// What a lead byte asks for: the sequence's length, and the range of the byte after it
    /// (the others are continuation bytes, 80 to BF); a length of 0 for a byte that leads nothing.
    private static func expectation(_ lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>) {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
    }

    /// How many bytes from `index` (whose lead is not ASCII) could still make a character: all of
    /// a well-formed sequence, else its maximal subpart (the lead, and as many bytes after it as
    /// fit), at least 1.
    private static func fittingLength(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> (length: Int, whole: Bool) {
        let (length, second) = expectation(base[index])
        var taken = 1
        while taken < length, index + taken < count {
            let byte = base[index + taken]
            guard taken == 1 ? second.contains(byte) : byte & 0xC0 == 0x80 else { break }
            taken += 1
        }
        return (taken, length > 0 && taken == length)
    }

    /// The length of the well-formed sequence at `index` (whose lead is not ASCII), or 0.
    private static func sequenceLength(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        let (length, whole) = fittingLength(base, from: index, count: count)
        return whole ? length : 0
    }

    /// `bytes` with each maximal subpart of an ill-formed sequence, the first at `start`, as U+FFFD.
    static func repaired(_ bytes: [UInt8], from start: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var index = 0, bad = start
            while true {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<bad]))
                guard bad < bytes.count else { return }
                out += [0xEF, 0xBF, 0xBD]
                index = bad + fittingLength(base, from: bad, count: bytes.count).length
                bad = UTF8Check.firstInvalid(UnsafeBufferPointer(rebasing: bytes[index...])).map { index + $0 } ?? bytes.count
            }
        }
        return out
    }
}
