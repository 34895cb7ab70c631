import Foundation
import FaceText
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary run on a pseudo-terminal of its own (its controlling
/// terminal, so `/dev/tty` is it), with standard output a pipe or the
/// terminal: keys are written to the master side, the screen is read back
/// through ``TerminalScreen``.
final class PseudoTerminal {
    let master: Int32
    let slavePath: String
    let pid: pid_t
    /// The pipe standard output goes to, when it is not the terminal.
    let outputPipe: Int32?
    var screen: TerminalScreen
    /// Every byte the program drew, escape sequences and all.
    private(set) var drawn: [UInt8] = []
    private var output: [UInt8] = []

    /// Starts `facetext arguments` (or `program arguments`) on a `columns` × `rows` terminal,
    /// with `searchPath` as its PATH.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, stdoutIsTerminal: Bool = false,
         stdinIsTerminal: Bool = true, environment: [String: String] = [:], scalarWidths: Bool = false,
         program: String = BinaryRunner.binary.path, searchPath: String = "/usr/bin:/bin") throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw POSIXError(.ENODEV) }
        var unlock: Int32 = 0
        _ = ioctl(master, 0x4004_5431, &unlock)            // TIOCSPTLCK
        var number: UInt32 = 0
        _ = ioctl(master, 0x8004_5430, &number)            // TIOCGPTN
        slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen = TerminalScreen(columns: columns, rows: rows)
        screen.scalarWidths = scalarWidths

        var pipeEnds: [Int32] = [0, 0]
        if !stdoutIsTerminal { _ = pipe(&pipeEnds) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // Opened first without O_NOCTTY after setsid: the terminal becomes the child's controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        if stdoutIsTerminal { posix_spawn_file_actions_adddup2(&actions, 0, 1) }
        if !stdinIsTerminal { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if stdoutIsTerminal {
        } else {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        // setsid, no signal blocked, every signal's default action (the test process ignores SIGPIPE).
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, 0x80 | 0x08 | 0x04)   // SETSID, SETSIGMASK, SETSIGDEF
        var environment = environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = searchPath
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        guard status == 0 else { throw POSIXError(.ENOEXEC) }
        pid = child
        if stdoutIsTerminal {
            outputPipe = nil
        } else {
            close(pipeEnds[1])
            outputPipe = pipeEnds[0]
            _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
        if let outputPipe { close(outputPipe) }
    }

    /// Types `text` (bytes as a terminal sends them).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the screen until `condition` holds (or `seconds` pass); returns whether it held.
    @discardableResult
    func wait(seconds: Double = 10, until condition: (TerminalScreen) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            pump(milliseconds: 50)
            if condition(screen) { return true }
        }
        return condition(screen)
    }

    /// Waits until some row of the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10) -> Bool {
        wait(seconds: seconds) { $0.text.contains(text) }
    }

    /// Reads what the program drew, for up to `milliseconds`.
    func pump(milliseconds: Int32) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let got = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if got > 0 {
            screen.feed(buffer[..<got])
            drawn += buffer[..<got]
        }
    }

    /// What came through the output pipe so far.
    func sent() -> String {
        guard let outputPipe else { return "" }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            output += buffer[..<got]
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Changes the terminal's size (the kernel tells the program by SIGWINCH).
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen.resize(columns: columns, rows: rows)
    }

    /// The terminal's settings as the program's side sees them.
    func settings() -> termios {
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        defer { close(slave) }
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Waits for the program to end; its exit status (128 + n if a signal ended it), nil if it does not end.
    func exitStatus(seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            pump(milliseconds: 20)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pump(milliseconds: 50)
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
        }
        return nil
    }
}

/// Enough of a terminal to read what `compose` draws: cursor moves, erasing,
/// the alternate screen, and text placed by display width (a wide character
/// takes two cells). Writing past the last column is recorded, not wrapped.
struct TerminalScreen {
    private(set) var columns: Int
    private(set) var rows: Int
    private var cells: [[String]]
    private var saved: [[String]]?
    private(set) var row = 0
    private(set) var column = 0
    /// Text that would have gone past the right edge.
    private(set) var overflows: [String] = []
    /// The rows scrolled off the top of the main screen, oldest first (trailing spaces dropped).
    private(set) var scrollback: [String] = []
    private(set) var cursorVisible = true
    private(set) var alternate = false
    private(set) var bracketedPaste = false
    /// Whether text reaching the right edge would go on on the next row (DECAWM, on unless turned off).
    private(set) var autowrap = true
    /// Whether characters are measured scalar by scalar, as terminals that use
    /// `wcwidth` draw them (a cluster of Hangul leading jamo, a Devanagari
    /// conjunct, Thai SARA AM and a soft hyphen are wider so).
    var scalarWidths = false
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The rows as text (trailing spaces dropped).
    var lines: [String] { cells.map(Self.trimmed) }

    /// The scrollback, then the screen: everything the terminal holds.
    var history: [String] { scrollback + lines }

    private static func trimmed(_ row: [String]) -> String {
        var text = row.joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    var text: String { lines.joined(separator: "\n") }

    mutating func resize(columns: Int, rows: Int) {
        cells = (0..<rows).map { index in
            let old = index < cells.count ? cells[index] : []
            return (0..<columns).map { $0 < old.count ? old[$0] : " " }
        }
        self.columns = columns
        self.rows = rows
        row = min(row, rows - 1)
        column = min(column, columns - 1)
    }

    mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard let length = escape(at: index) else { break }
                index += length
                continue
            }
            if byte < 0x20 {
                control(byte)
                index += 1
                continue
            }
            let count = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if index + count > pending.count { break }
            put(String(decoding: pending[index..<index + count], as: UTF8.self))
            index += count
        }
        pending.removeFirst(index)
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: column = 0
        case 0x0A:
            if row == rows - 1 {
                if !alternate { scrollback.append(Self.trimmed(cells[0])) }
                cells.removeFirst()
                cells.append(Array(repeating: " ", count: columns))
            } else {
                row += 1
            }
        case 0x08: column = max(0, column - 1)
        default: break
        }
    }

    /// A character's columns as the sum of its scalars' (marks, format characters and
    /// vowel and final jamo 0; a soft hyphen 1), as `wcwidth` measures; an emoji sequence 2.
    static func scalarColumns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{200D}" || (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
        return scalars.reduce(0) { sum, scalar in
            if scalar == "\u{AD}" { return sum + 1 }
            if (0x1160...0x11FF).contains(scalar.value) { return sum }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return sum
            default: return sum + DisplayWidth.columns(of: Character(scalar))
            }
        }
    }

    private mutating func put(_ text: String) {
        let character = Character(text)
        let width = scalarWidths ? Self.scalarColumns(character) : DisplayWidth.columns(of: character)
        if width == 0, column > 0 {
            cells[row][column - 1] += text
            return
        }
        if column + width > columns {
            overflows.append(text)
            return
        }
        cells[row][column] = text
        if width == 2 { cells[row][column + 1] = "" }
        column += width
    }

    /// Acts on the escape sequence at `index`; its length, or nil if it is cut.
    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
        var end = index + 2
        while end < pending.count && (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let parameters = String(decoding: pending[index + 2..<end], as: UTF8.self)
        let number = Int(parameters) ?? 1
        switch pending[end] {
        case UInt8(ascii: "A"): row = max(0, row - number)
        case UInt8(ascii: "B"): row = min(rows - 1, row + number)
        case UInt8(ascii: "C"): column = min(columns - 1, column + number)
        case UInt8(ascii: "D"): column = max(0, column - number)
        case UInt8(ascii: "H"):
            let parts = parameters.split(separator: ";").compactMap { Int($0) }
            row = max(0, (parts.first ?? 1) - 1)
            column = max(0, (parts.count > 1 ? parts[1] : 1) - 1)
        case UInt8(ascii: "K"): for index in column..<columns { cells[row][index] = " " }
        case UInt8(ascii: "J"):
            if parameters == "2" {
                cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            } else {
                for index in column..<columns { cells[row][index] = " " }
                for below in row + 1..<rows { cells[below] = Array(repeating: " ", count: columns) }
            }
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            let on = pending[end] == UInt8(ascii: "h")
            switch parameters {
            case "?25": cursorVisible = on
            case "?2004": bracketedPaste = on
            case "?7": autowrap = on
            case "?1049":
                if on && !alternate {
                    saved = cells
                    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
                } else if !on && alternate, let saved {
                    cells = saved
                }
                alternate = on
            default: break
            }
        default: break
        }
        return end + 1 - index
    }
}

/// A FIFO the other side of a chat writes to: `compose --incoming` follows
/// it, and the test writes lines into it as the other person.
final class Inbox {
    let folder = TemporaryFolder()
    let path: String
    private var writer: Int32 = -1

    init() {
        path = folder.url.appendingPathComponent("inbox").path
        _ = mkfifo(path, 0o600)
    }

    deinit { if writer >= 0 { close(writer) } }

    /// `compose --incoming` this FIFO (and `arguments`), once it has drawn its first screen.
    func compose(_ arguments: [String] = [], columns: Int, rows: Int, scalarWidths: Bool = false) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(["compose", "--incoming", path] + arguments, columns: columns, rows: rows, scalarWidths: scalarWidths)
        _ = terminal.waitFor("Tab faces")
        return terminal
    }

    /// Writes `text` into the FIFO (compose has it open, so this does not wait).
    func write(_ text: String) {
        if writer < 0 { writer = open(path, O_WRONLY) }
        _ = text.withCString { Glibc.write(writer, $0, strlen($0)) }
    }
}
