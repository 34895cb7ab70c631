import Foundation
import Testing
@testable import FaceTextCLI

/// Commands read their options by name: every name looked up in the sources
/// must be declared by a command, and the command a file belongs to must
/// declare the names that file looks up (debug builds also stop at any lookup
/// of an option its command does not declare, so every test run checks the
/// paths it takes).
@Suite struct OptionLookupTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FaceTextCLI")

    /// The names each source file looks up with `invocation.flag("…")`, `.value`, `.all` or `.integer`.
    static let lookups: [(file: String, names: Set<String>)] = {
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return paths.sorted().compactMap { path in
            guard let text = try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8) else { return nil }
            let names = text.matches(of: /invocation\.(?:flag|value|all|integer)\("([a-z0-9-]+)"/).map { String($0.output.1) }
            return names.isEmpty ? nil : (path, Set(names))
        }
    }()

    @Test func everyOptionLookedUpIsDeclared() {
        #expect(Self.lookups.count >= 10)
        let declared = Set((CommandRegistry.all + [CLI.toolSpec, CLI.formatSpec]).flatMap { $0.options.map(\.long) })
        for (file, names) in Self.lookups {
            #expect(names.isSubset(of: declared), "\(file) looks up \(names.subtracting(declared).sorted()), which no command declares")
        }
    }

    /// A command's own file looks up only options its spec declares.
    @Test func eachCommandFileLooksUpItsOwnOptions() {
        var checked = 0
        for spec in CommandRegistry.all {
            let own = spec.name.prefix(1).uppercased() + spec.name.dropFirst() + "Command.swift"
            for (file, names) in Self.lookups where file.hasSuffix("/" + own) || file == own {
                let declared = Set(spec.options.map(\.long))
                #expect(names.isSubset(of: declared), "\(file) looks up \(names.subtracting(declared).sorted()), which 'facetext \(spec.name)' does not declare")
                checked += 1
            }
        }
        #expect(checked >= 8)
    }
}
