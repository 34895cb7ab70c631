#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer for the per-token writes of a stream: appends are
/// one `memcpy`, without the generic overhead of `Array.append(contentsOf:)`
/// on many small pieces. Owned by one stream call and freed by ``moveAll(to:)``.
struct OutputBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        memcpy(base + count, bytes.baseAddress!, bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// The free space after the bytes written, at least `needed` bytes; a
    /// writer stores bytes there, then keeps them with ``commitTail(_:)``.
    @inline(__always)
    mutating func freeSpace(atLeast needed: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if count + needed > capacity { grow(to: count + needed) }
        return UnsafeMutableBufferPointer(start: base + count, count: capacity - count)
    }

    /// Appends the first `length` (at most 32) of the 32 bytes at `source`,
    /// with one copy of all 32 (``ByteBlock``).
    @inline(__always)
    mutating func appendBlock(from source: UnsafeRawPointer, length: Int) {
        if count &+ ByteBlock.size > capacity { grow(to: count &+ ByteBlock.size) }
        ByteBlock.copy(from: source, to: UnsafeMutableRawPointer(base + count))
        count &+= length
    }

    /// Appends `bytes[start..<end]`: as one block copy (``appendBlock(from:length:)``)
    /// when it is at most 32 bytes and 32 are readable from `start`, as short
    /// pieces mostly are (no call whose branches on the length mispredict), else by `memcpy`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        if end &- start <= ByteBlock.size && start &+ ByteBlock.size <= bytes.count {
            appendBlock(from: UnsafeRawPointer(bytes.baseAddress! + start), length: end &- start)
        } else {
            append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// Keeps `written` bytes stored in the ``freeSpace(atLeast:)``.
    @inline(__always)
    mutating func commitTail(_ written: Int) {
        count += written
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Moves the bytes to storage of at least `needed` bytes. The buffer's
    /// fields go in and come back as values, not through its address: a
    /// loop that appends may then keep them in registers.
    @inline(__always)
    private mutating func grow(to needed: Int) {
        (base, capacity) = Self.grown(base, count: count, capacity: capacity, needed: needed)
    }

    @inline(never)
    private static func grown(_ base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int,
                              needed: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        return (newBase, newCapacity)
    }

    var byteCount: Int { count }

    /// The bytes written so far.
    func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() {
        count = 0
    }

    /// Releases the storage.
    mutating func free() {
        base.deallocate()
        count = 0
        capacity = 0
    }

    /// Appends everything to `out` and releases the storage.
    mutating func moveAll(to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        base.deallocate()
        count = 0
        capacity = 0
    }
}

/// A growable byte buffer that appends with one `memcpy` per piece: for
/// writing output made of many small parts (``FaceLister`` writes its lines
/// into one; `TransformStream` uses the same storage internally).
public final class ByteBuffer {
    @exclusivity(unchecked) private var storage: OutputBuffer

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        storage = OutputBuffer(capacity: capacity)
    }

    deinit { storage.free() }

    /// The number of bytes written.
    public var count: Int { storage.byteCount }

    /// Appends bytes.
    @inline(__always)
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) { storage.append(bytes) }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) { storage.append(byte) }

    /// Appends bytes.
    public func append(_ bytes: [UInt8]) { storage.append(bytes) }

    /// Appends a whole number in decimal.
    public func append(decimal value: Int) {
        append(maximumCount: 20) { ByteWriter(at: $0).putting(decimal: value) }
    }

    /// Lets `body` write up to `maximumCount` bytes in place, through a
    /// pointer to the free space; `body` returns how many it wrote. For
    /// writers that assemble many small pieces (see ``ByteWriter``).
    public func append(maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let space = storage.freeSpace(atLeast: maximumCount)
        storage.commitTail(body(space.baseAddress!))
    }

    /// Room for at least `count` more bytes: a pointer to the free space, to
    /// write up to `count` bytes at, then keep them with ``commit(_:)``. The
    /// pointer is good until the next call that changes the buffer. The same
    /// as ``append(maximumCount:_:)``, for writers that would rather not pass a closure.
    public func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        storage.freeSpace(atLeast: count).baseAddress!
    }

    /// Keeps `count` bytes written at the pointer ``reserve(_:)`` returned.
    public func commit(_ count: Int) {
        storage.commitTail(count)
    }

    /// Calls `body` with the bytes written so far.
    public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try storage.withBytes(body)
    }

    /// Forgets the bytes, keeping the storage.
    public func removeAll() { storage.removeAll() }

    /// Lends the storage to a stream for one call, without copying.
    func withStorage<R>(_ body: (inout OutputBuffer) -> R) -> R {
        body(&storage)
    }
}

/// A cursor writing into memory made ready by ``ByteBuffer/append(maximumCount:_:)``.
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

    /// The bytes written so far, as a count: `body`'s return value for ``ByteBuffer/append(maximumCount:_:)``.
    @inlinable
    public consuming func putting(decimal value: Int) -> Int {
        put(decimal: value)
        return count
    }
}
