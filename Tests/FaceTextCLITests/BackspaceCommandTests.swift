import Testing
import TestSupport
@testable import FaceText
@testable import FaceTextCLI

@Suite struct BackspaceCommandTests {
    @Test func theIssueExample() {
        let result = runCLI(["backspace"], input: "好开心[哈哈]\n👨‍👩‍👧‍👦🇨🇳1️⃣\n")
        #expect(result.status == .success)
        #expect(result.text == "好开心\n👨‍👩‍👧‍👦🇨🇳\n")
    }

    @Test(arguments: [
        (["backspace"], "a[心]\r\nbc\n[哈哈]", "a\r\nb\n"),
        (["backspace", "-n", "2"], "a[心]\r\nbc\n\n", "\r\n\n\n"),
        (["backspace", "-n", "0"], "a[心]\r\n", "a[心]\r\n"),
        (["backspace", "-n", "99"], "a[心]b\r\nxyz", "\r\n"),
        (["backspace", "--deleted"], "a[心]\r\nbc\n", "[心]\r\nc\n"),
        (["backspace", "--any-tag"], "发了[图片]\n", "发了\n"),
        (["backspace", "--any-tag", "-n", "2"], "发了【图片】【动画表情】\r\n", "发了\r\n"),
        (["backspace"], "发了【图片】\n", "发了【图片\n"),
        (["backspace", "--json"], "a[心]\r\n\"x\"", #"{"line":1,"text":"a","deleted":"[心]"}"# + "\n" + #"{"line":2,"text":"\"x","deleted":"\""}"# + "\n"),
    ])
    func linesLoseUnitsFromTheEndAndKeepTheirEndings(arguments: [String], input: String, expected: String) {
        let result = runCLI(arguments, input: input)
        #expect(result.status == .success)
        #expect(result.text == expected)
    }

    @Test func invalidBytesAtTheEndGoOneByteAPress() {
        let input: [UInt8] = Array("好".utf8) + [0xE4, 0xB8, 0xFF, 0x0A]
        #expect(runCLI(["backspace", "-n", "2"], stdin: input).stdout == Array("好".utf8) + [0xE4, 0x0A])
        #expect(runCLI(["backspace", "-n", "3", "--deleted"], stdin: input).stdout == [0xE4, 0xB8, 0xFF, 0x0A])
    }

    @Test func jsonLinesEscapeTextAndShowInvalidBytesAsReplacementCharacters() {
        // A tab, a quote, U+2028 and a byte that is not UTF-8 kept; a cut-off sequence deleted.
        let input: [UInt8] = Array("a\t\"\u{2028}".utf8) + [0xFF] + Array("b\n".utf8) + [0xE4, 0xB8, 0x0A]
        let expected = #"{"line":1,"text":"a\t\"\u2028\#u{FFFD}","deleted":"b"}"# + "\n" + #"{"line":2,"text":"\#u{FFFD}","deleted":"\#u{FFFD}"}"# + "\n"
        #expect(runCLI(["backspace", "--json"], stdin: input).text == expected)
    }

    @Test(arguments: [["-n", "2"], ["-n", "1"], ["--deleted"], ["--json"]])
    func outputDoesNotDependOnChunkSize(options: [String]) {
        // Lines of a few bytes too (what one press decides by byte tests), and CR LF split anywhere.
        let input = Array("好开心[哈哈]\r\n👨‍👩‍👧‍👦🇨🇳1️⃣\n[[心]]\n\u{0301}x\u{0301}\nok\r\n好\n\n👍\r\n\r\na👍🏻\n嗯嗯\n".utf8) + [0xF0, 0x9F, 0x0A]
        let whole = runCLI(["backspace"] + options, stdin: input).stdout
        #expect(whole.count > 20)
        for size in 1...64 {
            #expect(runCLI(["backspace"] + options, stdin: input, chunkSize: size).stdout == whole, "chunk \(size)")
        }
    }

    @Test func aVeryLongLineIsWrittenInPartsWithTheSameResult() {
        var random = SeededGenerator(seed: 7)
        let pieces = ["好", "a", "[哈哈]", "👨‍👩‍👧", "🇨🇳", "e\u{0301}", " ", "[心", "]"]
        var line = ""
        while line.utf8.count < LineEditor.Stream.holdLimit + 500_000 { line += pieces.randomElement(using: &random)! }
        let input = Array(line.utf8) + [0x0A] + Array("tail[心]".utf8)
        let result = runCLI(["backspace", "-n", "3"], stdin: input, chunkSize: 1 << 16)
        var expected = FaceLine(line, catalog: .default)
        for _ in 0..<3 { expected.backspace() }
        #expect(result.stdout == expected.bytes + [0x0A] + Array("ta".utf8))
    }

    @Test func aVeryLongJSONLineIsWrittenInPartsWithTheSameResult() {
        var random = SeededGenerator(seed: 8)
        let pieces: [[UInt8]] = ["好", "a", "[哈哈]", "👨‍👩‍👧", "\"", "\u{2028}", "e\u{0301}", "[心", "]"].map { Array($0.utf8) }
            + [[0xFF], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0x80]]
        var line: [UInt8] = []
        while line.count < LineEditor.Stream.holdLimit * 2 + 500_000 { line += pieces.randomElement(using: &random)! }
        let input = line + Array("\nnext[心]".utf8)
        let whole = runCLI(["backspace", "--json", "-n", "2"], stdin: input).text
        // A chunk at a time, the first line's start is written before its end is read.
        let chunked = runCLI(["backspace", "--json", "-n", "2"], stdin: input, chunkSize: 1 << 16).text
        let sameInChunks = chunked == whole
        #expect(sameInChunks, Comment(rawValue: "in chunks of 64 KiB: " + Self.firstDifference(chunked, whole)))
        var edited = FaceLine(bytes: line, catalog: .default)
        let deleted = edited.backspaceBytes()
        let alsoDeleted = edited.backspaceBytes()
        let text = String(decoding: edited.bytes, as: UTF8.self)
        let gone = String(decoding: alsoDeleted + deleted, as: UTF8.self)
        let expected = #"{"line":1,"text":"# + JSONText.quoted(text) + #","deleted":"# + JSONText.quoted(gone) + "}\n"
            + #"{"line":2,"text":"nex","deleted":"t[心]"}"# + "\n"
        let matches = whole == expected     // (not in the expectation, which would print both texts)
        #expect(matches, Comment(rawValue: Self.firstDifference(whole, expected)))
    }

    /// Where two long texts first differ, with some bytes of each around it (not the whole texts).
    static func firstDifference(_ text: String, _ other: String) -> String {
        let same = zip(text.utf8, other.utf8).prefix { $0 == $1 }.count
        func around(_ text: String) -> String {
            String(decoding: Array(text.utf8.dropFirst(max(0, same - 20)).prefix(60)), as: UTF8.self).debugDescription
        }
        return "first difference at byte \(same): \(around(text)) against \(around(other))"
    }
}
