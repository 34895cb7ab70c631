#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A history kept in a file, safe under concurrent writers and crashes.
///
/// An update takes an exclusive lock (`flock` on `PATH.lock`, beside the
/// file), reads the file, changes the history, writes it to a temporary file
/// in the same folder (mode 0600), flushes that to disk, renames it over the
/// file and flushes the folder: another process waits for the lock, and a
/// crash at any moment leaves the old file or the new one, never a torn one.
/// The folder is made (mode 0700) if it is missing.
public struct HistoryFile: Sendable {
    /// A failure, naming the path.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "'\(path)': \(problem)" }
    }

    /// The file's path.
    public let path: String
    /// The most faces kept (see ``FaceHistory/limit``).
    public let limit: Int

    public init(path: String, limit: Int = 1_000) {
        self.path = path
        self.limit = limit
    }

    /// The history in the file (empty if there is no file yet), and what could not be read.
    public func history() throws(Failure) -> (history: FaceHistory, warnings: [FaceHistory.Warning]) {
        let (history, warnings, _) = try load()
        return (history, warnings)
    }

    /// Changes the history in the file under the lock, and writes it back;
    /// returns what could not be read of it before. A file of a later version
    /// is not written over (a failure).
    @discardableResult
    public func update(_ change: (inout FaceHistory) -> Void) throws(Failure) -> [FaceHistory.Warning] {
        try makeFolder()
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("cannot make its lock file \(path).lock", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot lock it", errno) }
        }
        var (history, warnings, isNewer) = try load()
        if isNewer { throw Failure(path: path, problem: "written by a later facetext; not changed") }
        // Renaming over a read-only file would succeed; its mode says it is not to be changed.
        if access(path, F_OK) == 0 && access(path, W_OK) != 0 { throw failure("cannot be written", errno) }
        change(&history)
        try replace(with: history.text)
        return warnings
    }

    private func load() throws(Failure) -> (FaceHistory, [FaceHistory.Warning], Bool) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return (FaceHistory(limit: limit), [], false) }
            throw failure("cannot be read", errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read", errno)
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A history is small; a huge file is not one (and must not take all memory).
            if bytes.count > 64 << 20 { throw Failure(path: path, problem: "is over 64 MiB: not a history file") }
        }
        let (history, warnings, isNewer) = FaceHistory.reading(bytes, limit: limit)
        return (history, warnings, isNewer)
    }

    private func replace(with text: String) throws(Failure) {
        let temporary = path + ".tmp.\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot be written (a temporary file beside it cannot be made)", errno) }
        var written = true
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    written = false
                    return
                }
                offset += count
            }
        }
        let error = errno
        if !written || fsync(fd) != 0 {
            close(fd)
            unlink(temporary)
            throw failure("cannot be written", written ? errno : error)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure("cannot be replaced", error)
        }
        // The rename is durable once the folder is flushed.
        let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private var folderPath: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes the file's folder and the ones above it, as `mkdir -p` does (mode 0700).
    private func makeFolder() throws(Failure) {
        var current = folderPath.hasPrefix("/") ? "/" : ""
        for part in folderPath.split(separator: "/") where part != "." {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw failure("its folder \(current) cannot be made", errno) }
        }
    }

    private func failure(_ problem: String, _ code: Int32) -> Failure {
        Failure(path: path, problem: problem + " (" + String(cString: strerror(code)) + ")")
    }
}
