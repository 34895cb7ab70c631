import Testing
@testable import FaceText

/// ``QuickUnits``' byte tests against grapheme breaking on every scalar:
/// each Unicode scalar after and before `a`, `好` and `👍`, and between two
/// of them. Wherever the byte tests decide a line's last unit, it is where
/// ``GraphemeBoundaries`` and the standard library's `Character` start the
/// last cluster.
@Suite struct QuickUnitsEveryScalarTests {
    static let neighbours = ["a", "好", "👍"]

    /// Where the last cluster of `bytes` starts, by the standard library.
    static func lastCharacterStart(_ text: String) -> Int {
        text.utf8.count - (text.last.map { String($0).utf8.count } ?? 0)
    }

    @Test(arguments: neighbours)
    func everyScalarBesideANeighbour(neighbour: String) {
        let quick = QuickUnits(tagEnds: [Bool](repeating: false, count: 256))
        var decided = 0, wrong = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), value != 0x0A else { continue }
            let character = String(Character(scalar))
            for text in [neighbour + character, character + neighbour, neighbour + character + neighbour] {
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    guard let start = quick.lastUnit(in: buffer, from: 0, to: buffer.count) else { return }
                    decided += 1
                    let expected = Self.lastCharacterStart(text)
                    let boundaries = GraphemeBoundaries.starts(in: buffer, from: 0, to: buffer.count).last
                    if start != expected || boundaries != expected {
                        wrong += 1
                        if wrong <= 10 {
                            Issue.record("U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription): quick \(start), Character \(expected), GraphemeBoundaries \(boundaries ?? -1)")
                        }
                    }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(decided) decided wrongly")
        #expect(decided > 100, "the byte tests decide lines of ASCII, ideographs and emoji")
    }
}
