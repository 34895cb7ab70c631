/// Lines that certainly fit the width: the common chat line, shorter than a
/// bubble, which the wrapper then hands on as it came without measuring a unit.
///
/// A line is read eight bytes at a time and weighed: a byte of ASCII 1, the
/// lead byte of a UTF-8 sequence 2, a continuation byte 0. When the line is
/// well-formed UTF-8 with no control character, its weight is at least its
/// width: a cluster of one ASCII scalar is at most 1 column, any other
/// cluster at most 2 and it weighs at least 2 (a scalar that is not ASCII, or
/// ASCII and at least one more), and a tag is as wide as its clusters. So a
/// line that weighs no more than the width is never broken, by either kind of
/// breaking (no rule forces a break inside a line).
///
/// Bytes that are not UTF-8 are a column each, so the check proves the form
/// too: every lead byte is followed by as many continuation bytes as it asks
/// for, and no other continuation byte is there. That leaves the sequences
/// of the right shape that still decode to nothing (an overlong form, a
/// surrogate, beyond U+10FFFF): a lead byte C0 or C1 weighs 2 for its 2
/// bytes, enough; lines with E0, ED or F4 to FF, and with F0 before 80–8F,
/// are left to the general way. So are lines with a control character
/// (a tab takes up to 8 columns) but for the CR of a CRLF ending, and lines
/// with a mandatory break inside (NEL, U+2028, U+2029), where a line ends.
enum FittingLine {
    private static let high: UInt64 = 0x8080_8080_8080_8080
    private static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// Where the line at `start` ends (just after its line feed) when it is
    /// whole in `base[start..<end]` and certainly fits in `limit` columns; else nil.
    /// The line is weighed first, and its form checked only when it is light enough.
    @inline(__always)
    static func end(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, limit: Int) -> Int? {
        var weight = 0
        var index = start
        var seen: UInt64 = 0
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).unalignedWord())
            let controls = (word &- 0x2020_2020_2020_2020) & ~word & high     // the lowest flag is exact
            if controls != 0 {
                let offset = controls.trailingZeroBitCount / 8
                var lineFeed = index + offset
                if base[lineFeed] == 0x0D && lineFeed + 1 < end && base[lineFeed + 1] == 0x0A {
                    lineFeed += 1
                } else if base[lineFeed] != 0x0A {
                    return nil
                }
                // The bytes from the first control character on are read as spaces, and not counted.
                let last = masked(word, keeping: offset)
                weight &+= weigh(last) &- (8 - offset)
                guard weight <= limit else { return nil }
                // ASCII only is well formed.
                guard (seen | last) & high != 0 else { return lineFeed + 1 }
                return isWellFormed(base, from: start, to: index, last: last, lineEnd: index + offset) ? lineFeed + 1 : nil
            }
            weight &+= weigh(word)
            guard weight <= limit else { return nil }
            seen |= word
            index += 8
        }
        return nil
    }

    /// `word` with its bytes from `count` on replaced by spaces.
    @inline(__always)
    private static func masked(_ word: UInt64, keeping count: Int) -> UInt64 {
        let kept: UInt64 = count == 0 ? 0 : ~0 >> (64 - 8 * UInt64(count))
        return word & kept | spaces & ~kept
    }

    /// The weight of eight bytes: each flagged byte adds its weight in the top
    /// byte (no population count on the baseline x86-64).
    @inline(__always)
    private static func weigh(_ word: UInt64) -> Int {
        let ascii = ~word & high, lead = word & word << 1 & high
        return Int(truncatingIfNeeded: ((ascii >> 7 &+ lead >> 6) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// Whether the words from `start` up to `lastIndex`, then `last`, are well
    /// formed, and the line (up to `lineEnd`) has no mandatory break inside.
    @inline(__always)
    private static func isWellFormed(_ base: UnsafePointer<UInt8>, from start: Int, to lastIndex: Int, last: UInt64, lineEnd: Int) -> Bool {
        var form = Form()
        var index = start
        while index < lastIndex {
            form.add(UInt64(littleEndian: UnsafeRawPointer(base + index).unalignedWord()))
            index += 8
        }
        form.add(last)
        guard form.isWellFormed else { return false }
        // A mandatory break inside ends a line there: such a line goes the general way.
        return form.suspects == 0 || !hasMandatoryBreak(base, from: start, to: lineEnd)
    }

    /// Whether NEL, U+2028 or U+2029 is in `base[start..<end]`, as the general way finds them.
    private static func hasMandatoryBreak(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let line = UnsafeBufferPointer(start: base + start, count: end - start)
        var index = 0
        while index < line.count {
            if line[index] & 0xDF == 0xC2 && WrapCore.mandatoryBreakLength(line, at: index, isFinal: true) != 0 { return true }
            index += 1
        }
        return false
    }

    /// The form of the words read so far: whether every sequence is well formed.
    struct Form {
        /// Where the previous word asks for continuation bytes in this one.
        private var carried: UInt64 = 0
        /// Where the previous word's F0 asks for a byte of 90–BF in this one.
        private var carriedF0: UInt64 = 0
        private var faults: UInt64 = 0
        /// Whether a byte C2 or E2 was seen: the lead byte of NEL, U+2028 and U+2029 (and of other scalars).
        private(set) var suspects: UInt64 = 0

        var isWellFormed: Bool { faults == 0 && carried == 0 }

        /// Reads eight bytes (the first in the low byte), each flagged by its high bit in the masks.
        @inline(__always)
        mutating func add(_ word: UInt64) {
            let shifted1 = word << 1, shifted2 = word << 2, shifted3 = word << 3
            let continuation = word & ~shifted1 & high                  // 10xxxxxx
            let lead = word & shifted1 & high                           // 11xxxxxx
            let lead3 = lead & shifted2                                 // 111xxxxx
            let lead4 = lead3 & shifted3                                // 1111xxxx
            let bit3 = word << 4, bit2 = word << 5, bit1 = word << 6, bit0 = word << 7
            let lowZero = ~(bit3 | bit2 | bit1 | bit0)
            let wanted = lead << 8 | lead3 << 16 | lead4 << 24 | carried
            carried = lead >> 56 | lead3 >> 48 | lead4 >> 40
            let e0 = lead3 & ~lead4 & lowZero
            let ed = lead3 & ~lead4 & bit3 & bit2 & ~bit1 & bit0
            let f4Up = lead4 & (bit3 | bit2)
            let f0 = lead4 & lowZero
            let overlongF0 = (f0 << 8 | carriedF0) & continuation & ~shifted2 & ~shifted3
            carriedF0 = f0 >> 56
            faults |= (wanted ^ continuation) | e0 | ed | f4Up | overlongF0
            // C2 or E2 (one test: they differ in one bit), which NEL, U+2028 and U+2029 start with.
            suspects |= ByteSearch.exactZeroBytes(word & 0xDFDF_DFDF_DFDF_DFDF ^ 0xC2C2_C2C2_C2C2_C2C2)
        }
    }
}
