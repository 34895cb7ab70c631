import Foundation
import Testing

/// `scripts/test-quick`, the loop a developer runs while changing one area:
/// an area's word finds its suites in every test target, not only the library's.
@Suite struct QuickLoopTests {
    static func suites(_ areas: [String]) throws -> [String] {
        let script = BinaryRunner.root.appendingPathComponent("scripts/test-quick").path
        let result = try BinaryRunner.shell("'\(script)' --suites \(areas.joined(separator: " "))")
        #expect(result.status == 0, "\(result.stderr)")
        return result.text.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("stats", ["FaceCounterTests", "ScanStatsCommandTests", "ScanStatsEndToEndTests", "StatsChartTests"]),
        ("compose", ["ComposerTests", "ComposeCommandTests", "ComposeTerminalTests", "ComposeUnderAttackTests"]),
        ("history", ["FaceHistoryTests", "HistoryFileAttackTests"]),
        ("page", ["PageCommandTests", "PageBrowserTests"]),
        ("wrap", ["WrapPropertyTests", "WrapCommandTests"]),
    ])
    func anAreaTakesItsSuitesFromEveryTarget(area: String, expected: [String]) throws {
        let found = try Self.suites([area])
        for suite in expected { #expect(found.contains(suite), "test-quick \(area) misses \(suite): \(found)") }
    }

    @Test func everySuiteItNamesIsDeclared() throws {
        let sources = try FileManager.default.subpathsOfDirectory(atPath: BinaryRunner.root.appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: BinaryRunner.root.appendingPathComponent("Tests/" + $0), encoding: .utf8) }
            .joined(separator: "\n")
        for suite in try Self.suites(["cli", "end-to-end", "search", "stats"]) {
            #expect(sources.contains("struct \(suite)") || sources.contains("class \(suite)"), "\(suite)")
        }
    }
}
