#if canImport(Glibc)
import Glibc
#endif

/// Signals turned into bytes on a pipe, so the loop waits for them with the
/// terminal (the handler only writes the signal's number).
enum SignalEvents {
    /// The signals `compose` acts on.
    static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]

    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// The end to poll, set up once.
    static func start() -> Int32 {
        if pipeEnds.read < 0 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return -1 }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            pipeEnds = (ends[0], ends[1])
        }
        // Installed, and let through even if whoever started the process blocked them.
        var set = sigset_t()
        sigemptyset(&set)
        for number in handled {
            install(number)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        return pipeEnds.read
    }

    static func install(_ number: Int32) {
        signal(number) { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(SignalEvents.pipeEnds.write, &byte, 1)
        }
    }

    /// Gives the signals their default actions back.
    static func stop() {
        for number in handled { signal(number, SIG_DFL) }
    }

    /// The signals that came since the last call.
    static func pending() -> [Int32] {
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(pipeEnds.read, $0.baseAddress, 64) }
            guard got > 0 else { break }
            numbers += buffer[..<got].map { Int32($0) }
        }
        return numbers
    }
}
