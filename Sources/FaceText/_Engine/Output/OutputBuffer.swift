#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer for the per-token writes of a stream: appends are
/// one `memcpy`, without the generic overhead of `Array.append(contentsOf:)`
/// on many small pieces. Owned by one stream call and freed by ``moveAll(to:)``.
///
/// With an ``overflow`` writer, the buffer never grows past about twice
/// ``overflowLimit`` plus the largest single piece: when a piece would not
/// fit and the buffer holds more than the limit, what it holds is handed to
/// the writer and forgotten first. Output that is many times its input (a
/// long template for every face, a bubble a million columns wide) then goes
/// out as it is made instead of piling up. Writers take room through the
/// buffer after every piece they keep, so nothing they hold is lost.
struct OutputBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Where the bytes go when the buffer would grow past ``overflowLimit``.
    var overflow: ((UnsafeBufferPointer<UInt8>) -> Void)?
    var overflowLimit = Int.max

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
        var needed = needed
        if needed > overflowLimit && count > 0 && overflow != nil {
            needed -= count
            spill()
            if needed <= capacity { return }
        }
        (base, capacity) = Self.grown(base, count: count, capacity: capacity, needed: needed)
    }

    /// Hands the bytes held to ``overflow`` and forgets them.
    @inline(never)
    private mutating func spill() {
        overflow?(UnsafeBufferPointer(start: base, count: count))
        count = 0
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
