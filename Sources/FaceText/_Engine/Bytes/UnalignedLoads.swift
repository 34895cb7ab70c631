/// Unaligned loads of words, in memory order, that are always inlined.
///
/// The standard library's `loadUnaligned(fromByteOffset:as:)` is inlined
/// by the optimizer only while the function it is called from is small
/// enough: in a large loop (``ScanEngine``'s run loop, with everything it
/// calls inlined) it became a call of its own, of a few instructions, at
/// every load. Loaded through these, it never does. (Inlinable, for
/// ``OutputBuffer``'s inlinable copies. `UnsafeRawBufferPointer`'s loads,
/// which check their bounds in debug builds, were never left calls.)
extension UnsafeRawPointer {
    /// The eight bytes at `offset`, in memory order.
    @inlinable @inline(__always)
    func unalignedWord(at offset: Int = 0) -> UInt64 {
        loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// The four bytes at `offset`, in memory order.
    @inlinable @inline(__always)
    func unalignedUnit(at offset: Int = 0) -> UInt32 {
        loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    /// The two bytes at `offset`, in memory order.
    @inlinable @inline(__always)
    func unalignedHalf(at offset: Int = 0) -> UInt16 {
        loadUnaligned(fromByteOffset: offset, as: UInt16.self)
    }
}
