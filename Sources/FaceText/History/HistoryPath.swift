#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system steps of ``FaceHistory/File`` that must not be turned against
/// it by someone who can write its folder: where a path leads, the lock, and
/// the temporary file.
enum HistoryPath {
    /// The most symbolic links followed from the history's path to its file.
    static let maximumLinks = 40

    /// The file a history path stands for: the path itself, or, when it is a
    /// symbolic link, the file it leads to (which may not exist yet). A link
    /// owned by another user than this one (or root) is not followed, and a
    /// file that is not a regular one is refused.
    static func target(of path: String) throws(FaceHistory.File.Failure) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            if lstat(current, &status) != 0 {
                if errno == ENOENT { return current }
                throw failure(path, "cannot be read", errno)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                if let kind = kindIfNotRegular(status.st_mode) { throw notRegular(path, kind) }
                return current
            }
            guard status.st_uid == geteuid() || status.st_uid == 0 else {
                throw FaceHistory.File.Failure(path: path, problem: "'\(current)' is a symbolic link owned by another user; not followed")
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw failure(path, "cannot be read (a symbolic link)", errno) }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw FaceHistory.File.Failure(path: path, problem: "leads through more than \(maximumLinks) symbolic links")
    }

    /// Opens and locks the lock file, waiting at most `waiting` milliseconds
    /// for another process to let go of it; the descriptor to close.
    static func lock(_ lockPath: String, waiting: Int, for path: String) throws(FaceHistory.File.Failure) -> Int32 {
        let lock = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            if errno == ELOOP { throw FaceHistory.File.Failure(path: path, problem: "its lock file \(lockPath) is a symbolic link; not followed") }
            throw failure(path, "cannot make its lock file \(lockPath)", errno)
        }
        var status = stat()
        guard fstat(lock, &status) == 0, kindIfNotRegular(status.st_mode) == nil else {
            close(lock)
            throw FaceHistory.File.Failure(path: path, problem: "its lock file \(lockPath) is not a regular file")
        }
        var waited = 0
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            guard error == EWOULDBLOCK || error == EINTR else {
                close(lock)
                throw failure(path, "cannot lock it", error)
            }
            guard waited < waiting else {
                close(lock)
                let seconds = waiting >= 1000 ? "\(waiting / 1000) s" : "\(waiting) ms"
                throw FaceHistory.File.Failure(path: path, problem: "another process has held its lock (\(lockPath)) for over \(seconds); not changed",
                                          isLockBusy: true)
            }
            let step = min(10, waiting - waited)
            var pause = timespec(tv_sec: 0, tv_nsec: step * 1_000_000)
            nanosleep(&pause, nil)
            waited += step
        }
        return lock
    }

    /// Creates a temporary file beside `target` with a random name, exclusively
    /// (never an existing file or a link planted there), mode 0600.
    static func makeTemporary(beside target: String, for path: String) throws(FaceHistory.File.Failure) -> (String, Int32) {
        var generator = SystemRandomNumberGenerator()
        var error: Int32 = EEXIST
        for _ in 0..<100 {
            let name = target + ".tmp." + String(generator.next() as UInt64, radix: 36)
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (name, fd) }
            error = errno
            guard error == EEXIST else { break }
        }
        throw failure(path, "cannot be written (a temporary file beside it cannot be made)", error)
    }

    /// What a file of mode `mode` is, in words, when it is not a regular file.
    static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// The folder a path is in.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The failure of a history that is `kind` (``kindIfNotRegular(_:)``).
    static func notRegular(_ path: String, _ kind: String) -> FaceHistory.File.Failure {
        FaceHistory.File.Failure(path: path, problem: "is \(kind), not a regular file: a history must be a regular file")
    }

    static func failure(_ path: String, _ problem: String, _ code: Int32) -> FaceHistory.File.Failure {
        FaceHistory.File.Failure(path: path, problem: problem + " (" + String(cString: strerror(code)) + ")")
    }
}
