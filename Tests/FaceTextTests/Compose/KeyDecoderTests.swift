import Testing
@testable import FaceText

/// Terminal bytes to keys: text, control keys, escape sequences, bracketed
/// paste, whatever pieces the bytes come in.
@Suite struct KeyDecoderTests {
    static let cases: [(bytes: String, keys: [TerminalKey])] = [
        ("hello", [.text("hello")]),
        ("今天好开心😀", [.text("今天好开心😀")]),
        ("a\rb", [.text("a"), .enter, .text("b")]),
        ("\n", [.lineBreak]),
        ("\u{1B}\r", [.lineBreak]),
        ("\u{7F}\u{08}", [.backspace, .backspace]),
        ("\t\u{1B}[Z", [.tab, .backTab]),
        ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
        ("\u{1B}OA\u{1B}OD\u{1B}OH\u{1B}OF", [.up, .left, .home, .end]),
        ("\u{1B}[1;5C\u{1B}[1;3D", [.right, .left]),
        ("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~", [.home, .end, .home, .end, .home, .end]),
        ("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[3;2~", [.delete, .pageUp, .pageDown, .delete]),
        ("\u{01}\u{05}\u{15}\u{0B}\u{17}", [.home, .end, .deleteToStart, .deleteToEnd, .deleteWord]),
        ("\u{04}\u{03}\u{1A}\u{0C}", [.endOfInput, .interrupt, .suspend, .redraw]),
        ("\u{1B}[200~line one\rline two\u{1B}[201~x", [.paste("line one\rline two"), .text("x")]),
        // A control key ends a paste that did not end (terminals keep no control but tab and line breaks in a paste).
        ("\u{1B}[200~ab\u{1B}[A\u{03}\u{1B}[201~", [.paste("ab"), .up, .interrupt]),
        ("\u{1B}[200~a\tb\nc\u{03}", [.paste("a\tb\nc"), .interrupt]),
        ("\u{1B}[200~never ends\u{04}", [.paste("never ends"), .endOfInput]),
        ("\u{1B}[200~never ends\u{1B}", [.paste("never ends"), .escape]),
        ("\u{1B}[200~never ends\r", [.paste("never ends\r")]),
        ("\u{1B}[99;99;99q\u{1B}[?1049h ok", [.text(" ok")]),
        ("\u{1B}x", [.text("x")]),
        ("\u{1B}e\u{1B}Ex", [.toggleEmoji, .toggleEmoji, .text("x")]),
        ("\u{1B}[心]", [.escape, .text("[心]")]),
        ("\u{00}\u{1F}", []),
    ]

    @Test(arguments: cases.indices)
    func bytesAreKeys(case index: Int) {
        let (text, keys) = Self.cases[index]
        var decoder = TerminalKey.Decoder()
        #expect(decoder.keys(from: Array(text.utf8)) + decoder.flush() == keys, "\(text.debugDescription)")
    }

    /// The same keys whatever pieces the bytes come in (text runs may split into several keys).
    @Test(arguments: cases.indices)
    func piecesDoNotMatter(case index: Int) {
        let (text, keys) = Self.cases[index]
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var decoder = TerminalKey.Decoder()
            let got = decoder.keys(from: bytes[..<cut]) + decoder.keys(from: bytes[cut...]) + decoder.flush()
            #expect(Self.merged(got) == Self.merged(keys), "\(text.debugDescription) cut at \(cut)")
        }
    }

    /// Adjacent text keys (and paste pieces) joined.
    static func merged(_ keys: [TerminalKey]) -> [TerminalKey] {
        var result: [TerminalKey] = []
        for key in keys {
            switch (result.last, key) {
            case (.text(let a)?, .text(let b)): result[result.count - 1] = .text(a + b)
            case (.paste(let a)?, .paste(let b)): result[result.count - 1] = .paste(a + b)
            default: result.append(key)
            }
        }
        return result
    }

    @Test func aLoneEscapeWaitsForTime() {
        var decoder = TerminalKey.Decoder()
        #expect(decoder.keys(from: [0x1B]).isEmpty)
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isHoldingBytes)
    }

    @Test func aCutCharacterWaitsAndABadOneIsReplaced() {
        var decoder = TerminalKey.Decoder()
        let bytes = Array("好".utf8)
        #expect(decoder.keys(from: bytes[..<2]).isEmpty)
        #expect(decoder.keys(from: bytes[2...]) == [.text("好")])
        #expect(decoder.keys(from: [0x61, 0xFF, 0x62]) == [.text("a\u{FFFD}b")])
        #expect(decoder.keys(from: [0xE5, 0x61]) == [.text("\u{FFFD}a")])
        #expect(decoder.keys(from: [0xE5]).isEmpty)
        #expect(decoder.flush() == [.text("\u{FFFD}")])
    }

    /// A long paste comes in pieces of bounded size, no character cut; a
    /// sequence that never ends is dropped; nothing held grows without bound.
    @Test func heldBytesAreBounded() {
        var decoder = TerminalKey.Decoder()
        let paste = Array(String(repeating: "好a", count: 60_000).utf8)
        var keys = decoder.keys(from: Array("\u{1B}[200~".utf8))
        for start in stride(from: 0, to: paste.count, by: 1000) {
            keys += decoder.keys(from: paste[start..<min(start + 1000, paste.count)])
        }
        keys += decoder.keys(from: Array("\u{1B}[201~".utf8))
        #expect(keys.count > 1)
        for key in keys {
            guard case .paste(let text) = key else { Issue.record("\(key)"); continue }
            #expect(text.utf8.count <= TerminalKey.Decoder.pastePiece)
            #expect(!text.contains("\u{FFFD}"))
        }
        #expect(Self.merged(keys) == [.paste(String(repeating: "好a", count: 60_000))])
        var endless = TerminalKey.Decoder()
        #expect(endless.keys(from: Array(("\u{1B}[" + String(repeating: "1;", count: 1000)).utf8)).isEmpty)
        #expect(endless.keys(from: Array("~".utf8)).isEmpty)   // its final byte ends it
        #expect(endless.keys(from: Array("x".utf8)) == [.text("x")])
    }
}
