import Foundation

/// Runs the real `facetext` binary, built next to the test bundle.
struct BinaryRunner {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    static let binary: URL = {
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        var candidate = tests.appendingPathComponent("facetext")
        if !FileManager.default.fileExists(atPath: candidate.path) {
            // The test bundle may sit inside a .xctest directory.
            candidate = tests.deletingLastPathComponent().appendingPathComponent("facetext")
        }
        return candidate
    }()

    /// Writing stdin to a binary that already exited must not kill the test process.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the binary with `arguments`, feeding `stdin`, and drains both
    /// pipes before waiting, so large outputs cannot deadlock.
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
                    executable: URL = binary, directory: URL? = nil) throws -> Output {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        DispatchQueue.global().async(group: group) { out = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = errors.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a shell pipeline with the binary's folder first on PATH.
    static func shell(_ script: String) throws -> Output {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // The test process ignores SIGPIPE; give the pipeline the default back.
        return try run(["--default-signal=PIPE", "bash", "-c", script], environment: environment,
                       executable: URL(fileURLWithPath: "/usr/bin/env"))
    }
}
