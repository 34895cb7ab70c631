#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cursor writing into memory made ready by ``StreamOutput/append(maximumCount:_:)``.
package struct ByteWriter {
    /// Where the next byte goes.
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    @usableFromInline let start: UnsafeMutablePointer<UInt8>

    /// A cursor at `start`.
    @inlinable
    public init(at start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        position = start
    }

    /// The number of bytes written.
    @inlinable
    public var count: Int { start.distance(to: position) }

    /// Writes bytes.
    @inlinable
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        Self.copy(from: UnsafeRawPointer(base), to: UnsafeMutableRawPointer(position), count: bytes.count)
        position += bytes.count
    }

    /// Copies `count` bytes; pieces of a line are short, and words copied in
    /// place (two overlapping ones for an odd size) beat a call to `memcpy`.
    @inlinable
    static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 16 {
            var offset = 0
            while offset + 16 <= count {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self),
                                  toByteOffset: offset, as: (UInt64, UInt64).self)
                offset += 16
            }
            if offset < count {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 16, as: (UInt64, UInt64).self),
                                  toByteOffset: count - 16, as: (UInt64, UInt64).self)
            }
        } else if count >= 8 {
            target.storeBytes(of: source.unalignedWord(), as: UInt64.self)
            target.storeBytes(of: source.unalignedWord(at: count - 8), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.unalignedUnit(), as: UInt32.self)
            target.storeBytes(of: source.unalignedUnit(at: count - 4), toByteOffset: count - 4, as: UInt32.self)
        } else {
            for offset in 0..<count { target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self) }
        }
    }

    /// Writes bytes in blocks of 16, reading and storing past their end: the
    /// first `size` bytes (a multiple of 16) when the bytes are no more, all
    /// of them rounded up to 16 when they are longer. For bytes with that much
    /// readable memory after them, written where that much room was reserved:
    /// a fixed number of stores, without a branch on the length, for most
    /// pieces of a line.
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>, copyingUpTo size: Int) {
        guard let base = bytes.baseAddress else { return }
        let source = UnsafeRawPointer(base), target = UnsafeMutableRawPointer(position)
        func block(_ offset: Int) {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self),
                              toByteOffset: offset, as: (UInt64, UInt64).self)
        }
        if bytes.count <= size {
            var offset = 0
            repeat {
                block(offset)
                offset += 16
            } while offset < size
        } else {
            var offset = 0
            while offset < bytes.count {
                block(offset)
                offset += 16
            }
        }
        position += bytes.count
    }

    /// Writes the first `count` bytes of `word` (1 to 8, the lowest byte
    /// first), storing all eight: a short constant in one store.
    @inlinable
    public mutating func put(word: UInt64, count: Int) {
        UnsafeMutableRawPointer(position).storeBytes(of: word.littleEndian, as: UInt64.self)
        position += count
    }

    /// Writes bytes.
    @inlinable
    public mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// Writes one byte.
    @inlinable
    public mutating func put(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    /// Writes a whole number in decimal (at most 20 bytes).
    @inlinable
    public mutating func put(decimal value: Int) {
        if UInt(bitPattern: value) < 10 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value >= 10 && value < 100_000_000 {
            put(digitsOf: UInt64(value), leadingZeros: false)
            return
        }
        if value >= 100_000_000 && value < 10_000_000_000_000_000 {
            // Offsets past 100 MB: the digits above the last eight, then those eight.
            let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
            put(digitsOf: UInt64(high), leadingZeros: false)
            put(digitsOf: UInt64(low), leadingZeros: true)
            return
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        var rest = value.magnitude
        // The number of digits, then two digits at a time from the right.
        var end = position + Self.digitCount(rest)
        position = end
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            end -= 2
            UnsafeMutableRawPointer(end).storeBytes(of: pairs.unalignedHalf(at: 2 * pair), as: UInt16.self)
        }
        if rest >= 10 {
            end -= 2
            UnsafeMutableRawPointer(end).storeBytes(of: pairs.unalignedHalf(at: 2 * Int(rest)), as: UInt16.self)
        } else {
            end[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// Writes `value` (1 to 99,999,999; 0 with leading zeros) in decimal,
    /// eight digits computed side by side in one word, then stored at once:
    /// all eight, or with the leading zeros shifted out.
    @inlinable
    mutating func put(digitsOf value: UInt64, leadingZeros: Bool) {
        let digits = Self.eightDigits(value)
        let zeros = leadingZeros ? 0 : digits.trailingZeroBitCount / 8
        UnsafeMutableRawPointer(position).storeBytes(of: ((digits &+ 0x3030_3030_3030_3030) >> (8 * UInt64(zeros))).littleEndian,
                                                     as: UInt64.self)
        position += 8 - zeros
    }

    /// Writes `value` (0 to 9,999) as four digits, leading zeros included.
    @inlinable @inline(__always)
    public mutating func put(fourDigitsOf value: Int) {
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        let (high, low) = value.quotientAndRemainder(dividingBy: 100)
        let word = UInt32(pairs.unalignedHalf(at: 2 * high))
            | UInt32(pairs.unalignedHalf(at: 2 * low)) << 16
        UnsafeMutableRawPointer(position).storeBytes(of: word, as: UInt32.self)
        position += 4
    }

    /// "00", "01", … "99" end to end: two digits are one load and one store.
    @usableFromInline
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The eight decimal digits of `value` (under 100,000,000, leading zeros
    /// included) as one byte each, the first in the lowest byte: two halves
    /// of four digits, split into pairs, then into digits, in each lane at once.
    @inlinable
    static func eightDigits(_ value: UInt64) -> UInt64 {
        let halves = value / 10_000 | (value % 10_000) << 32
        let high = (halves &* 10_486) >> 20 & 0x7F_0000_007F                   // each half / 100
        let pairs = (halves &- 100 &* high) << 16 &+ high                      // [hundreds, rest] per half
        var tens = (pairs &* 103) >> 10 & 0x000F_000F_000F_000F              // each pair / 10
        tens = tens &+ ((pairs &- 10 &* tens) << 8)                           // and each pair % 10 after it
        return tens
    }

    /// The number of decimal digits of `value`: a few comparisons for the
    /// numbers a line is made of (offsets, lengths, line numbers).
    @inlinable
    static func digitCount(_ value: UInt) -> Int {
        if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4) }
        if value < 100_000_000 { return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8) }
        var digits = 9
        var power: UInt = 1_000_000_000
        while digits < 20 && value >= power {
            digits += 1
            power = power &* 10
        }
        return digits
    }

    /// The bytes written so far, as a count: `body`'s return value for ``StreamOutput/append(maximumCount:_:)``.
    @inlinable
    public consuming func putting(decimal value: Int) -> Int {
        put(decimal: value)
        return count
    }
}
