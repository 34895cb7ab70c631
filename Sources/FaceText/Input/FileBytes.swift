#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file read into memory, up to a stated size: for the inputs that
/// are read whole (catalogs, CLDR annotations, emoji-test.txt), so a file far
/// larger than any real one is a clear error, never all the memory there is.
/// A FIFO or a device is read the same way, to its end or the limit.
package enum FileBytes {
    /// Why a file could not be read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// `open` or `read` failed with this `errno`.
        case unreadable(errno: Int32)
        /// A folder, not a file.
        case isFolder
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .unreadable(let code): "cannot be read (\(String(cString: strerror(code))))"
            case .isFolder: "is a folder, not a file"
            case .tooLarge(let limit): "is over \(limit >> 20) MiB, more than any such file; refused"
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(errno: errno) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw .isFolder }
            if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > limit { throw .tooLarge(limit: limit) }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes += buffer[..<count]
        }
    }
}

/// The C library's read(2) (Glibc's or Darwin's, as imported), by a name no method shadows.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
