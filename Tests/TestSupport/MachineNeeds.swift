import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a test needs from the machine beyond the Swift toolchain: a program
/// on PATH (a shell, a browser, a validator) or a file a package installs.
///
/// A test asks before it uses one, and goes on only if the answer is yes.
/// Where something is missing, what happens depends on where the test runs:
/// - in CI (the environment has `CI` set, as `.ci/run` is run), the test
///   fails, naming what the machine lacks: `.ci/run` installs every package
///   the tests use, so a missing one is a broken CI, not a test to skip;
/// - elsewhere the test is counted as skipped, and when the test process
///   ends it writes one line saying how many tests were skipped and why.
public enum MachineNeeds {
    /// Whether every program in `tools` is on PATH.
    public static func tools(_ tools: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let missing = tools.filter { path(of: $0) == nil }
        return check(missing, sourceLocation: sourceLocation)
    }

    /// Whether every path in `files` exists; `what` names the package that installs them.
    public static func files(_ files: [String], from what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let missing = files.filter { !FileManager.default.fileExists(atPath: $0) }
        return check(missing.isEmpty ? [] : ["\(what) (\(missing.joined(separator: ", ")))"], sourceLocation: sourceLocation)
    }

    /// The first of `names` that is on PATH, if any: for a program known by several names.
    public static func anyTool(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let found = names.lazy.compactMap { path(of: $0) }.first
        _ = check(found == nil ? [names.joined(separator: " or ")] : [],
                  sourceLocation: sourceLocation)
        return found
    }

    /// Whether this run is CI's, where nothing may be skipped.
    public static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// The full path of the program `name` on PATH.
    public static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func check(_ missing: [String], sourceLocation: SourceLocation) -> Bool {
        guard !missing.isEmpty else { return true }
        let lacks = missing.joined(separator: " and ")
        if isCI {
            Issue.record("this machine lacks \(lacks), which .ci/run installs: in CI no test is skipped", sourceLocation: sourceLocation)
        } else {
            SkipTally.shared.add(test: Test.current?.name ?? "\(sourceLocation.fileName):\(sourceLocation.line)", lacking: lacks)
        }
        return false
    }
}

/// The tests skipped in this process, by what they lacked; written as one
/// line on standard error when the process ends.
final class SkipTally: @unchecked Sendable {
    static let shared = SkipTally()
    private let lock = NSLock()
    private var tests: [String: Set<String>] = [:]
    private var registered = false

    func add(test: String, lacking: String) {
        lock.lock()
        defer { lock.unlock() }
        tests[lacking, default: []].insert(test)
        if !registered {
            registered = true
            atexit { SkipTally.shared.report() }
        }
    }

    /// "3 tests skipped (…): lacking zsh (2: a(), b()); lacking fish (1: b())".
    func report() {
        lock.lock()
        defer { lock.unlock() }
        let total = Set(tests.values.joined()).count
        guard total > 0 else { return }
        let reasons = tests.sorted { $0.key < $1.key }.map { "lacking \($0.key) (\($0.value.count): \($0.value.sorted().joined(separator: ", ")))" }
        let line = "\(total) test\(total == 1 ? "" : "s") skipped (docs/testing.md lists the packages of a full run): \(reasons.joined(separator: "; "))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
