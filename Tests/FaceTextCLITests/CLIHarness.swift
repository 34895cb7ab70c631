@testable import FaceTextCLI

/// Runs the CLI in-process on buffers.
struct CLIResult {
    var status: ExitStatus
    var stdout: [UInt8]
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

func runCLI(_ arguments: [String], stdin: [UInt8] = [], chunkSize: Int = .max,
            environment: [String: String] = [:], files: [String: [UInt8]] = [:], now: Int64? = nil,
            terminalWidth: Int? = nil, isTerminal: Bool = false, secondThread: Bool = true,
            segmentSize: Int = 1 << 20) -> CLIResult {
    let out = BufferSink(), err = BufferSink()
    var context = CommandContext(
        environment: environment, stdin: BufferSource(stdin, chunkSize: chunkSize), stdout: out, stderr: err,
        openFile: { (path: String) throws(IOError) -> ByteSource in
            if let bytes = files[path] { return BufferSource(bytes, chunkSize: chunkSize) }
            return try FileDescriptorSource(path: path)
        })
    if let now { context.now = { now } }
    context.terminalWidth = terminalWidth
    context.isTerminal = isTerminal
    context.usesSecondThread = secondThread
    context.segmentSize = segmentSize
    let status = CLI.run(arguments: arguments, context: context)
    return CLIResult(status: status, stdout: out.bytes, stderr: err.text)
}

func runCLI(_ arguments: [String], input: String) -> CLIResult {
    runCLI(arguments, stdin: Array(input.utf8))
}
