import FaceText

/// Input handed on in slices, with the output written out whenever it has
/// grown large: output that is many times its input (`scan`'s JSON lines, a
/// long `--template`) never piles up for a whole read, so memory stays flat
/// whatever the input holds, while writes stay large.
enum OutputPacing {
    /// How much input is handed on at a time.
    static let slice = 1 << 16
    /// How much output is held before it is written.
    static let threshold = 1 << 20

    /// Calls `body` with each slice of `chunk`, writing `out` to standard
    /// output when it reaches ``threshold`` and after the last slice.
    static func feed(_ chunk: UnsafeBufferPointer<UInt8>, out: ByteBuffer, _ context: CommandContext,
                     _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(IOError) {
        var start = 0
        repeat {
            let end = min(start + slice, chunk.count)
            body(UnsafeBufferPointer(rebasing: chunk[start..<end]))
            if out.count >= threshold { try context.stdout.drain(out) }
            start = end
        } while start < chunk.count
        try context.stdout.drain(out)
    }
}
