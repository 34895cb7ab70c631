#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding and counting one byte value eight bytes at a time, for the short
/// distances chat text is made of (a line of a few bytes), where a call to
/// `memchr` per line costs more than the search itself.
package enum ByteSearch {
    /// The bytes of `word` that are zero, flagged by their high bit. Only the
    /// lowest flag is sure: a byte above a zero byte may be flagged too.
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The bytes of `word` that are zero, flagged by their high bit, every flag exact.
    @inlinable @inline(__always)
    public static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
    }

    /// The index (0–15) of the first `byte` of sixteen bytes read as two
    /// little-endian words, or 16 if neither holds one. Found without a branch
    /// on which word holds it: where that is as random as the text (the `]` of
    /// tags under and over eight bytes), such a branch mispredicts as often.
    @inline(__always)
    static func firstIndex(of byte: UInt8, inWords first: UInt64, _ second: UInt64) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let firstBits = zeroBytes(first ^ pattern).trailingZeroBitCount        // 64: none in the first word
        let secondBits = zeroBytes(second ^ pattern).trailingZeroBitCount
        return (firstBits &+ (secondBits & (0 &- (firstBits &>> 6)))) &>> 3
    }

    /// The index of the first `byte` at or after `start` in `bytes`, or nil
    /// if there is none: the next eight bytes are tested as one word, and
    /// only past them is `memchr` called.
    @inlinable @inline(__always)
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        // (`memchr` of no bytes finds nothing: no test that any are left.)
        guard let base = bytes.baseAddress else { return nil }
        if start &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).unalignedWord())
            let found = zeroBytes(word ^ UInt64(byte) &* 0x0101_0101_0101_0101)
            if found != 0 { return start &+ found.trailingZeroBitCount &>> 3 }
            guard let hit = memchr(base + start + 8, Int32(byte), bytes.count &- start &- 8) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard start < bytes.count, let hit = memchr(base + start, Int32(byte), bytes.count &- start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the first `a` or `b` at or after `start` in `bytes`, or
    /// nil if there is none: sixteen bytes at a time, as two words.
    @inline(__always)
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let (patternA, patternB) = (UInt64(a) &* ones, UInt64(b) &* ones)
        var index = start
        while index &+ 16 <= bytes.count {
            let first = UInt64(littleEndian: raw.unalignedWord(at: index))
            let second = UInt64(littleEndian: raw.unalignedWord(at: index &+ 8))
            let inFirst = zeroBytes(first ^ patternA) | zeroBytes(first ^ patternB)
            let inSecond = zeroBytes(second ^ patternA) | zeroBytes(second ^ patternB)
            if inFirst | inSecond != 0 {
                // The lowest flag of the zero-byte test is exact.
                return inFirst != 0 ? index &+ inFirst.trailingZeroBitCount &>> 3 : index &+ 8 &+ inSecond.trailingZeroBitCount &>> 3
            }
            index &+= 16
        }
        while index < bytes.count {
            if bytes[index] == a || bytes[index] == b { return index }
            index &+= 1
        }
        return nil
    }

    /// The first position in `from..<to` holding `a`, `b` or `c`, or `to`:
    /// eight bytes at a time (the lowest flagged byte of the zero-byte test
    /// is exact), for short searches such as the end of a tag or of an attribute value.
    @inline(__always)
    static func firstIndex(ofAny a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
                           from: Int, to: Int) -> Int {
        var index = from
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index + 8 <= to {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).unalignedWord())
            let found = zeroBytes(word ^ UInt64(a) &* ones) | zeroBytes(word ^ UInt64(b) &* ones) | zeroBytes(word ^ UInt64(c) &* ones)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < to, bytes[index] != a, bytes[index] != b, bytes[index] != c { index += 1 }
        return index
    }

    /// The index of the first line feed at or after `start` in `bytes`, or nil.
    @inlinable @inline(__always)
    public static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        firstIndex(of: 0x0A, in: bytes, from: start)
    }

    /// The number of line feeds in `bytes`: eight bytes at a time in up to
    /// 64 bytes (text between faces on short lines), by `memchr` from one to
    /// the next in more.
    @inlinable
    public static func lineFeedCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var index = 0
        if bytes.count <= 64 {
            let raw = UnsafeRawPointer(base)
            guard bytes.count >= 8 else {
                while index < bytes.count {
                    count &+= bytes[index] == 0x0A ? 1 : 0
                    index &+= 1
                }
                return count
            }
            while index &+ 8 < bytes.count {
                let word = UInt64(littleEndian: raw.unalignedWord(at: index))
                count &+= exactZeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A).nonzeroBitCount
                index &+= 8
            }
            // The last eight bytes, without those counted already.
            let last = UInt64(littleEndian: raw.unalignedWord(at: bytes.count &- 8))
            let counted = UInt64(8 &- (bytes.count &- index)) &* 8
            return count &+ (exactZeroBytes(last ^ 0x0A0A_0A0A_0A0A_0A0A) &>> counted).nonzeroBitCount
        }
        while index < bytes.count, let found = memchr(base + index, 0x0A, bytes.count - index) {
            count &+= 1
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) &+ 1
        }
        return count
    }
}
