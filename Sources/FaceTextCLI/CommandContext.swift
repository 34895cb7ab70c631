import FaceText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything a command touches outside itself: injected so tests can run
/// commands in-process on buffers.
public struct CommandContext {
    /// The environment variables the commands may read (`FACETEXT_CATALOG`, `FACETEXT_HISTORY`,
    /// `HOME`, `XDG_STATE_HOME`, `NO_COLOR`); the tool passes those whose names begin with
    /// `FACETEXT_`, and the three others.
    public var environment: [String: String]
    public var stdin: ByteSource
    public var stdout: ByteSink
    public var stderr: ByteSink
    /// The width of the terminal standard output goes to, if it is one: help wraps at it (else at 80).
    /// Kept within ``TerminalSize/widths``.
    public var terminalWidth: Int? {
        didSet { terminalWidth = terminalWidth.map { min(max($0, TerminalSize.widths.lowerBound), TerminalSize.widths.upperBound) } }
    }
    /// Whether standard output is a terminal: `wrap` then takes the terminal's width and may use colour.
    public var isTerminal = false
    /// Opens a named input file.
    public var openFile: (String) throws(IOError) -> ByteSource
    /// Makes a named output file: written beside it and put in place by the sink's `commit()`
    /// (``ReplacingFileSink``), no link at the name followed.
    public var createFile: (String) throws(IOError) -> ByteSink = { (path) throws(IOError) in try ReplacingFileSink(path: path) }
    /// The catalog chosen by `--catalog` / `FACETEXT_CATALOG`, filled in by the CLI.
    var catalog: FaceCatalog = .default
    /// Whether some input failed (the command still goes on with the others).
    var hadFailure = false
    /// Whether `stats --by` and `page` do half their work on a second thread
    /// (``StatsSegments``, ``BackgroundStage``); the tests compare their output with both.
    var usesSecondThread = true
    /// The bytes each thread of `stats --by` reads at its turn (``StatsSegments``); the tests make it small.
    var segmentSize = 1 << 20
    /// The time now, in seconds since 1970 (UTC): `recent` records uses at it.
    public var now: @Sendable () -> Int64 = { Int64(time(nil)) }

    public init(environment: [String: String], stdin: ByteSource, stdout: ByteSink, stderr: ByteSink,
                openFile: @escaping (String) throws(IOError) -> ByteSource = { (path) throws(IOError) in try FileDescriptorSource(path: path) }) {
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.openFile = openFile
    }

    /// Writes `facetext: error: MESSAGE` to standard error.
    func error(_ message: String) {
        try? stderr.write("facetext: error: \(DisplayText.safe(message))\n")
    }

    /// Writes `facetext: warning: MESSAGE` to standard error.
    func warning(_ message: String) {
        try? stderr.write("facetext: warning: \(DisplayText.safe(message))\n")
    }
}
