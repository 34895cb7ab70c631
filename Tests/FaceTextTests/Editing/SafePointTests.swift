import Testing
import TestSupport
@testable import FaceText

/// Backspace finds cluster boundaries from a *safe point* near the end of a
/// line instead of from its start. Every place it calls safe must be a
/// boundary of the whole line, and pressing from the end must give the same
/// clusters as the whole line does, on lines of emoji sequences of every
/// kind mixed with joiners, marks, Prepend scalars, regional indicators and text.
@Suite struct SafePointTests {
    static let lines: [[UInt8]] = {
        var random = SeededGenerator(seed: 0xFACE_0010)
        let sequences = Fixtures.emojiTestSequences.map(\.emoji)
        let fragments = ["\u{200D}", "\u{FE0F}", "\u{0600}", "\u{0301}", "\u{1F1E8}", "\u{1F1F3}", "a", "好", "\r", "\u{20E3}",
                         "1", "#", "\u{1F3FB}", "\u{2764}", "\u{270C}", "\u{0915}\u{094D}", "\u{E0067}", "\u{302A}", "\u{FF9E}",
                         " ", "\u{2701}", "\u{00A9}", "\u{1100}", "\u{AC00}"]
        return (0..<1500).map { _ in
            var line = ""
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                line += Bool.random(using: &random) ? sequences.randomElement(using: &random)! : fragments.randomElement(using: &random)!
            }
            return Array(line.utf8) + (Int.random(in: 0..<8, using: &random) == 0 ? [0xFF] : [])
        }
    }()

    @Test func everySafePointIsABoundaryOfTheWholeLine() {
        for line in Self.lines {
            line.withUnsafeBufferPointer { bytes in
                let boundaries = Set(GraphemeBoundaries.starts(in: bytes, from: 0, to: bytes.count))
                for position in 1..<max(bytes.count, 1) where GraphemeBoundaries.isSafe(position, bytes, bytes.count) {
                    #expect(boundaries.contains(position), "\(String(decoding: line, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }) at \(position)")
                }
            }
        }
    }

    @Test func pressingFromTheEndGivesTheClustersOfTheWholeLine() {
        let finder = UnitFinder(catalog: FaceCatalog(faces: []), anyTag: false)
        for line in Self.lines {
            line.withUnsafeBufferPointer { bytes in
                let expected = GraphemeBoundaries.starts(in: bytes, from: 0, to: bytes.count).reversed()
                // One press at a time, as `backspace -n 1` on ever shorter lines…
                var ends: [Int] = []
                var end = bytes.count
                while let start = finder.unitStart(endingAt: end, in: bytes) {
                    ends.append(start)
                    end = start
                }
                #expect(ends == Array(expected))
                // …and many presses in one run.
                var run = BackspaceRun(finder: finder, end: bytes.count, presses: 1000)
                var batched: [Int] = []
                while run.press(in: bytes) { batched.append(run.end) }
                #expect(batched == Array(expected))
            }
        }
    }
}
