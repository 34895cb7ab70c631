#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The free space at the end of an ``OutputBuffer``, written through a
/// cursor kept in registers and handed back by ``commit(to:)``: the render
/// kernel writes whole words into room made once per chunk.
struct OutputTail {
    private var start: UnsafeMutablePointer<UInt8>
    private var cursor: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>

    @inline(__always)
    init(_ out: inout OutputBuffer, room: Int) {
        let space = out.freeSpace(atLeast: room)
        start = space.baseAddress!
        cursor = start
        end = start + space.count
    }

    /// Hands the bytes written back to `out`.
    @inline(__always)
    mutating func commit(to out: inout OutputBuffer) {
        out.commitTail(start.distance(to: cursor))
        start = cursor
    }

    /// Makes sure `needed` bytes fit after the cursor.
    @inline(__always)
    mutating func reserve(_ needed: Int, in out: inout OutputBuffer) {
        if cursor.distance(to: end) < needed { grow(needed, in: &out) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int, in out: inout OutputBuffer) {
        commit(to: &out)
        self = OutputTail(&out, room: needed)
    }

    /// Copies `count` (at most sixteen) bytes from `source`, writing sixteen.
    @inline(__always)
    mutating func copyWords(_ source: UnsafeRawPointer, _ count: Int) {
        storeWords(source.unalignedWord(), source.unalignedWord(at: 8), count)
    }

    /// Writes the first `count` bytes of two words (as they lie in memory), writing sixteen.
    @inline(__always)
    mutating func storeWords(_ first: UInt64, _ second: UInt64, _ count: Int) {
        UnsafeMutableRawPointer(cursor).storeBytes(of: first, as: UInt64.self)
        UnsafeMutableRawPointer(cursor + 8).storeBytes(of: second, as: UInt64.self)
        cursor += count
    }

    @inline(__always)
    mutating func copy(_ source: UnsafeRawPointer, _ count: Int) {
        memcpy(cursor, source, count)
        cursor += count
    }
}
