#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FaceHistory {
    /// A history kept in a file, safe under concurrent writers, crashes and
    /// whoever else can write its folder.
    ///
    /// An update takes an exclusive lock (`flock` on `PATH.lock`, beside the
    /// path), reads the file, changes the history, writes it to a new temporary
    /// file in the same folder (a random name, created exclusively, mode 0600),
    /// flushes that to disk, renames it over the file and flushes the folder:
    /// another process waits for the lock, and a crash at any moment leaves the
    /// old file or the new one, never a torn one. The folder is made (mode 0700)
    /// if it is missing.
    ///
    /// What is refused, with a ``Failure`` naming the path:
    /// - a history that is not a regular file (a device, a FIFO, a folder), read or written;
    /// - a lock file that is a symbolic link or not a regular file;
    /// - a file that is not a history (not empty, and its first line is not
    ///   `facetext-recent N`): it is read as far as it can be, but never written over;
    /// - a symbolic link owned by another user (not root), at the path or on the
    ///   way to its target.
    ///
    /// A symbolic link at the path (a history kept in a dotfiles repository) is
    /// followed: the update is written to its target, and the link stays.
    /// The lock is waited for at most ``lockWait`` milliseconds; then the update
    /// fails with ``Failure/isLockBusy`` set, and nothing is changed.
    public struct File: Sendable {
        /// A failure, naming the path.
        public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
            public var path: String
            public var problem: String
            /// Whether the failure is only that another process held the lock too long:
            /// the same update may succeed later.
            public var isLockBusy = false
            public var description: String { "'\(path)': \(problem)" }

            public init(path: String, problem: String, isLockBusy: Bool = false) {
                self.path = path
                self.problem = problem
                self.isLockBusy = isLockBusy
            }
        }

        /// The file's path.
        public let path: String
        /// The most faces kept (see ``FaceHistory/limit``).
        public let limit: Int
        /// How long an update waits for another process's lock, in milliseconds (0: not at all).
        public var lockWait: Int

        /// The longest a history file may be: a history is small, and a huge file is not one.
        static let sizeLimit = 64 << 20

        public init(path: String, limit: Int = 1_000, lockWait: Int = 5_000) {
            self.path = path
            self.limit = limit
            self.lockWait = max(0, lockWait)
        }

        /// The history in the file (empty if there is no file yet), and what could not be read.
        public func history() throws(Failure) -> (history: FaceHistory, warnings: [FaceHistory.Warning]) {
            let target = try HistoryPath.target(of: path)
            let (history, warnings, _, _) = try load(target)
            return (history, warnings)
        }

        /// Changes the history in the file under the lock, and writes it back;
        /// returns what could not be read of it before. A file of a later version,
        /// or one that is not a history, is not written over (a failure).
        @discardableResult
        public func update(_ change: (inout FaceHistory) -> Void) throws(Failure) -> [FaceHistory.Warning] {
            try makeFolder()
            let lock = try HistoryPath.lock(path + ".lock", waiting: lockWait, for: path)
            defer { close(lock) }
            let target = try HistoryPath.target(of: path)
            var (history, warnings, isNewer, isHistory) = try load(target)
            if isNewer { throw Failure(path: path, problem: "written by a later facetext; not changed") }
            if !isHistory {
                throw Failure(path: path, problem: "is not a facetext history (its first line is not 'facetext-recent 1'); not written over: move it away or name another file")
            }
            // Renaming over a read-only file would succeed; its mode says it is not to be changed.
            if access(target, F_OK) == 0 && access(target, W_OK) != 0 { throw failure("cannot be written", errno) }
            change(&history)
            try replace(target, with: history.text)
            return warnings
        }

        /// The history in `target`, what could not be read, whether it is of a
        /// later version, and whether it is a history at all (or empty, or missing).
        private func load(_ target: String) throws(Failure) -> (FaceHistory, [FaceHistory.Warning], Bool, Bool) {
            // Not blocking: a FIFO put there must not hang the open; not following a link swapped in since.
            let fd = open(target, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 {
                if errno == ENOENT { return (FaceHistory(limit: limit), [], false, true) }
                throw failure("cannot be read", errno)
            }
            defer { close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw failure("cannot be read", errno) }
            if let kind = HistoryPath.kindIfNotRegular(status.st_mode) { throw HistoryPath.notRegular(path, kind) }
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
                if bytes.count > Self.sizeLimit { throw Failure(path: path, problem: "is over \(Self.sizeLimit >> 20) MiB: not a history file") }
            }
            let (history, warnings, isNewer) = FaceHistory.reading(bytes, limit: limit)
            // Its own header line, or a later version's; a line only starting so is not one.
            let firstLine = bytes.prefix { $0 != 0x0A }
            let isHistory = bytes.isEmpty || isNewer || firstLine.elementsEqual(FaceHistory.header.utf8)
            return (history, warnings, isNewer, isHistory)
        }

        /// Writes `text` to a new file beside `target` and renames it over `target`.
        private func replace(_ target: String, with text: String) throws(Failure) {
            let (temporary, fd) = try HistoryPath.makeTemporary(beside: target, for: path)
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
            guard rename(temporary, target) == 0 else {
                let error = errno
                unlink(temporary)
                throw failure("cannot be replaced", error)
            }
            // The rename is durable once the folder is flushed.
            let folder = open(HistoryPath.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        }

        /// Makes the file's folder and the ones above it, as `mkdir -p` does (mode 0700).
        private func makeFolder() throws(Failure) {
            let folderPath = HistoryPath.folder(of: path)
            var current = folderPath.hasPrefix("/") ? "/" : ""
            for part in folderPath.split(separator: "/") where part != "." {
                current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + part
                if mkdir(current, 0o700) != 0 && errno != EEXIST { throw failure("its folder \(current) cannot be made", errno) }
            }
        }

        private func failure(_ problem: String, _ code: Int32) -> Failure {
            HistoryPath.failure(path, problem, code)
        }
    }
}
