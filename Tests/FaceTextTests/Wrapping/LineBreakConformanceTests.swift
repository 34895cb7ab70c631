import Foundation
import Testing
@testable import FaceText

/// Unicode's line breaking conformance test (LineBreakTest.txt, Unicode 15.0.0,
/// the version of the checked-in LineBreak.txt the breaker's table comes from):
/// every case, by the rules as written and by the table built from them.
@Suite struct LineBreakConformanceTests {
    struct Case: CustomStringConvertible {
        var line: Int
        var scalars: [UInt32]
        /// For each scalar but the first, whether a break comes before it.
        var breaks: [Bool]
        var description: String { "line \(line)" }
    }

    static let cases: [Case] = {
        let url = Fixtures.unicodeData.appendingPathComponent("LineBreakTest.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var cases: [Case] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard body.contains("÷") || body.contains("×") else { continue }
            var scalars: [UInt32] = [], breaks: [Bool] = []
            var lastMark = false
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" || token == "×" {
                    lastMark = token == "÷"
                } else {
                    if !scalars.isEmpty { breaks.append(lastMark) }
                    scalars.append(UInt32(token, radix: 16)!)
                }
            }
            cases.append(Case(line: number + 1, scalars: scalars, breaks: breaks))
        }
        return cases
    }()

    static func failures(rules: Bool) -> [Case] {
        cases.filter { testCase in
            let classes = testCase.scalars.map { LineBreakClass(of: $0) }
            return Array(LineBreaker.breaks(before: classes, rules: rules).dropFirst()) != testCase.breaks
        }
    }

    @Test func theFileIsThere() {
        #expect(Self.cases.count == 7654)
    }

    @Test func everyCasePassesByTheRules() {
        let failed = Self.failures(rules: true)
        #expect(failed.isEmpty, "\(failed.count) of \(Self.cases.count) fail: \(failed.prefix(10))")
    }

    @Test func everyCasePassesByTheTable() {
        let failed = Self.failures(rules: false)
        #expect(failed.isEmpty, "\(failed.count) of \(Self.cases.count) fail: \(failed.prefix(10))")
    }
}
