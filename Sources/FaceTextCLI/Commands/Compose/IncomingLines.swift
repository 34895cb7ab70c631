#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows a file or FIFO as `tail -f` does: the lines written to it from now
/// on. A FIFO is opened for writing too, so it never reads as ended when a
/// writer leaves; a regular file is read from its end, and from its start
/// again if it is cut shorter. A line longer than ``lineLimit`` comes in pieces.
final class IncomingLines {
    static let lineLimit = 64 * 1024
    /// The most bytes read at a time.
    static let readSize = 16 * 1024
    let path: String
    let descriptor: Int32
    /// Whether the file is a regular one (polled by time, not by `poll`).
    let isRegular: Bool
    private var offset: off_t = 0
    private var partial: [UInt8] = []

    /// Opens `path`; throws the reason it cannot.
    init(path: String) throws(IOError) {
        self.path = path
        var descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .openFailed(errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .openFailed(errno: errno) }
        isRegular = status.st_mode & S_IFMT == S_IFREG
        if status.st_mode & S_IFMT == S_IFIFO {
            let both = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            if both >= 0 {
                close(descriptor)
                descriptor = both
            }
        }
        self.descriptor = descriptor
        if isRegular { offset = lseek(descriptor, 0, SEEK_END) }
    }

    deinit { close(descriptor) }

    /// The whole lines in the next read of at most ``readSize`` bytes
    /// (without their line endings), and whether more may be waiting: one
    /// read a call, so a flood of lines never holds up the keys.
    func newLines() -> (lines: [String], more: Bool) {
        if isRegular {
            var status = stat()
            if fstat(descriptor, &status) == 0 && status.st_size < offset {
                offset = lseek(descriptor, 0, SEEK_SET)
                partial.removeAll()
            }
        }
        var lines: [String] = []
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got > 0 {
            offset += off_t(got)
            for byte in buffer[..<got] {
                if byte == 0x0A {
                    lines.append(Self.line(partial))
                    partial.removeAll(keepingCapacity: true)
                } else {
                    partial.append(byte)
                    if partial.count >= Self.lineLimit {
                        lines.append(Self.line(partial))
                        partial.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
        return (lines, got == buffer.count)
    }

    private static func line(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
