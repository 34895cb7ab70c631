import Testing
import TestSupport
@testable import FaceText

/// `GraphemeBoundaries.lastEmojiCluster(in:)`, the short way backspace takes
/// at the end of a line of emoji: where it answers, its answer must be the
/// start of the line's last cluster as the general way finds it; and it must
/// answer for every emoji of Unicode's list at the end of a line of text or
/// emoji, or the short way is lost without a test noticing.
@Suite struct LastEmojiClusterTests {
    /// The start of the last cluster of `line` by the general way.
    static func lastStart(_ line: [UInt8]) -> Int? {
        line.withUnsafeBufferPointer { GraphemeBoundaries.starts(in: $0, from: 0, to: $0.count).last }
    }

    static func fast(_ line: [UInt8]) -> Int? {
        line.withUnsafeBufferPointer { GraphemeBoundaries.lastEmojiCluster(in: $0) }
    }

    static func scalars(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    /// Every emoji of emoji-test.txt, in every status, after each of these.
    static let before = ["", "a", "好", "😀", "🇯🇵", "🇯", "🇯🇵🇯", "1\u{FE0F}\u{20E3}", "\u{200D}", "😀\u{200D}",
                         "👩\u{1F3FD}\u{200D}", "\u{0600}", "\u{0301}", "\u{1F3FB}", "\u{FE0F}", "\r", "\u{2701}\u{200D}",
                         "\u{0915}\u{094D}", "\u{1100}", "a\u{00AD}"]

    @Test func everyEmojiAfterAnythingEndsWhereTheGeneralWayEndsIt() {
        var wrong: [String] = []
        for (_, emoji) in Fixtures.emojiTestSequences {
            for prefix in Self.before {
                let line = Array((prefix + emoji).utf8)
                if let fast = Self.fast(line), fast != Self.lastStart(line) {
                    wrong.append("\(Self.scalars(line)): \(fast), not \(String(describing: Self.lastStart(line)))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    }

    @Test func everyEmojiAfterTextOrEmojiIsDecidedTheShortWay() {
        var undecided: [String] = []
        for (status, emoji) in Fixtures.emojiTestSequences where status == "fully-qualified" {
            for prefix in ["", "a", "好", "😀", "🇯🇵", "1\u{FE0F}\u{20E3}"] where Self.fast(Array((prefix + emoji).utf8)) == nil {
                undecided.append(Self.scalars(Array((prefix + emoji).utf8)))
            }
        }
        #expect(undecided.isEmpty, "\(undecided.count): \(undecided.prefix(10))")
    }

    @Test func noPrependScalarIsAPictographAnExtenderOrARegionalIndicator() {
        // The short way takes a scalar with any of these flags for one that is not Prepend.
        let emojiFlags = EmojiProperties.pictographic | EmojiProperties.extend | EmojiProperties.regionalIndicator
        let wrong = ClusterStartRanges.prepend.ranges.flatMap { $0 }.filter { EmojiProperties.flags($0) & emojiFlags != 0 }
        #expect(!ClusterStartRanges.prepend.ranges.isEmpty && wrong.isEmpty, "\(wrong)")
    }

    @Test func noPictographOrRegionalIndicatorLiesWhereTheShortWayDoesNotLook() {
        // Past U+32FF, outside U+1F000–U+1FFFF, the short way takes every scalar for neither.
        let wrong = (UInt32(0x3300)..<0x11_0000).filter {
            $0 &- 0x1F000 >= 0x1000 && EmojiProperties.flags($0) & (EmojiProperties.pictographic | EmojiProperties.regionalIndicator) != 0
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func everyPictographAndRegionalIndicatorEndingALineIsDecidedTheShortWay() {
        // Whatever its lead byte: the short way starts only at the ones it expects.
        let flags = EmojiProperties.pictographic | EmojiProperties.regionalIndicator
        let undecided = (UInt32(0x80)..<0x2_0000).filter { value in
            guard EmojiProperties.flags(value) & flags != 0, let scalar = Unicode.Scalar(value) else { return false }
            return Self.fast(Array(("a" + String(scalar)).utf8)) == nil
        }
        #expect(undecided.isEmpty, "\(undecided.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func regionalIndicatorsPairFromTheFirstOfTheirRun() {
        let flag = "\u{1F1EF}\u{1F1F5}", indicator = "\u{1F1E8}"
        for count in 1...7 {
            for prefix in ["", "a", "😀", "\u{0600}", "\u{200D}", "\u{FE0F}"] {
                let line = Array((prefix + String(repeating: indicator, count: count)).utf8)
                // After a Prepend scalar (which joins the first indicator), the general way decides.
                let expected = prefix == "\u{0600}" && count <= 2 ? nil : Self.lastStart(line)
                #expect(Self.fast(line) == expected, "\(prefix.debugDescription) and \(count)")
            }
            let flags = Array(String(repeating: flag, count: count).utf8)
            #expect(Self.fast(flags) == flags.count - 8)
        }
    }

    @Test func linesOfEverythingEndAtTheSameClusterAtEachScalar() {
        var wrong: [String] = []
        for line in SafePointTests.lines.prefix(300) {
            var end = 0
            while end < line.count {
                end += 1
                guard end == line.count || line[end] & 0xC0 != 0x80 else { continue }
                let prefix = Array(line[..<end])
                if let fast = Self.fast(prefix), fast != Self.lastStart(prefix) {
                    wrong.append("\(Self.scalars(prefix)): \(fast), not \(String(describing: Self.lastStart(prefix)))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    }

    @Test func backspaceOnLinesOfEmojiRemovesTheLastCluster() {
        let editor = LineEditor(catalog: .default)
        var wrong: [String] = []
        for (status, emoji) in Fixtures.emojiTestSequences where status != "component" {
            for prefix in ["a", "😀", "🇯🇵", "\u{0600}"] {
                let line = Array((prefix + emoji).utf8)
                let kept = line.withUnsafeBufferPointer { editor.remainingLength(of: $0, presses: 1) }
                if Array(line[..<kept]) != LineEditorLinesTests.kept(line, editor: editor, presses: 1) { wrong.append(Self.scalars(line)) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    }
}
