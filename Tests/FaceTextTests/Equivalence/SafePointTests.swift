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
                         " ", "\u{2701}", "\u{00A9}", "\u{1100}", "\u{AC00}", "\u{1161}", "\u{11A8}", "\u{AC01}",
                         "é", "e\u{0301}", "ж", "\u{0E01}", "\u{0E33}", "\u{0E48}", "\u{0E40}", "\u{0627}", "\u{064E}",
                         "\u{06DD}", "\u{0915}", "\u{094D}", "\u{0937}", "\u{20000}", "\u{1D400}", "\u{00AD}", "\u{0D4E}",
                         "\u{093C}", "\u{0995}", "\u{09CD}", "\u{1000}", "\u{1039}", "\u{0D15}", "\u{0D4D}", "\u{0301}\u{094D}"]
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

    @Test func clusterStartTablesAgreeWithTheStandardLibrary() {
        // One predecessor of every kind a rule of UAX #29 joins to what follows
        // (see scripts/generate-cluster-starts.swift); every scalar below U+3400,
        // every seventh above, and both sides of every range's ends.
        let predecessors = ["a", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{0915}\u{094D}",
                            "\u{1F44D}\u{200D}", "\u{1F1E8}", "\r", "\u{0301}", "\u{200D}"]
        var values = Array(UInt32(0)..<0x3400) + Array(stride(from: UInt32(0x3400), to: 0x110000, by: 7))
        let tables = [ClusterStartRanges.alwaysStarts, ClusterStartRanges.prepend,
                      ClusterStartRanges.linkedConsonants, EmojiPropertyRanges.graphemeExtend]
        values += Array(UInt32(0x1F3FA)...0x1F400)      // the skin tones, which continue a conjunct
        for range in tables.flatMap(\.ranges) {
            values += [range.lowerBound &- 1, range.lowerBound, range.upperBound, range.upperBound + 1]
        }
        var wrong: [String] = []
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let starts = !ExtendedPictographic.contains(value) && predecessors.allSatisfy { ($0 + text).count == $0.count + 1 }
            if ClusterStartRanges.alwaysStarts.contains(value) != starts { wrong.append("starts U+\(String(value, radix: 16))") }
            if GraphemeBoundaries.startsCluster(value) && !starts { wrong.append("fast U+\(String(value, radix: 16))") }
            let name = "U+" + String(value, radix: 16)
            if ClusterStartRanges.prepend.contains(value) != ((text + "a").count == 1) { wrong.append("prepend " + name) }
            let linked = !starts && !ExtendedPictographic.contains(value)
                && predecessors.allSatisfy { ($0 + text).count == $0.count + 1 || $0 == "\u{0915}\u{094D}" }
            if ClusterStartRanges.linkedConsonants.contains(value) != linked { wrong.append("consonant " + name) }
            let links = ("\u{0915}\u{094D}" + text + "\u{0915}").count == 1
            if GraphemeBoundaries.continuesConjunct(value) != links { wrong.append("link " + name) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20)); run swift scripts/generate-cluster-starts.swift")
    }

    @Test func whatIsOneClusterByItsShapeIsOneByTheWholeRules() {
        // From every boundary of every line to each of the next boundaries (and to a
        // place inside a cluster): whenever the shortcut says one cluster, the
        // boundaries computed the general way say so too.
        var taken = 0
        for line in Self.lines {
            line.withUnsafeBufferPointer { bytes in
                let boundaries = GraphemeBoundaries.starts(in: bytes, from: 0, to: bytes.count) + [bytes.count]
                for (number, start) in boundaries.dropLast().enumerated() {
                    for end in boundaries[(number + 1)...].prefix(3) + [min(start + 5, bytes.count)] where end > start {
                        guard GraphemeBoundaries.isOneCluster(in: bytes, from: start, to: end) else { continue }
                        taken += 1
                        #expect(GraphemeBoundaries.starts(in: bytes, from: start, to: end) == [start],
                                "\(EmojiName.codePoints(of: String(decoding: bytes[start..<end], as: UTF8.self)))")
                    }
                }
            }
        }
        #expect(taken > 1000)
        // It answers for the shapes of emoji, and leaves others to the rules.
        for (text, one) in [("👩🏽‍💻", true), ("❤️", true), ("1️⃣", true), ("👍🏽", true), ("🏴\u{E0067}\u{E0062}\u{E007F}", true),
                            ("a\u{0301}", true), ("🇨🇳", false), ("😀😀", false), ("a\u{200D}😀", false), ("👨\u{200D}\u{0301}😀", false),
                            ("\t\u{0301}", false), ("\u{0915}\u{094D}\u{0937}", false)] {
            let bytes = Array(text.utf8)
            let answer = bytes.withUnsafeBufferPointer { GraphemeBoundaries.isOneCluster(in: $0, from: 0, to: $0.count) }
            #expect(answer == one, "\(EmojiName.codePoints(of: text))")
        }
    }

    @Test func noScalarLinesOfEmojiEndInIsInTheTablesOfStarts() {
        // What lets a safe point be found without searching those tables for emoji.
        var wrong: [UInt32] = []
        for table in [ClusterStartRanges.alwaysStarts, ClusterStartRanges.linkedConsonants] {
            for range in table.ranges {
                wrong += range.filter { GraphemeBoundaries.isEmojiEnd($0) }.prefix(5)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
        // And some that are: pictographs of both blocks, U+FE0F, U+200D, U+20E3, a skin tone, a regional indicator.
        #expect([0x1F600, 0x2642, 0xFE0F, 0x200D, 0x20E3, 0x1F3FD, 0x1F1E8].allSatisfy { GraphemeBoundaries.isEmojiEnd($0) })
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
