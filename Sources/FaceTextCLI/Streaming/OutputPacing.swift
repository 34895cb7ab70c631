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
    static func feed(_ chunk: UnsafeBufferPointer<UInt8>, out: PacedOutput, _ context: CommandContext,
                     _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(IOError) {
        var start = 0
        repeat {
            let end = min(start + slice, chunk.count)
            body(UnsafeBufferPointer(rebasing: chunk[start..<end]))
            if out.buffer.count >= threshold { try out.drain() }
            start = end
        } while start < chunk.count
        try out.drain()
    }
}

/// A command's output buffer that writes itself to standard output whenever it
/// would grow past ``OutputPacing/threshold`` (``StreamOutput/overflow(over:to:)``),
/// in the middle of a line or a face if need be: output that grows faster than
/// its input (a bubble a million columns wide, a long template for every face)
/// is written as it is made, so memory stays within a few MiB whatever the
/// option values. A write that fails there is thrown by the next ``drain()``;
/// nothing more is written after it.
final class PacedOutput {
    let buffer: StreamOutput
    private let sink: ByteSink
    private var failure: IOError?

    init(_ context: CommandContext, capacity: Int) {
        buffer = StreamOutput(capacity: capacity)
        sink = context.stdout
        buffer.overflow(over: OutputPacing.threshold) { [unowned self] bytes in
            guard failure == nil else { return }
            do throws(IOError) {
                try sink.write(bytes)
            } catch {
                failure = error
            }
        }
    }

    /// Writes what the buffer holds, or throws the failure of an earlier write.
    func drain() throws(IOError) {
        if let failure {
            buffer.removeAll()
            throw failure
        }
        try sink.drain(buffer)
    }
}
