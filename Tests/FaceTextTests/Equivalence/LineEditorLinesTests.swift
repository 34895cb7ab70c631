import Testing
import TestSupport
@testable import FaceText

/// `LineEditor.writeKept(linesIn:from:presses:to:)`, the loop behind
/// `facetext backspace`: whole lines of a chunk at once, the short ones
/// decided by a few byte tests (``QuickUnits``). Each line must lose what
/// a backspace on it alone removes.
@Suite struct LineEditorLinesTests {
    /// Lines the byte tests decide, and lines they must leave to the general way.
    static let lines: [String] = [
        "", "a", "ok", "好", "嗯嗯", "a好", "好a", "1", "#", "hi there", "x\ry",
        "\u{0600}a", "\u{0600}好", "\u{0600}\u{0600}好", "\u{110BD}好",       // Prepend joins what follows
        "e\u{0301}", "好\u{0301}", "a\u{200D}", "\u{1F600}a", "a\u{1F600}", "好\u{1F600}",
        "カ好", "한好", "好한", "\u{20000}好", "ß好", "好ß",
        "[哈哈]", "哈哈", "x哈哈", "o好", "好o好", "a[心]", "x/::)", "x:)", "a]", "[a", "好]", "好[哈",
        "👍", "a👍", "a👍🏻", "a\u{1F3FB}", "\u{1F3FB}", "x\u{1F100}", "x😀", "a\u{200D}👍", "a\u{1E000}", "a\u{1D167}", "a\u{20000}", "🇨🇳a🇨🇳",
        "1\u{FE0F}\u{20E3}", "🇨🇳", "👨‍👩‍👧", "\u{0915}\u{094D}\u{0937}",
    ]

    static let catalogs: [(name: String, catalog: FaceCatalog)] = [
        ("default", .default),
        ("WeChat", .wechat),
        ("tags ending in ASCII and in an ideograph",
         FaceCatalog(faces: [Face(tag: ":)"), Face(tag: "/::)"), Face(tag: "哈哈"), Face(tag: "[心]"), Face(tag: "o好"), Face(tag: "x😀")])),
    ]

    /// What `presses` backspaces keep of `line` alone, by the general way
    /// (``BackspaceRun``, which the byte tests do not use).
    static func kept(_ line: [UInt8], editor: LineEditor, presses: Int) -> [UInt8] {
        line.withUnsafeBufferPointer { buffer in
            var run = BackspaceRun(finder: editor.finder, end: buffer.count, presses: presses)
            var count = 0
            while count < presses, run.press(in: buffer) { count += 1 }
            return Array(buffer[..<run.end])
        }
    }

    static func written(_ bytes: [UInt8], editor: LineEditor, presses: Int) -> (out: [UInt8], end: Int, lines: Int) {
        let out = StreamOutput()
        let (end, lines) = bytes.withUnsafeBufferPointer { editor.writeKept(linesIn: $0, from: 0, presses: presses, to: out) }
        return (out.withBytes { Array($0) }, end, lines)
    }

    @Test(arguments: catalogs.indices, [false, true])
    func eachLineLosesWhatABackspaceOnItAloneRemoves(_ index: Int, anyTag: Bool) {
        let (name, catalog) = Self.catalogs[index]
        let editor = LineEditor(catalog: catalog, anyTag: anyTag)
        for presses in 1...2 {
            for line in Self.lines {
                for ending in ["\n", "\r\n"] {
                    let bytes = Array((line + ending).utf8)
                    let expected = Self.kept(Array(line.utf8), editor: editor, presses: presses) + Array(ending.utf8)
                    let result = Self.written(bytes, editor: editor, presses: presses)
                    #expect(result.out == expected, "\(name), \(presses) press(es): \(line.debugDescription)")
                    #expect(result.end == bytes.count && result.lines == 1)
                }
            }
        }
    }

    @Test func aCarriageReturnBeforeTheLineEndingIsAUnit() {
        let editor = LineEditor(catalog: .default)
        #expect(Self.written(Array("x\r\r\n好\r\r\n".utf8), editor: editor, presses: 1).out == Array("x\r\n好\r\n".utf8))
        #expect(Self.written(Array("x\r\n".utf8), editor: editor, presses: 1).out == Array("\r\n".utf8))
    }

    @Test func invalidBytesBeforeAnIdeographAreUnitsOfTheirOwn() {
        let editor = LineEditor(catalog: .default)
        // A cut-off sequence, a lone lead byte, and U+0600's bytes after an invalid one (still Prepend).
        for prefix: [UInt8] in [[0xE5], [0xE5, 0xA5], [0xF0, 0x9F], [0xFF], [0xE4, 0xD8, 0x80], [0x80, 0x80, 0x80]] {
            let line = prefix + Array("好".utf8)
            let expected = Self.kept(line, editor: editor, presses: 1) + [0x0A]
            #expect(Self.written(line + [0x0A], editor: editor, presses: 1).out == expected, "\(prefix)")
        }
    }

    @Test func manyLinesAtOnceAreEachLinesResultInOrderAndTheUnfinishedOneIsLeft() {
        var random = SeededGenerator(seed: 0x11E5)
        for (name, catalog) in Self.catalogs {
            let editor = LineEditor(catalog: catalog)
            for presses in [1, 2, 3] {
                var input: [UInt8] = [], expected: [UInt8] = []
                for _ in 0..<400 {
                    let line = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.lines.randomElement(using: &random)! }.joined()
                    let ending = Bool.random(using: &random) ? "\n" : "\r\n"
                    input += Array((line + ending).utf8)
                    expected += Self.kept(Array(line.utf8), editor: editor, presses: presses) + Array(ending.utf8)
                }
                let result = Self.written(input + Array("unfinished 好".utf8), editor: editor, presses: presses)
                #expect(result.out == expected, "\(name), \(presses) press(es)")
                #expect(result.end == input.count && result.lines == 400)
            }
        }
    }
}
