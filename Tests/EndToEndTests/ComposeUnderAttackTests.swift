import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `facetext compose` on a real pseudo-terminal against what could freeze it
/// or garble the screen: a held history lock, a FIFO for a history, a paste
/// that never ends, a flood of incoming lines, signals of every kind, and
/// text that terminals draw wider than it is counted.
@Suite(.serialized) struct ComposeUnderAttackTests {
    static let enter = "\r"

    /// Holds `path`'s lock (as another process would: `flock` locks are per open file) until closed.
    final class HeldLock {
        private var descriptor: Int32
        init(_ path: String) {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            _ = flock(descriptor, LOCK_EX)
        }
        func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
        deinit { release() }
    }

    @Test func aHeldLockNeitherFreezesTheScreenNorLosesSignals() throws {
        let folder = TemporaryFolder()
        let history = folder.url.appendingPathComponent("recent").path
        let holder = HeldLock(history + ".lock")
        defer { holder.release() }
        let terminal = try PseudoTerminal(["compose", "--history", history], columns: 80, rows: 16)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("[心]" + Self.enter)
        #expect(terminal.waitFor("kept for later", seconds: 5))
        // Still answering keys while the lock is held.
        terminal.type("more")
        #expect(terminal.waitFor("> more", seconds: 2))
        kill(terminal.pid, SIGTERM)
        #expect(terminal.exitStatus(seconds: 5) == 128 + SIGTERM)
        #expect(terminal.waitFor("1 use of recent faces not saved", seconds: 3))
    }

    @Test func usesKeptForALaterLockAreSavedOnceItIsFree() throws {
        let folder = TemporaryFolder()
        let history = folder.url.appendingPathComponent("recent").path
        let holder = HeldLock(history + ".lock")
        let terminal = try PseudoTerminal(["compose", "--history", history], columns: 80, rows: 16)
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("[心]" + Self.enter)
        #expect(terminal.waitFor("kept for later", seconds: 5))
        holder.release()
        terminal.type("[赞]" + Self.enter)
        terminal.pump(milliseconds: 300)
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("[心]\t") && saved.contains("[赞]\t"), "\(saved)")
    }

    @Test func aFIFOForAHistoryIsRefusedAtOnce() throws {
        let folder = TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("recent").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let terminal = try PseudoTerminal(["compose", "--history", fifo], columns: 200, rows: 16)
        #expect(terminal.exitStatus(seconds: 5) == 1)
        #expect(terminal.waitFor("is a FIFO, not a regular file", seconds: 2))
    }

    /// A paste whose end marker never comes ends at a control key, or after a second without bytes.
    @Test func aPasteThatNeverEndsStillLetsThePersonLeaveAndSend() throws {
        let first = try PseudoTerminal(["compose"], columns: 60, rows: 12)
        #expect(first.waitFor("Tab faces"))
        first.type("\u{1B}[200~half a paste")
        #expect(first.waitFor("> half a paste"))
        first.type("\u{03}")
        #expect(first.exitStatus(seconds: 5) == 130)

        let second = try PseudoTerminal(["compose"], columns: 60, rows: 12)
        #expect(second.waitFor("Tab faces"))
        second.type("\u{1B}[200~pasted")
        #expect(second.waitFor("> pasted"))
        second.pump(milliseconds: 1_500)
        second.type("!" + Self.enter)
        #expect(second.wait(seconds: 5) { _ in second.sent() == "pasted!\n" }, "\(second.sent())")
        second.type("\u{04}")
        #expect(second.exitStatus() == 0)
    }

    /// Keys are answered while incoming lines never stop (once, each loop took a thousand lines first).
    @Test func keysAreAnsweredUnderAFloodOfIncomingLines() throws {
        let terminal = try PseudoTerminal(["compose", "--incoming", "/dev/zero"], columns: 60, rows: 12)
        #expect(terminal.waitFor("Tab faces"))
        terminal.pump(milliseconds: 500)
        let start = Date()
        terminal.type("\u{04}")
        #expect(terminal.exitStatus(seconds: 10) == 0)
        #expect(Date().timeIntervalSince(start) < 3, "\(Date().timeIntervalSince(start)) s")
    }

    /// Every signal that would end the process puts the terminal back first.
    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, 40, SIGSEGV, SIGABRT])
    func everySignalThatEndsItPutsTheTerminalBack(signal: Int32) throws {
        let terminal = try PseudoTerminal(["compose", "--fullscreen"], columns: 40, rows: 12, stdoutIsTerminal: true)
        let before = ComposeTerminalTests.cooked
        #expect(terminal.waitFor("Tab faces"))
        terminal.type("半句话")
        terminal.pump(milliseconds: 300)
        #expect(ComposeTerminalTests.saneSettings(terminal.settings()) != before)
        kill(terminal.pid, signal)
        #expect(terminal.exitStatus() == 128 + signal)
        #expect(ComposeTerminalTests.saneSettings(terminal.settings()) == before)
        #expect(terminal.screen.cursorVisible && !terminal.screen.bracketedPaste && !terminal.screen.alternate && terminal.screen.autowrap)
    }

    /// Text a terminal draws wider than it is counted (measured here scalar by scalar, as
    /// `wcwidth` terminals do) never passes the right edge, so it cannot reach another row.
    @Test func textDrawnWiderThanCountedStaysInItsRows() throws {
        let inbox = Inbox()
        let terminal = try inbox.compose(columns: 60, rows: 14, scalarWidths: true)
        #expect(terminal.screen.text.contains("Tab faces"))
        let lines = "x" + String(repeating: "\u{1100}", count: 200) + "\n"
            + String(repeating: "क्ष", count: 45) + "\n"
            + String(repeating: "กำ", count: 50) + "\n"
            + String(repeating: "a\u{AD}", count: 40) + "\n" + "end\n"
        inbox.write(lines)
        #expect(terminal.waitFor("│ end │"))
        #expect(terminal.screen.overflows.isEmpty, "\(terminal.screen.overflows.prefix(5))")
        #expect(terminal.screen.lines.contains { $0.hasPrefix("> Message") }, "\(terminal.screen.lines)")
        #expect(!terminal.screen.autowrap)
        terminal.type("\u{04}")
        #expect(terminal.exitStatus() == 0)
        #expect(terminal.screen.autowrap)
        // Its own rows cleared; the bubbles stay.
        #expect(!terminal.screen.text.contains("Tab faces") && !terminal.screen.text.contains("> Message"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("│ end │"))
    }
}
