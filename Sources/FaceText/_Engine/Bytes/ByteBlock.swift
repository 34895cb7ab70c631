/// Thirty-two bytes with the alignment of one, copied whole through typed
/// pointers: their accessors are always inlined, so the copy stays two
/// vector moves wherever it is used. (A raw `copyMemory` or `storeBytes`
/// of a constant size may become a call when the function around it is
/// large: the inliner gives up on helpers that are not forced inline.)
struct ByteBlock {
    static let size = 32

    private var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)

    /// Copies the 32 bytes at `source` to `target`.
    @inline(__always)
    static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        target.assumingMemoryBound(to: ByteBlock.self).pointee = source.assumingMemoryBound(to: ByteBlock.self).pointee
    }
}
