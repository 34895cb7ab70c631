import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `facetext compose` on a real pseudo-terminal: typing, picking, deleting,
/// pasting, resizing and sending, what was sent, and the terminal as it was
/// on every way out.
@Suite(.serialized) struct ComposeTerminalTests {
    static let enter = "\r", tab = "\t", escape = "\u{1B}", backspace = "\u{7F}", right = "\u{1B}[C"

    /// The settings that raw mode changes.
    static func saneSettings(_ settings: termios) -> [UInt32] {
        [settings.c_lflag & UInt32(ICANON | ECHO | ISIG), settings.c_iflag & UInt32(ICRNL), settings.c_oflag & UInt32(OPOST)]
    }

    /// What ``saneSettings(_:)`` gives for a new pseudo-terminal: cooked, as compose must leave it.
    /// (Not read from the terminal once compose runs: it may have made it raw already.)
    static let cooked: [UInt32] = [UInt32(ICANON | ECHO | ISIG), UInt32(ICRNL), UInt32(OPOST)]

    @Test func typePickDeleteAndSend() throws {
        let folder = TemporaryFolder()
        let environment = ["XDG_STATE_HOME": folder.url.path]
        let terminal = try PseudoTerminal(["compose"], columns: 80, rows: 24, environment: environment)
        let before = Self.cooked
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("今天好开心")
        #expect(terminal.waitFor("> 今天好开心"))
        terminal.type(Self.tab)
        #expect(terminal.waitFor("● ○"))
        terminal.type("haha")
        #expect(terminal.waitFor("Search: haha"))
        terminal.type(Self.enter + Self.escape)
        #expect(terminal.wait { $0.text.contains("> 今天好开心[哈哈]") && !$0.text.contains("● ○") })
        terminal.type("[心]" + Self.backspace + "!")
        #expect(terminal.waitFor("> 今天好开心[哈哈]!"))
        terminal.type(Self.enter)
        #expect(terminal.wait { $0.text.contains("│ 今天好开心😃! │") && $0.text.contains("> Message") })
        // Sent on standard output (a pipe here), one line.
        #expect(terminal.wait { _ in terminal.sent() == "今天好开心[哈哈]!\n" })
        // The bubble stands at the right edge.
        #expect(terminal.screen.lines.contains { $0.hasSuffix("│ 今天好开心😃! │") && $0.count >= 70 })
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
        #expect(Self.saneSettings(terminal.settings()) == before)
        #expect(!terminal.screen.bracketedPaste && terminal.screen.cursorVisible)
        #expect(!terminal.screen.text.contains("Tab faces"))          // its rows cleared
        // The face went into the recent faces.
        let recent = try String(contentsOf: folder.url.appendingPathComponent("facetext/recent"), encoding: .utf8)
        #expect(recent.contains("[哈哈]\t"))
        #expect(terminal.screen.overflows.isEmpty)
    }

    @Test func aPastedLineBreakDoesNotSendAndAltEnterBreaksALine() throws {
        let terminal = try PseudoTerminal(["compose", "--fullscreen"], columns: 60, rows: 16)
        #expect(terminal.waitFor("Tab faces"))
        #expect(terminal.screen.bracketedPaste && terminal.screen.alternate)
        terminal.type("\u{1B}[200~first line\rsecond[心]\u{1B}[201~")
        #expect(terminal.waitFor("  second[心]"))
        #expect(terminal.sent().isEmpty)
        terminal.type("\u{1B}\rthird" + Self.enter)
        #expect(terminal.wait { _ in terminal.sent() == "first line\u{2028}second[心]\u{2028}third\n" })
        #expect(terminal.waitFor("│ second❤️"))
        terminal.type("\u{03}")
        #expect(terminal.exitStatus() == 130)
        #expect(!terminal.screen.alternate)
    }

    @Test func aFailedWriteKeepsTheMessage() throws {
        let terminal = try PseudoTerminal(["compose", "--out", "/dev/full"], columns: 50, rows: 10)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("不要丢[哈哈]" + Self.enter)
        #expect(terminal.waitFor("not sent: "))
        #expect(terminal.screen.text.contains("> 不要丢[哈哈]"))
        terminal.type("\u{15}\u{04}")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func resizingRedrawsAtTheNewSizeAndNoWideFaceStraddlesTheEdge() throws {
        let terminal = try PseudoTerminal(["compose", "--fullscreen"], columns: 80, rows: 24)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("好开心[哈哈][心]😀 a message long enough to wrap" + Self.enter)
        #expect(terminal.waitFor("│ 好开心😃❤️😀 a message long enough to wrap │"))
        terminal.resize(columns: 20, rows: 12)
        // Redrawn at the new width: the bubble ends at the right edge of 20 columns.
        #expect(terminal.wait { $0.lines.contains { $0.hasSuffix("╮") && $0.count == 20 && $0.hasPrefix("     ") } },
                "\(terminal.screen.lines)")
        terminal.type("一二三四五六七八九十[哈哈]😀")
        terminal.type(Self.tab)
        #expect(terminal.waitFor("page 1/"))
        #expect(terminal.screen.overflows.isEmpty, "\(terminal.screen.overflows)")
        #expect(terminal.screen.lines.allSatisfy { $0.count <= 20 })
        kill(terminal.pid, SIGHUP)
        #expect(terminal.exitStatus() == 129)
        #expect(!terminal.screen.alternate)
    }

    /// Ended by a signal in every state, the terminal is as it was.
    @Test(arguments: [(SIGTERM, "typing"), (SIGHUP, "panel"), (SIGTERM, "search"), (SIGINT, "sent")])
    func signalsPutTheTerminalBack(signal: Int32, state: String) throws {
        let terminal = try PseudoTerminal(["compose"], columns: 40, rows: 12, stdoutIsTerminal: true)
        let before = Self.cooked
        #expect(terminal.waitFor("Tab faces"))
        switch state {
        case "typing": terminal.type("半句话")
        case "panel": terminal.type(Self.tab)
        case "search": terminal.type(Self.tab + "xin")
        default: terminal.type("ok" + Self.enter)
        }
        terminal.pump(milliseconds: 300)
        #expect(Self.saneSettings(terminal.settings()) != before)       // raw mode while it runs
        kill(terminal.pid, signal)
        #expect(terminal.exitStatus() == 128 + signal)
        #expect(Self.saneSettings(terminal.settings()) == before)
        #expect(terminal.screen.cursorVisible && !terminal.screen.bracketedPaste)
    }

    @Test func incomingLinesAreTheOtherSidesBubbles() throws {
        let inbox = Inbox()
        let terminal = try inbox.compose(columns: 60, rows: 14)
        #expect(terminal.screen.text.contains("Tab faces"))
        inbox.write("你好[心]\nsecond\n")
        #expect(terminal.wait { $0.lines.contains("│ 你好❤️ │") && $0.lines.contains("│ second │") })
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
    }

    /// A regular file is followed from its end, as `tail -f` does.
    @Test func aFollowedFileShowsTheLinesAddedToIt() throws {
        let folder = TemporaryFolder()
        let inbox = folder.url.appendingPathComponent("inbox.txt").path
        _ = FileManager.default.createFile(atPath: inbox, contents: Data("old line\n".utf8))
        let terminal = try PseudoTerminal(["compose", "--incoming", inbox], columns: 60, rows: 14)
        #expect(terminal.waitFor("Tab faces"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: inbox))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("new [哈哈]\n".utf8))
        try handle.close()
        #expect(terminal.waitFor("│ new 😃 │"))
        #expect(!terminal.screen.text.contains("old line"))
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
    }

    @Test func withoutATerminalItIsAUsageError() throws {
        let result = try BinaryRunner.run(["--default-signal=PIPE", "setsid", "-w", BinaryRunner.binary.path, "compose"],
                                          executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("compose needs a terminal"))
    }

    /// The bubble on the screen is `wrap --bubble`'s for the sent line, and with --render
    /// the line sent is `render`'s; keys come from the terminal with standard input elsewhere.
    @Test func theSameBubblesAndBytesAsWrapAndRender() throws {
        let message = "今天好开心[哈哈][心]，我们去公园玩吧！a few English words too"
        let terminal = try PseudoTerminal(["compose", "--render", "--fullscreen"], columns: 40, rows: 20, stdinIsTerminal: false,
                                          environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Tab faces"))
        terminal.type(message + Self.enter)
        let rendered = try BinaryRunner.run(["render"], stdin: Data((message + "\n").utf8)).text
        #expect(terminal.wait { _ in terminal.sent() == rendered })
        let bubble = try BinaryRunner.run(["wrap", "--bubble", "--render", "--align", "right", "-w", "40"],
                                          stdin: Data((message + "\n").utf8)).text
        let rows = bubble.split(separator: "\n").map(String.init)
        #expect(rows.count >= 4)
        #expect(terminal.wait { screen in
            guard let top = screen.lines.firstIndex(of: rows[0]), top + rows.count <= screen.lines.count else { return false }
            return Array(screen.lines[top..<top + rows.count]) == rows
        }, "\(terminal.screen.lines)")
        // A message of several lines: sent with its line breaks as U+2028, which wrap breaks at too.
        terminal.type("第一行[心]" + Self.escape + Self.enter + "the second line, longer than a bubble is wide"
                      + Self.escape + Self.enter + Self.escape + Self.enter + "四" + Self.enter)
        let sentLine = "第一行❤️\u{2028}the second line, longer than a bubble is wide\u{2028}\u{2028}四\n"
        #expect(terminal.wait { _ in terminal.sent() == rendered + sentLine })
        let second = try BinaryRunner.run(["wrap", "--bubble", "--align", "right", "-w", "40"], stdin: Data(sentLine.utf8)).text
        let secondRows = second.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(secondRows.count == 7)   // the frame, the first line, the second in two rows, an empty one, the last
        #expect(terminal.wait { screen in
            guard let top = screen.lines.lastIndex(of: secondRows[0]), top + secondRows.count <= screen.lines.count else { return false }
            return Array(screen.lines[top..<top + secondRows.count]) == secondRows
        }, "\(terminal.screen.lines) \(secondRows)")
        // NO_COLOR: no colour, the chosen face still shown in reverse video.
        terminal.type(Self.tab)
        #expect(terminal.waitFor("● ○"))
        let drawn = String(decoding: terminal.drawn, as: UTF8.self)
        #expect(!drawn.contains("\u{1B}[32m") && !drawn.contains("\u{1B}[90m") && drawn.contains("\u{1B}[7m"))
        terminal.type("\u{03}")
        #expect(terminal.exitStatus() == 130)
    }

    @Test func colourUnlessNoColor() throws {
        let terminal = try PseudoTerminal(["compose"], columns: 40, rows: 10)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("hi" + Self.enter)
        #expect(terminal.waitFor("│ hi │"))
        let drawn = String(decoding: terminal.drawn, as: UTF8.self)
        #expect(drawn.contains("\u{1B}[32m╭") && drawn.contains("\u{1B}[90m"))
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
    }

    /// Ctrl-Z gives the terminal back and takes it again (here, started by setsid with no shell's
    /// job control, the kernel does not stop it): nothing typed is lost, even while the terminal
    /// changes hands, and a resize loses nothing either.
    @Test func suspendingAndResizingLoseNothingTyped() throws {
        let terminal = try PseudoTerminal(["compose"], columns: 60, rows: 12)
        let cooked = Self.cooked
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("还没写完")
        #expect(terminal.waitFor("> 还没写完"))
        for digit in 0..<5 {
            terminal.type("\u{1A}")
            terminal.type("\(digit)")          // typed while the terminal is given back and taken again
            // Taken again (bracketed paste back on) before the next Ctrl-Z: one typed while the terminal
            // is cooked would be the terminal's own signal key, which flushes what was typed before it.
            #expect(terminal.wait { _ in
                String(decoding: terminal.drawn, as: UTF8.self).components(separatedBy: "\u{1B}[?2004h").count >= digit + 3
            })
        }
        terminal.resize(columns: 30, rows: 12)
        terminal.type("的话")
        #expect(terminal.waitFor("> 还没写完01234的话"), "\(terminal.screen.lines)")
        #expect(Self.saneSettings(terminal.settings()) != cooked)    // raw again
        terminal.type(Self.enter)
        #expect(terminal.wait { _ in terminal.sent() == "还没写完01234的话\n" })
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
    }

    /// A file that cannot be followed or written is a failure named on the terminal, before any drawing.
    @Test(arguments: [(["--incoming", "/nonexistent/inbox"], "cannot follow '/nonexistent/inbox'"),
                      (["--out", "/nonexistent/outbox"], "cannot open '/nonexistent/outbox'")])
    func filesThatCannotBeUsedAreFailures(arguments: [String], message: String) throws {
        let terminal = try PseudoTerminal(["compose"] + arguments, columns: 80, rows: 10)
        #expect(terminal.exitStatus() == 1)
        #expect(terminal.screen.text.contains("facetext: error: " + message))
        #expect(!terminal.screen.text.contains("Tab faces"))
    }
}
