/// Room in an output buffer taken ahead of need (64 KiB at a time), filled
/// line by line and kept with ``keep()``: one pointer compare per line
/// instead of a reserve and a commit through the buffer.
struct LineSpace {
    let out: StreamOutput
    private var start: UnsafeMutablePointer<UInt8>?
    private var next: UnsafeMutablePointer<UInt8>?
    private var end: UnsafeMutablePointer<UInt8>?

    init(out: StreamOutput) {
        self.out = out
    }

    /// Where to write at most `count` bytes; then ``advance(by:)``.
    @inline(__always)
    mutating func room(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if let next, let end, next.distance(to: end) >= count { return next }
        keep()
        let size = max(count, 1 << 16)
        let room = out.reserve(size)
        (start, next, end) = (room, room, room + size)
        return room
    }

    /// Marks `count` bytes written at ``room(_:)``.
    @inline(__always)
    mutating func advance(by count: Int) {
        next! += count
    }

    /// Keeps the bytes written in the output buffer. Call before the buffer
    /// is read, written out or appended to by anything else.
    mutating func keep() {
        if let start, let next { out.commit(start.distance(to: next)) }
        (start, next, end) = (nil, nil, nil)
    }
}
