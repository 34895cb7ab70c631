#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals turned into bytes on a pipe, so the loop waits for them with the
/// terminal (the handler only writes the signal's number).
///
/// Every signal that would end the process is caught, so the terminal is put
/// back before it ends: those that can wait come through the pipe, and the
/// loop ends with status 128 + the signal's number; those that mean the
/// process cannot go on (SIGSEGV, SIGABRT, SIGILL…: a crash, or another
/// process sending one) put the terminal back in the handler itself
/// (``Terminal/emergencyRestore()``) and end the process by the signal.
enum SignalEvents {
    /// The signals `compose` acts on: resize, suspend and continue, and every
    /// signal whose default is to end the process, but the faults and SIGPIPE
    /// (ignored by the tool: a broken pipe is a failed write).
    static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT,
                                   SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
                                   SIGIO, SIGPWR, SIGSTKFLT] + Array(34...64)
    /// Signals after which the process cannot safely go on.
    static let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]

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
        for number in faults {
            signal(number) { number in
                Terminal.emergencyRestore()
                signal(number, SIG_DFL)
                raise(number)
            }
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
        for number in handled + faults { signal(number, SIG_DFL) }
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
