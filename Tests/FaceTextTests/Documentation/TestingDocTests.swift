import Foundation
import Testing

/// docs/testing.md names the packages of a full test run, and `.ci/run`
/// installs exactly those.
@Suite struct TestingDocTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Fixtures.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func ciInstallsThePackagesTheTestingDocumentLists() throws {
        let run = try Self.text(".ci/run")
        let list = try #require(run.components(separatedBy: "packages=(").dropFirst().first?.components(separatedBy: ")").first)
        let installed = Set(list.split(whereSeparator: \.isWhitespace).map(String.init))
        let document = try Self.text("docs/testing.md")
        let section = try #require(document.components(separatedBy: "## Programs and files the tests use").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let listed = Set(section.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            row.split(separator: "|")[0].matches(of: /`([a-z0-9-]+)`/).map { String($0.1) }
        })
        #expect(installed.count >= 10)
        #expect(installed == listed, "in .ci/run only: \(installed.subtracting(listed).sorted()); in docs/testing.md only: \(listed.subtracting(installed).sorted())")
    }
}
