#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal (`/dev/tty`), read and drawn on whatever standard
/// input and output are: raw mode in, the saved settings back out.
final class Terminal {
    let descriptor: Int32
    private var saved = termios()
    private(set) var isRaw = false

    /// Opens `/dev/tty`; nil when the process has no terminal.
    init?() {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard tcgetattr(descriptor, &saved) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Raw mode: bytes as they are typed, no echo, no signals from keys (Ctrl-C
    /// and Ctrl-Z come as keys), output as written. Settings change once the
    /// output is drawn, and what was typed meanwhile is kept (never flushed).
    func enterRawMode(fullscreen: Bool = false) {
        var raw = saved
        cfmakeraw(&raw)
        // Reads return at once with what there is (the loop polls).
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if tcsetattr(descriptor, TCSADRAIN, &raw) == 0 {
            isRaw = true
            Self.emergency = (descriptor, saved, fullscreen)
        }
    }

    /// The settings the terminal had before.
    func restore() {
        guard isRaw else { return }
        _ = tcsetattr(descriptor, TCSADRAIN, &saved)
        isRaw = false
        Self.emergency = nil
    }

    /// The terminal in raw mode and its settings before, for a signal handler.
    nonisolated(unsafe) private static var emergency: (descriptor: Int32, saved: termios, fullscreen: Bool)?

    /// Puts the terminal in raw mode back as it was, from a signal handler: only
    /// calls that are safe there (`write`, `tcsetattr`). Modes compose sets are
    /// reset (autowrap on, bracketed paste off, the main screen, the cursor shown).
    static func emergencyRestore() {
        guard var state = emergency else { return }
        let reset: StaticString = state.fullscreen ? "\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l\u{1B}[?25h"
            : "\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?25h\r\n"
        _ = Glibc.write(state.descriptor, reset.utf8Start, reset.utf8CodeUnitCount)
        _ = tcsetattr(state.descriptor, TCSANOW, &state.saved)
    }

    /// Columns and rows (80×24 if the terminal will not say).
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes all of `bytes` (a frame is one write when the terminal takes it whole).
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Reads what has been typed (at most `count` bytes); nil when the terminal is gone.
    func read(upTo count: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
            if got > 0 { return Array(buffer[..<got]) }
            if got < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            return nil
        }
    }
}
