#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named output file written as `recent` writes its history: into a new
/// temporary file beside it (created, never opened through a link), then
/// renamed into place by ``commit()``, so a reader sees the old file or the
/// whole new one, and a link planted at the name is replaced, not followed.
/// Until then the old file is untouched; a sink let go without a commit
/// removes its temporary file.
///
/// A name that is a device or a FIFO, or a link to one, and the system's names
/// for open files (`/dev/stdout`, `/proc/self/fd/1`), are written to as they are;
/// a folder is an error.
final class ReplacingFileSink: ByteSink {
    private let target: String
    private var temporary: String?
    private let descriptor: Int32
    /// Writes to `descriptor` (which this sink closes).
    private let file: FileDescriptorSink
    private var closed = false

    init(path: String) throws(IOError) {
        target = path
        // What the name is, and what a link there leads to: a device or a pipe (`/dev/stdout`) is
        // written to where it is; a regular file, or a link to one, is replaced.
        var status = stat(), linked = stat()
        if lstat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK, stat(path, &linked) == 0, linked.st_mode & S_IFMT != S_IFREG { status = linked }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFDIR { throw .openFailed(errno: EISDIR) }
            // The system's names for open files (/dev/stdout, /dev/fd/3, /proc/self/fd/1) are never replaced.
            let system = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
            if system || [S_IFCHR, S_IFIFO, S_IFSOCK, S_IFBLK].contains(kind) {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard descriptor >= 0 else { throw .openFailed(errno: errno) }
                self.descriptor = descriptor
                file = FileDescriptorSink(descriptor: descriptor)
                return
            }
        }
        var generator = SystemRandomNumberGenerator()
        var error: Int32 = EEXIST
        for _ in 0..<100 {
            let name = Self.folder(of: path) + "/." + Self.base(of: path) + ".tmp." + String(generator.next() as UInt64, radix: 36)
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                self.descriptor = descriptor
                file = FileDescriptorSink(descriptor: descriptor)
                temporary = name
                return
            }
            error = errno
            guard error == EEXIST else { break }
        }
        throw .openFailed(errno: error)
    }

    deinit {
        if !closed { close(descriptor) }
        if let temporary { unlink(temporary) }
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) {
        try file.write(bytes)
    }

    /// Puts the file in place of the one at its name (for a device or FIFO, closes it).
    func commit() throws(IOError) {
        guard !closed else { return }
        closed = true
        guard let temporary else {
            close(descriptor)
            return
        }
        if fsync(descriptor) != 0 {
            let error = errno
            close(descriptor)
            throw .writeFailed(errno: error)
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else { throw .writeFailed(errno: errno) }
        self.temporary = nil
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }

    private static func base(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
