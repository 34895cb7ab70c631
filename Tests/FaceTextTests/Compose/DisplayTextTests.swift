import Testing
import TestSupport
@testable import FaceText

/// Text shown on one row of a terminal: controls as U+FFFD, line breaks and tabs as spaces.
@Suite struct DisplayTextTests {
    @Test(arguments: [
        ("[哈哈]", "[哈哈]"), ("a\tb", "a b"), ("a\nb\r\nc", "a b\u{FFFD} c"), ("x\u{2028}y\u{2029}z", "x y z"),
        ("\u{1B}[2J", "\u{FFFD}[2J"), ("a\u{7F}\u{85}b", "a\u{FFFD}\u{FFFD}b"), ("\u{A0}no-break", "\u{A0}no-break"),
        ("小红 — ok", "小红 — ok"), ("", ""),
    ])
    func oneRow(text: String, shown: String) {
        #expect(DisplayText.oneRow(text) == shown)
    }

    /// The shortcut for text without any byte that may start a control or a break gives what
    /// going character by character gives, on random mixes of those bytes' characters and others.
    @Test func oneRowShortcutMatchesCharacterByCharacter() {
        var random = SeededGenerator(seed: 31)
        let pieces: [String] = ["a", "好", "[心]", "😀", "\u{1F44D}\u{1F3FD}", " ", "\t", "\n", "\r\n", "\r", "\u{0}", "\u{1B}", "\u{7F}",
                                "\u{80}", "\u{9F}", "\u{A0}", "\u{AD}", "\u{2028}", "\u{2029}", "\u{2014}", "\u{200D}", "\u{FFFD}", "e\u{301}"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(DisplayText.oneRow(text) == DisplayText.oneRowByCharacters(text), "\(text.debugDescription)")
        }
    }
}
