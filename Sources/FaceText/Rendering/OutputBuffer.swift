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

    /// Keeps `written` bytes stored in the ``freeSpace(atLeast:)``.
    @inline(__always)
    mutating func commitTail(_ written: Int) {
        count += written
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
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
/// writing output made of many small parts (used by the command line's
/// `scan` writer; `TransformStream` uses the same storage internally).
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
public struct ByteWriter {
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
        position.update(from: base, count: bytes.count)
        position += bytes.count
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
        if value < 0 { put(UInt8(ascii: "-")) }
        var rest = value.magnitude
        if rest < 10 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest))
            return
        }
        // Digits from the right into a small buffer, then copied.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                let quotient = rest / 10
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- quotient &* 10)
                rest = quotient
            } while rest > 0
            put(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[start...]))
        }
    }

    /// The bytes written so far, as a count: `body`'s return value for ``ByteBuffer/append(maximumCount:_:)``.
    @inlinable
    public consuming func putting(decimal value: Int) -> Int {
        put(decimal: value)
        return count
    }
}
