import Testing
import TestSupport
@testable import FaceText

/// The wrapper passes a line that certainly fits without measuring it
/// (``FittingLine``). Wrong there, a line would come out too wide: each line
/// said to fit must measure no wider than the width by the reference, lines
/// of every kind of byte that is not UTF-8 included; and the wrapper's output
/// through that path must be the output of the path that measures every unit.
@Suite struct FittingLineTests {
    static let catalog = FaceCatalog.default

    /// Pieces of lines: scripts, faces, marks, and every way a sequence can fail to be UTF-8.
    static let pieces: [[UInt8]] = {
        let text = ["a", "hello ", "今天好", "，", "。", "—", "…", "“", "”", "😀", "👍🏽", "❤️", "1️⃣", "🇨🇳", "e\u{301}", "\u{0600}",
                    "[哈哈]", "[心]", "/:haha", "[不是表情]", "한국어", "\u{D7A3}", "\u{0800}", "\u{0FFF}", "\u{10FFFF}", "\u{FE0F}",
                    "\u{200D}", "é", "\u{85}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FF01}", " ", "\u{A8}", "\u{2008}"].map { Array($0.utf8) }
        let broken: [[UInt8]] = [
            [0x80], [0xBF], [0xBF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC3], [0xE4, 0xB8], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x98],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
            [0xFE], [0xFF], [0xE4, 0xB8, 0xAD, 0xAD], [0xF0, 0x9F, 0x98, 0x80, 0x80],
        ]
        let controls: [[UInt8]] = [[0x09], [0x0D], [0x00], [0x1B], [0x0B], [0x0C]]
        return text + broken + controls
    }()

    /// Lines of up to eight pieces, the same seed every run.
    static let lines: [[UInt8]] = {
        var random = SeededGenerator(seed: 14)
        var lines: [[UInt8]] = pieces
        for _ in 0..<3000 {
            var line: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) { line += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            lines.append(line)
        }
        return lines
    }()

    /// The width of `line` as the reference measures it (tabs to their stops).
    static func width(of line: [UInt8], _ reference: WrapReference) -> Int {
        var column = 0
        for unit in reference.units(of: line) { column += unit.isTab ? 8 - column % 8 : unit.width }
        return column
    }

    /// The weight the check gives a clean line: a byte of ASCII 1, each other scalar 2.
    static func weight(of line: [UInt8]) -> Int {
        line.reduce(0) { $0 + ($1 < 0x80 ? 1 : $1 >= 0xC0 ? 2 : 0) }
    }

    @Test func aLineSaidToFitIsNoWiderThanTheWidth() {
        let reference = WrapReference(width: 80, catalog: Self.catalog, breaking: .character)
        var passed = 0
        for line in Self.lines {
            let width = Self.width(of: line, reference)
            for ending in [[0x0A], [0x0D, 0x0A]] as [[UInt8]] {
                // Room after the line for the check's eight-byte reads.
                let bytes = line + ending + Array("after".utf8) + [UInt8](repeating: 0x20, count: 8)
                for limit in 1...40 {
                    let end = bytes.withUnsafeBufferPointer { FittingLine.end($0.baseAddress!, from: 0, end: $0.count, limit: limit) }
                    guard let end else { continue }
                    passed += 1
                    #expect(end == line.count + ending.count, "\(line) ends at \(end)")
                    #expect(width <= limit, "\(line) said to fit in \(limit) columns is \(width) wide")
                    #expect(WrapReference.parts(of: line).count == 1, "\(line) has a mandatory break")
                }
            }
        }
        #expect(passed > 10_000)
    }

    /// The check is worth its place: a well-formed line without controls or
    /// mandatory breaks whose weight is within the width is passed whole (but
    /// for the lead bytes it leaves to the general way: E0, ED and F4).
    @Test func aCleanLightLineIsPassed() {
        var passed = 0
        for line in Self.lines {
            guard let text = String(validating: line, as: UTF8.self), WrapReference.parts(of: line).count == 1,
                  !line.contains(where: { $0 < 0x20 || $0 == 0xE0 || $0 == 0xED || $0 == 0xF4 }) else { continue }
            passed += 1
            let bytes = line + [0x0A] + [UInt8](repeating: 0x20, count: 8)
            let limit = max(1, Self.weight(of: line))
            let end = bytes.withUnsafeBufferPointer { FittingLine.end($0.baseAddress!, from: 0, end: $0.count, limit: limit) }
            #expect(end == line.count + 1, "\(text.debugDescription) weighs \(limit)")
        }
        #expect(passed > 200)
    }

    /// Through a sink that takes whole lines (the fast path) and one told
    /// every line's end (every unit measured): the same bytes, at every width.
    @Test(arguments: TextWrapper.Breaking.allCases)
    func passedLinesAreTheMeasuredLines(breaking: TextWrapper.Breaking) {
        var random = SeededGenerator(seed: 41)
        var input: [UInt8] = []
        for line in Self.lines.prefix(600) { input += line + (Bool.random(using: &random) ? [0x0A] : [0x0D, 0x0A]) }
        for width in [1, 2, 3, 4, 6, 9, 12, 17, 24, 40] {
            let wrapper = TextWrapper(width: width, catalog: Self.catalog, breaking: breaking)
            var measured = WrapPropertyTests.Recorder()
            var stream = TextWrapper.Stream(wrapper: wrapper)
            input.withUnsafeBufferPointer { stream.feed($0, to: &measured) }
            stream.finish(to: &measured)
            // The measured path's bytes with a line feed wherever it wrapped.
            var expected: [UInt8] = []
            var start = 0
            for offset in measured.wraps + [measured.bytes.count] {
                expected += measured.bytes[start..<offset]
                if offset < measured.bytes.count { expected.append(0x0A) }
                start = offset
            }
            let cuts = (0..<4).map { _ in Int.random(in: 0...input.count, using: &random) }.sorted()
            let passed = WrapPropertyTests.wrapped(input, wrapper, cuts: cuts).flatMap { $0 }
            let reference = WrapReference(width: width, catalog: Self.catalog, breaking: breaking).lines(of: input).flatMap { $0 }
            #expect(measured.bytes == input, "width \(width)")
            #expect(passed == expected, "width \(width)")
            #expect(passed == reference, "width \(width)")
        }
    }
}
