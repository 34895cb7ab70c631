import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `facetext compose` as a chat on pseudo-terminals: the conversation stays
/// in the terminal after it leaves, two people talk over FIFOs whoever starts
/// first, the panel reads well at 30 columns, and the input wraps as the
/// bubbles do and can show its faces as emoji.
@Suite(.serialized) struct ComposeChatTerminalTests {
    static let enter = "\r", tab = "\t", down = "\u{1B}[B", altE = "\u{1B}e", ctrlD = "\u{04}", ctrlZ = "\u{1A}"

    /// Whether `lines` hold `rows` one after another.
    static func holds(_ lines: [String], _ rows: [String]) -> Bool {
        guard let first = rows.first else { return true }
        return lines.indices.contains { index in
            lines[index].hasSuffix(first) && index + rows.count <= lines.count
                && zip(lines[index..<index + rows.count], rows).allSatisfy { $0.hasSuffix($1) }
        }
    }

    /// Inline, the bubbles go into the scrollback as the chat goes on; Ctrl-Z and Ctrl-D
    /// clear only compose's own rows.
    @Test func theConversationStaysInTheTerminal() throws {
        let inbox = Inbox()
        let terminal = try inbox.compose(columns: 50, rows: 12)
        #expect(terminal.screen.text.contains("Tab faces"))
        for number in 1...4 {
            terminal.type("我说第\(number)句[哈哈]" + Self.enter)
            #expect(terminal.waitFor("│ 我说第\(number)句😃 │"))
            inbox.write("reply \(number) [心]\n")
            #expect(terminal.waitFor("│ reply \(number) ❤️ │"))
        }
        // More than the screen holds: the first ones are in the scrollback, in order.
        #expect(terminal.screen.scrollback.contains { $0.contains("我说第1句😃") })
        let said = terminal.screen.history.filter { $0.contains("│ 我说第") || $0.contains("│ reply") }
        #expect(said.count == 8)
        #expect(said.first?.contains("我说第1句") == true && said.last?.contains("reply 4") == true)
        // Ctrl-Z gives the terminal back and takes it again: the bubbles stay, the input is drawn once.
        terminal.type(Self.ctrlZ)
        #expect(terminal.wait { _ in String(decoding: terminal.drawn, as: UTF8.self).components(separatedBy: "\u{1B}[?2004h").count >= 3 })
        #expect(terminal.waitFor("Tab faces"))
        #expect(terminal.screen.history.filter { $0.contains("│ reply") }.count == 4)
        #expect(terminal.screen.lines.filter { $0.hasPrefix("> Message") }.count == 1)
        terminal.type(Self.ctrlD)
        #expect(terminal.exitStatus() == 0)
        let history = terminal.screen.history
        #expect(history.filter { $0.contains("│ 我说第") || $0.contains("│ reply") } == said)
        #expect(!history.contains { $0.contains("Tab faces") || $0.hasPrefix("> ") }, "\(terminal.screen.lines)")
        // The last bubble's frame is on the screen, the rows below it are empty: the shell's prompt comes there.
        let last = try #require(terminal.screen.lines.lastIndex { !$0.isEmpty })
        #expect(terminal.screen.lines[last].hasPrefix("╰"))
        #expect(terminal.screen.row == last + 1 && terminal.screen.column == 0)
        #expect(terminal.screen.overflows.isEmpty)
    }

    /// Full screen, the chat is on the alternate screen and the main one is left as it was.
    @Test func fullScreenLeavesTheMainScreenAsItWas() throws {
        let terminal = try PseudoTerminal(["compose", "--fullscreen"], columns: 40, rows: 10)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("hello" + Self.enter)
        #expect(terminal.waitFor("│ hello │"))
        terminal.type(Self.ctrlD)
        #expect(terminal.exitStatus() == 0)
        #expect(!terminal.screen.alternate)
        let history = terminal.screen.history
        #expect(!history.contains { !$0.isEmpty }, "\(history)")
    }

    /// Two people over two FIFOs, each side started first in turn: the first waits, saying so,
    /// then each one's message is the other's bubble, faces shown.
    @Test(arguments: [true, false])
    func twoPeopleChatOverFIFOs(firstStartsFirst: Bool) throws {
        let folder = TemporaryFolder()
        let a = folder.url.appendingPathComponent("a").path, b = folder.url.appendingPathComponent("b").path
        #expect(mkfifo(a, 0o600) == 0 && mkfifo(b, 0o600) == 0)
        let arguments = (first: ["compose", "--incoming", a, "--out", b], second: ["compose", "--incoming", b, "--out", a])
        let early = try PseudoTerminal(firstStartsFirst ? arguments.first : arguments.second, columns: 60, rows: 14)
        #expect(early.waitFor("waiting for the other side…"))
        #expect(early.waitFor("Tab faces"))
        // A message before the other side is there stays in the input.
        early.type("还在吗" + Self.enter)
        #expect(early.waitFor("not sent: the other side is not there yet"))
        #expect(early.screen.text.contains("> 还在吗"))
        let late = try PseudoTerminal(firstStartsFirst ? arguments.second : arguments.first, columns: 60, rows: 14)
        #expect(late.waitFor("Tab faces"))
        #expect(!late.screen.text.contains("waiting for the other side"))
        #expect(early.wait { !$0.text.contains("waiting for the other side") })
        let (one, two) = firstStartsFirst ? (early, late) : (late, early)
        early.type("\u{15}")
        #expect(early.wait { !$0.text.contains("> 还在吗") })
        one.type("你好[哈哈]" + Self.enter)
        #expect(one.waitFor("│ 你好😃 │"))
        #expect(two.waitFor("│ 你好😃 │"))
        two.type("hi [心] back" + Self.enter)
        #expect(one.waitFor("│ hi ❤️ back │"))
        // Each bubble on its side: one's own on the right, the other's on the left.
        #expect(one.screen.lines.contains { $0.hasPrefix("│ hi ❤️ back │") })
        #expect(two.wait { $0.lines.contains { $0.hasPrefix("│ 你好😃 │") } })
        #expect(two.wait { $0.lines.contains { $0.hasSuffix("│ hi ❤️ back │") && !$0.hasPrefix("│") } }, "\(two.screen.lines)")
        // One leaves: the other waits for it again.
        one.type(Self.ctrlD)
        #expect(one.exitStatus() == 0)
        #expect(two.waitFor("waiting for the other side…"))
        two.type(Self.ctrlD)
        #expect(two.exitStatus() == 0)
    }

    /// The status row: the last row drawn.
    static func status(_ screen: TerminalScreen) -> String { screen.lines.last { !$0.isEmpty } ?? "" }

    /// At 30 columns: the key to quit shows, faces without an emoji are names, one 👍,
    /// Down on the recent page chooses a face or ⌫, never nothing.
    @Test func thePanelReadsWellAtThirtyColumns() throws {
        let folder = TemporaryFolder()
        let history = folder.url.appendingPathComponent("recent").path
        try "facetext-recent 1\n[心]\t1764633600\t2\n[哈哈]\t1764633500\t1\n".write(toFile: history, atomically: false, encoding: .utf8)
        let terminal = try PseudoTerminal(["compose", "--history", history], columns: 30, rows: 14, environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Ctrl-D quit"))
        #expect(terminal.screen.lines.contains("Tab faces · Ctrl-D quit") || terminal.screen.lines.contains("Tab faces · Enter send · Ctrl-D quit"))
        terminal.type(Self.tab)
        #expect(terminal.waitFor("Recent faces"))
        #expect(terminal.wait { Self.status($0).hasPrefix("[心] ❤️") && Self.status($0).hasSuffix("D quit") }, "\(terminal.screen.lines)")
        terminal.type(Self.down)
        #expect(terminal.wait { Self.status($0).hasPrefix("⌫ delete") }, "\(terminal.screen.lines)")
        // The catalog's page: names underlined, each look once.
        terminal.type("\u{1B}[6~")
        #expect(terminal.waitFor("最右"))
        let drawn = String(decoding: terminal.drawn, as: UTF8.self)
        #expect(drawn.contains("\u{1B}[4m挖鼻") || drawn.contains("\u{1B}[7m挖鼻"))
        terminal.type("good")
        #expect(terminal.waitFor("Search: good"))
        #expect(terminal.wait { screen in
                    let status = Self.status(screen)
                    return status.hasPrefix("[good] 👍") && screen.lines.filter { $0 != status }.joined().components(separatedBy: "👍").count == 2
                },
                "\(terminal.screen.lines)")
        #expect(terminal.screen.overflows.isEmpty)
        terminal.type("\u{1B}" + Self.ctrlD)
        #expect(terminal.exitStatus() == 0)
    }

    /// The input wraps by words as the bubbles do; Alt-E shows its faces as emoji, and the tags are sent.
    @Test func theInputWrapsByWordsAndShowsFacesAsEmojiOnAltE() throws {
        let terminal = try PseudoTerminal(["compose"], columns: 24, rows: 12)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("some text for wrapping words[哈哈]")
        #expect(terminal.waitFor("> some text for"))
        #expect(terminal.screen.lines.contains("  wrapping words[哈哈]"), "\(terminal.screen.lines)")
        terminal.type(Self.altE)
        #expect(terminal.waitFor("  wrapping words😃"))
        terminal.type(Self.enter)
        #expect(terminal.wait { _ in terminal.sent() == "some text for wrapping words[哈哈]\n" })
        #expect(terminal.screen.overflows.isEmpty)
        terminal.type(Self.ctrlD)
        #expect(terminal.exitStatus() == 0)
    }
}
