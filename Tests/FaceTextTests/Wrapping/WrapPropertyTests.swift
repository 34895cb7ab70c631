import Testing
import TestSupport
@testable import FaceText

/// Chinese, English, mixed and emoji-heavy messages, wrapped at many widths
/// both ways: the lines are the reference's, whatever the chunks; no byte is
/// lost; no face is cut; no line is wider than the width unless nothing in it
/// may break; no wrapped line starts with closing punctuation when breaking by line.
@Suite struct WrapPropertyTests {
    static let catalog = FaceCatalog.default
    static let widths = [1, 2, 3, 5, 8, 13, 40, 80]

    /// Messages of four kinds, two or more lines now and then (an empty one among them), CRLF sometimes.
    static let messages: [[UInt8]] = {
        var random = SeededGenerator(seed: 35)
        let tags = catalog.faces.flatMap(\.tags).filter { $0.hasPrefix("[") || $0.hasPrefix("【") }
        let chinese = ["今天", "好开心", "我们", "去公园", "玩吧", "你呢", "一", "了", "々", "ー", "ぁ", "한국어", "각"]
        let closing = ["。", "，", "！", "？", "」", "』", "）", "、", "：", "……", "”", "》", "."]
        let opening = ["「", "（", "“", "《", "("]
        let english = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "internationalization", "a", "I'm",
                       "co-operate", "e.g.", "$12.50", "(3)", "9:30", "http://example.com/a/very/long/path", "naïve", "e\u{301}"]
        let emoji = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇨🇳", "🇯🇵🇺🇸", "1️⃣", "❤️", "☺", "✁\u{200D}✁", "🏳️‍🌈", "#️⃣"]
        let odd = ["\t", " ", "  ", "\u{00A0}", "\u{200B}", "\u{2060}", "\u{0600}[哈哈]", "\u{FEFF}", "\r",
                   "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}\r", "【图片】", "[抱抱]", "[不是表情啊]", "[x", "【a[b]", "[一二三四五六七八九十一二三四五六七]"]
        var result: [[UInt8]] = []
        for index in 0..<64 {
            var message: [UInt8] = []
            let kind = index % 4
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                let pick = Int.random(in: 0..<20, using: &random)
                var piece: String
                switch kind {
                case 0: piece = pick < 12 ? chinese.randomElement(using: &random)! : pick < 16 ? closing.randomElement(using: &random)!
                    : pick < 18 ? opening.randomElement(using: &random)! : tags.randomElement(using: &random)!
                case 1: piece = pick < 14 ? english.randomElement(using: &random)! + " " : pick < 17 ? closing.randomElement(using: &random)!
                    : odd.randomElement(using: &random)!
                case 2: piece = [chinese, english, closing, opening, emoji, tags, odd].randomElement(using: &random)!.randomElement(using: &random)!
                default: piece = pick < 10 ? emoji.randomElement(using: &random)! : pick < 17 ? tags.randomElement(using: &random)!
                    : closing.randomElement(using: &random)!
                }
                if pick == 19 && kind == 2 { message.append(0xFF); piece = "" }
                message.append(contentsOf: piece.utf8)
            }
            if index % 7 == 0 { message.append(contentsOf: "\r\n第二行 second line".utf8) }
            if index % 5 == 0 { message.append(contentsOf: "\n第三行，a third line of words\n\n".utf8) }
            if index % 3 != 0 { message.append(0x0A) }
            result.append(message)
        }
        return result
    }()

    /// The stream's lines, each with the line feed it inserted or the line's own ending, fed in chunks cut at `cuts`.
    static func wrapped(_ bytes: [UInt8], _ wrapper: TextWrapper, cuts: [Int] = []) -> [[UInt8]] {
        var stream = TextWrapper.Stream(wrapper: wrapper)
        let out = StreamOutput()
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBufferPointer { stream.feed($0, into: out) }
            start = cut
        }
        stream.finish(into: out)
        let all = out.withBytes { Array($0) }
        return splitLines(all)
    }

    static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            current.append(byte)
            if byte == 0x0A { lines.append(current); current = [] }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    @Test(arguments: TextWrapper.Breaking.allCases)
    func linesAreTheReferencesWhateverTheChunks(breaking: TextWrapper.Breaking) {
        var random = SeededGenerator(seed: 7)
        var failures = 0
        let cache = WrapReference.UnitCache()
        for message in Self.messages {
            for width in Self.widths {
                let wrapper = TextWrapper(width: width, catalog: Self.catalog, breaking: breaking)
                let expected = WrapReference(width: width, catalog: Self.catalog, breaking: breaking, cache: cache).lines(of: message)
                let cuts = (0..<3).map { _ in Int.random(in: 0...message.count, using: &random) }.sorted()
                let whole = Self.wrapped(message, wrapper)
                let chunked = Self.wrapped(message, wrapper, cuts: cuts)
                if whole != expected || chunked != expected {
                    failures += 1
                    if failures <= 3 {
                        Issue.record("""
                            width \(width): \(String(decoding: message, as: UTF8.self).debugDescription)
                            got      \(whole.map { String(decoding: $0, as: UTF8.self) })
                            chunked  \(chunked.map { String(decoding: $0, as: UTF8.self) })
                            expected \(expected.map { String(decoding: $0, as: UTF8.self) })
                            """)
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// A face's tags are measured once for the face when they share a width; tags of
    /// one face that differ in width (an alias, a traditional form, a tag with marks)
    /// are each measured, and a tag takes its own width however often it comes.
    @Test(arguments: TextWrapper.Breaking.allCases)
    func eachTagTakesItsOwnWidthWhenAFacesTagsDiffer(breaking: TextWrapper.Breaking) {
        let catalog = FaceCatalog(faces: [
            Face(tag: "[ok]", aliases: ["[好的好的]", "[e\u{301}e\u{301}]"]),
            Face(tag: "[心]", traditionalTag: "[xi]"),
            Face(tag: "[哈哈]", aliases: ["/:haha"], emoji: "😂"),
        ])
        let messages = ["a[ok]b[好的好的]c[ok]", "[好的好的][ok][e\u{301}e\u{301}][ok]x", "[心][xi]好[xi][心]", "/:haha[哈哈]😂 [ok]"]
        let cache = WrapReference.UnitCache()
        for message in messages.map({ Array($0.utf8) }) {
            for width in 1...14 {
                let wrapper = TextWrapper(width: width, catalog: catalog, breaking: breaking)
                let expected = WrapReference(width: width, catalog: catalog, breaking: breaking, cache: cache).lines(of: message)
                // Twice through one stream's tables: the second pass meets every face already measured.
                #expect(Self.wrapped(message + [0x0A] + message, wrapper) == expected.map { $0.last == 0x0A ? $0 : $0 + [0x0A] } + expected,
                        "width \(width): \(String(decoding: message, as: UTF8.self))")
            }
        }
    }

    @Test(arguments: TextWrapper.Breaking.allCases)
    func noByteLostNoFaceCutNoLineTooWideNoClosingMarkFirstUnlessItMust(breaking: TextWrapper.Breaking) {
        let scanner = FaceScanner(catalog: Self.catalog)
        let cache = WrapReference.UnitCache()
        for message in Self.messages {
            let faces = scanner.tokens(in: message).filter { $0.kind == .tag || $0.kind == .emoji }.map(\.range)
            for width in Self.widths {
                let wrapper = TextWrapper(width: width, catalog: Self.catalog, breaking: breaking)
                let reference = WrapReference(width: width, catalog: Self.catalog, breaking: breaking, cache: cache)
                var sink = Recorder()
                var stream = TextWrapper.Stream(wrapper: wrapper)
                message.withUnsafeBufferPointer { stream.feed($0, to: &sink) }
                stream.finish(to: &sink)
                // Every byte, in order, with the inserted line feeds taken out.
                #expect(sink.bytes == message, "width \(width)")
                // No break inside a face.
                for offset in sink.wraps {
                    #expect(!faces.contains { $0.lowerBound < offset && offset < $0.upperBound },
                            "a face cut at \(offset) (width \(width)): \(String(decoding: message, as: UTF8.self))")
                }
                /// Whether a line may break after its first unit of some width before a unit that may start one.
                func mayBreak(_ units: [WrapReference.Unit]) -> Bool {
                    units.indices.dropFirst().contains { index in
                        units[..<index].contains { $0.width > 0 || $0.isTab } && reference.mayStartLine(units[index])
                    }
                }
                for (number, line) in sink.lines.enumerated() {
                    let units = reference.units(of: line.bytes)
                    var column = 0
                    for unit in units { column += unit.isTab ? 8 - column % 8 : unit.width }
                    #expect(column == line.width, "the reported width")
                    if column > width {
                        // Over-long only when one unit (and units of no width) is wider than the line.
                        #expect(units.filter { $0.width > 0 || $0.isTab }.count == 1,
                                "width \(width): \(String(decoding: line.bytes, as: UTF8.self).debugDescription) is \(column) wide")
                    }
                    if breaking == .line && line.afterWrap, let first = String(decoding: line.bytes, as: UTF8.self).unicodeScalars.first {
                        let lineBreakClass = LineBreakClass(of: first.value)
                        if lineBreakClass.isClosing || [.EX, .IS, .SY].contains(lineBreakClass) || first == "”" {
                            // Closing marks start a line only where the line before was full and had no other place to break.
                            let before = sink.lines[number - 1]
                            let previous = reference.units(of: before.bytes)
                            #expect(before.width + (units.first?.width ?? 0) > width && !mayBreak(previous + units.prefix(1)),
                                    "width \(width): a line starts with \(first): \(String(decoding: line.bytes, as: UTF8.self))")
                        }
                    }
                }
            }
        }
    }

    /// Wrapped lines as a sink sees them: the bytes without the inserted line feeds, where each wrap falls.
    struct Recorder: TextWrapper.Sink {
        struct Line { var bytes: [UInt8] = []; var width = 0; var afterWrap = false }
        var bytes: [UInt8] = []
        var wraps: [Int] = []
        var lines: [Line] = []
        var current = Line()

        mutating func text(_ piece: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: piece)
            current.bytes.append(contentsOf: piece)
        }

        mutating func wrap(width: Int) {
            wraps.append(bytes.count)
            current.width = width
            lines.append(current)
            current = Line(afterWrap: true)
        }

        /// A mandatory break ends the line; its bytes are kept (the plain output's line feed after it is a wrap) but not in the line.
        mutating func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) {
            bytes.append(contentsOf: character)
            if !lineEndingFollows { wraps.append(bytes.count) }
            current.width = width
            lines.append(current)
            current = Line()
        }

        mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) {
            current.width = width
            lines.append(current)
            current = Line()
            bytes.append(contentsOf: ending)
        }
    }

    /// A line broken inside a run of ideographs gives up every place to break
    /// before the break: a later unit that does not fit breaks after it, never
    /// before what is already handed on. Runs of ideographs after a letter,
    /// a byte that is not UTF-8 or a tag, then closing marks, letters and numbers.
    @Test(arguments: TextWrapper.Breaking.allCases)
    func aBreakInsideARunOfIdeographsLeavesNoPlaceBeforeIt(breaking: TextWrapper.Breaking) {
        let heads: [[UInt8]] = [[0xAF], Array("a".utf8), Array("[哈哈]".utf8), Array("“".utf8), Array("😀".utf8)]
        let runs = ["表情", "表情包好", "今天好开心呀"].map { Array($0.utf8) }
        let tails: [[UInt8]] = [[0x5D, 0x9C, 0x61, 0x31, 0xB8, 0x8F], Array("]a1bc".utf8), Array("」。ok 12".utf8), Array("）x[心]y".utf8)]
        let cache = WrapReference.UnitCache()
        for head in heads {
            for run in runs {
                for tail in tails {
                    let message = head + run + tail
                    for width in 1...12 {
                        let wrapper = TextWrapper(width: width, catalog: Self.catalog, breaking: breaking)
                        let expected = WrapReference(width: width, catalog: Self.catalog, breaking: breaking, cache: cache).lines(of: message)
                        #expect(Self.wrapped(message + [0x0A], wrapper) == expected.map { $0.last == 0x0A ? $0 : $0 + [0x0A] },
                                "width \(width): \(message)")
                    }
                }
            }
        }
    }

    /// A break never leaves a wrapped line of nothing but units of no width
    /// (a control character, a joiner, a mark with nothing to attach to): a
    /// wide unit after them stays with them, over-long.
    @Test(arguments: TextWrapper.Breaking.allCases)
    func noBreakLeavesALineOfNoWidth(breaking: TextWrapper.Breaking) {
        let zeroWidth = ["\u{1B}", "\u{200B}", "\u{0301}", "\u{85}", "\u{2060}", "\u{1B}\u{200B}", "\u{85}\u{1B}", "\u{85}\u{200B}",
                         "\u{2028}\u{1B}", " \u{1B}"]
        let before = ["", "a", "ÿ", "好", "\u{85}"]
        let wide = ["1️⃣", "好", "😀", "[哈哈]", "ab"]
        let cache = WrapReference.UnitCache()
        for head in before {
            for zero in zeroWidth {
                for unit in wide {
                    let message = Array((head + zero + unit + "x").utf8)
                    for width in 1...4 {
                        let wrapper = TextWrapper(width: width, catalog: Self.catalog, breaking: breaking)
                        let expected = WrapReference(width: width, catalog: Self.catalog, breaking: breaking, cache: cache).lines(of: message)
                        #expect(Self.wrapped(message, wrapper) == expected, "width \(width): \(message)")
                    }
                }
            }
        }
    }

    @Test func stringLinesAreTheStreamsLines() {
        for message in Self.messages.prefix(40) {
            let text = String(decoding: message, as: UTF8.self)
            guard Array(text.utf8) == message else { continue }
            let wrapper = TextWrapper(width: 9, catalog: Self.catalog)
            var sink = Recorder()
            var stream = TextWrapper.Stream(wrapper: wrapper)
            message.withUnsafeBufferPointer { stream.feed($0, to: &sink) }
            stream.finish(to: &sink)
            var expected = sink.lines.map { TextWrapper.Line(text: String(decoding: $0.bytes, as: UTF8.self), width: $0.width) }
            if message.last == 0x0A { expected.append(TextWrapper.Line(text: "", width: 0)) }
            #expect(wrapper.lines(of: text) == expected)
        }
    }
}
