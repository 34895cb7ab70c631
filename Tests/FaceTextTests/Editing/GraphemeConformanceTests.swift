import Foundation
import Testing
@testable import FaceText

/// Unicode's own grapheme cluster tests, through `FaceLine.backspace()`.
///
/// Versions: the checked-in GraphemeBreakTest.txt is Unicode 15.0.0 (no copy of
/// the 17.0 file from its upstream release could be had); FaceText's rules and
/// the Swift 6.3 standard library follow Unicode 17.0. Two changes lie between:
/// GB9c (15.1: no break inside Indic conjuncts), which has no case in the 15.0
/// file and is checked below against the standard library; and Unicode 17.0
/// taking Extended_Pictographic from the 689 symbols that are not emoji
/// (U+2701 among them), so GB11 no longer joins them: the one case of the file
/// this changes (line 625) is expected as 17.0 has it, and a test checks that
/// the standard library agrees.
@Suite struct GraphemeConformanceTests {
    struct Case: CustomStringConvertible {
        var line: Int
        var clusters: [String]
        var description: String {
            "line \(line): " + clusters.map { EmojiName.codePoints(of: $0) }.joined(separator: " ÷ ")
        }
    }

    /// The cases whose clusters Unicode 17.0 changed, as 17.0 has them.
    static let changedSince15: [Int: [String]] = [625: ["\u{2701}\u{200D}", "\u{2701}"]]

    static let cases: [Case] = {
        let url = Fixtures.unicodeData.appendingPathComponent("GraphemeBreakTest.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var cases: [Case] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard body.contains("÷") else { continue }
            var clusters: [String] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" { clusters.append("") } else if token != "×" {
                    clusters[clusters.count - 1].unicodeScalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
                }
            }
            cases.append(Case(line: number + 1, clusters: changedSince15[number + 1] ?? clusters.filter { !$0.isEmpty }))
        }
        return cases
    }()

    @Test func theTestFileIsComplete() {
        #expect(Self.cases.count == 602)
    }

    @Test func theCasesUnicode17ChangedAreAsTheStandardLibraryHasThem() {
        for (_, clusters) in Self.changedSince15 {
            #expect(clusters.joined().map { String($0) } == clusters)
        }
    }

    @Test func backspaceFromTheEndRemovesExactlyTheLastClusterEveryTime() {
        let empty = FaceCatalog(faces: [])
        var failures: [String] = []
        for test in Self.cases {
            var line = FaceLine(test.clusters.joined(), catalog: empty)
            var removed: [String] = []
            while !line.bytes.isEmpty { removed.append(line.backspace()) }
            if removed != test.clusters.reversed() { failures.append(test.description) }
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ, e.g. \(failures.prefix(5))")
    }

    @Test func forwardDeleteFindsTheSameClusters() {
        let empty = FaceCatalog(faces: [])
        for test in Self.cases {
            var line = FaceLine(test.clusters.joined(), catalog: empty)
            line.cursor = 0
            var removed: [String] = []
            while !line.bytes.isEmpty { removed.append(line.deleteForward()) }
            #expect(removed == test.clusters, "\(test)")
        }
    }

    @Test func everyExtendedPictographicJoinsAfterAZeroWidthJoiner() {
        for range in ExtendedPictographic.table.ranges {
            for value in [range.lowerBound, range.upperBound] {
                let scalar = String(Unicode.Scalar(value)!)
                var line = FaceLine("a" + scalar + "\u{200D}" + scalar, catalog: FaceCatalog(faces: []))
                #expect(line.backspace() == scalar + "\u{200D}" + scalar, "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func indicConjunctsAreOneUnitAsInUnicode15Point1() {
        // GB9c: KA + VIRAMA + SSA is one cluster in the standard library's Unicode 17.
        var line = FaceLine("a\u{0915}\u{094D}\u{0937}", catalog: FaceCatalog(faces: []))
        #expect(line.backspace() == "\u{0915}\u{094D}\u{0937}")
    }
}
