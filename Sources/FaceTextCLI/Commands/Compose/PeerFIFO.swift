#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The FIFO the other side of a chat reads (`compose --out` naming a FIFO),
/// opened without blocking so that compose draws at once, whichever side
/// starts first. Until the other side has it open for reading nothing can be
/// sent, and the status row says "waiting for the other side…"; when the
/// other side leaves, compose waits for it again. Writes never block: what
/// the pipe does not take at once waits here (at most ``pendingLimit``
/// bytes) and goes when the pipe has room.
final class PeerFIFO {
    /// The most bytes that wait for a pipe the other side does not read.
    static let pendingLimit = 1 << 20

    enum Failure: Error {
        case notThere
        case left
        case notReading
        case failed(errno: Int32)

        var reason: String {
            switch self {
            case .notThere: "the other side is not there yet"
            case .left: "the other side left"
            case .notReading: "the other side is not reading"
            case .failed(let errno): IOError.message(errno)
            }
        }
    }

    let path: String
    private(set) var descriptor: Int32 = -1
    private var pending: [UInt8] = []

    init(path: String) {
        self.path = path
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    var isConnected: Bool { descriptor >= 0 }
    /// Whether bytes wait for room in the pipe.
    var hasPending: Bool { !pending.isEmpty }

    /// Opens the FIFO for writing when a reader has it open; whether it is open.
    @discardableResult
    func connect() -> Bool {
        guard descriptor < 0 else { return true }
        let opened = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return false }             // ENXIO: nobody reads it yet
        descriptor = opened
        return true
    }

    /// The other side is gone: what waited for it is dropped.
    func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        pending.removeAll()
    }

    /// Sends `bytes`, or what waits and then them.
    func send(_ bytes: [UInt8]) throws(Failure) {
        guard isConnected else { throw .notThere }
        guard pending.count + bytes.count <= Self.pendingLimit else { throw .notReading }
        pending += bytes
        try flush()
    }

    /// Writes what waits, as much as the pipe takes now.
    func flush() throws(Failure) {
        while !pending.isEmpty && descriptor >= 0 {
            let written = pending.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                pending.removeFirst(written)
                continue
            }
            let error = errno
            if written < 0 && error == EINTR { continue }
            if written < 0 && (error == EAGAIN || error == EWOULDBLOCK) { return }
            disconnect()
            throw error == EPIPE ? .left : .failed(errno: error)
        }
    }
}
