#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that appends with one `memcpy` per piece: for
/// writing output made of many small parts (``FaceLister`` writes its lines
/// into one; `TransformStream` uses the same storage internally).
public final class StreamOutput {
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

    /// Makes the buffer hand what it holds to `write` instead of growing,
    /// once it holds more than `limit` bytes and a piece would not fit: then
    /// it never holds much more than twice `limit` plus the largest piece
    /// appended, however much a writer makes of one piece of input. `write`
    /// gets the bytes in order; they are forgotten when it returns.
    ///
    /// ```swift
    /// let out = StreamOutput()
    /// out.overflow(over: 1 << 20) { bytes in fwrite(bytes.baseAddress, 1, bytes.count, stdout) }
    /// ```
    public func overflow(over limit: Int, to write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        storage.overflowLimit = limit
        storage.overflow = write
    }

    /// Lends the storage to a stream for one call, without copying.
    func withStorage<R>(_ body: (inout OutputBuffer) -> R) -> R {
        body(&storage)
    }
}
