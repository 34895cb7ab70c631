import Testing
@testable import FaceText

/// Lines no chat has, each longer than what the stream holds: a letter with
/// 100,000 marks (a cluster past the limit, measured by its start and never
/// broken), 100,000 spaces, 70,000 `[` that start no tag, one word of 200,000
/// letters, and 100,000 zero-width spaces. Every byte comes through, the chunks do not
/// matter, and no line is wider than the width unless one unit is.
@Suite struct WrapLongLineTests {
    static let lines: [(String, [UInt8])] = [
        ("marks", Array("a".utf8) + Array(repeating: Array("\u{301}".utf8), count: 100_000).flatMap { $0 } + Array("bc\n".utf8)),
        ("spaces", Array("ok".utf8) + Array(repeating: 0x20, count: 100_000) + Array("end\n".utf8)),
        ("brackets", Array(repeating: UInt8(ascii: "["), count: 70_000) + Array("[哈哈]\n".utf8)),
        ("word", Array(repeating: UInt8(ascii: "x"), count: 200_000) + Array("。\n".utf8)),
        ("zero widths", Array(repeating: Array("\u{200B}".utf8), count: 100_000).flatMap { $0 } + Array("好\n".utf8)),
    ]

    @Test(arguments: TextWrapper.Breaking.allCases)
    func longLinesKeepEveryByteWhateverTheChunks(breaking: TextWrapper.Breaking) {
        let wrapper = TextWrapper(width: 7, catalog: .default, breaking: breaking)
        for (name, line) in Self.lines {
            let whole = WrapPropertyTests.wrapped(line, wrapper)
            let chunked = WrapPropertyTests.wrapped(line, wrapper, cuts: stride(from: 4099, to: line.count, by: 65_537).map { $0 })
            #expect(whole == chunked, "\(name)")
            #expect(whole.joined().filter { $0 != 0x0A } == line.filter { $0 != 0x0A }, "\(name)")
            for piece in whole {
                let text = String(decoding: piece.filter { $0 != 0x0A }, as: UTF8.self)
                #expect(DisplayWidth.columns(of: text) <= 7 || text.count == 1 || name == "marks", "\(name): \(text.prefix(20))")
            }
        }
    }

    /// A long cluster fed a byte at a time: the search for its end goes on where
    /// it stopped (a search from its start at every byte would take minutes here).
    @Test func aClusterFedAByteAtATimeStaysLinear() {
        let line = Array("é".utf8) + Array(repeating: Array("\u{301}".utf8), count: 12_000).flatMap { $0 } + Array("x\n".utf8)
        let wrapper = TextWrapper(width: 1, catalog: .default)
        let cuts = Array(1..<line.count)
        #expect(WrapPropertyTests.wrapped(line, wrapper, cuts: cuts) == WrapPropertyTests.wrapped(line, wrapper))
    }
}
