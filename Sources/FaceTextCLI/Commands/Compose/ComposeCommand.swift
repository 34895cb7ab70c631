import FaceText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `facetext compose`: the chat keyboard in a terminal.
enum ComposeCommand {
    static let spec = CommandSpec(
        name: "compose",
        abstract: "Type chat messages with faces in the terminal and send them, one line each.",
        discussion: """
        compose is a chat page in the terminal: the messages as bubbles (yours on the right, faces shown as emoji), an input bar that grows as the text wraps and then scrolls, and a status row with the keys. Inline (the default) the bubbles are printed above the input as the chat goes on, into the terminal's scrollback, and stay there when compose leaves, which clears only its own rows; the input, the face panel and the status row take at most --height rows. With --fullscreen the page is the whole screen (the alternate screen), and the main screen is left as it was. compose reads keys from the terminal (/dev/tty) even when standard input and output are pipes; without a terminal it is a usage error.
        Typing: text, pasted text (a pasted line break stays in the message), Alt-Enter or Ctrl-J for a line break. The input wraps as the bubbles do (words whole, faces never cut). ←/→ move by whole faces and characters, Backspace and Delete delete a whole tag or emoji, Home/End (Ctrl-A/Ctrl-E) go to the start or end of the line, Ctrl-U and Ctrl-K delete to its start or end, Ctrl-W deletes the word before the cursor. Alt-E shows the faces in the input as their emoji, or as their tags again (--input-faces sets how it starts); what is sent is the tags either way.
        Faces: Tab opens the face panel under the input: pages of faces, the first one your recent faces, each page ending in a ⌫ key, with a page row (● ○ ○). Faces that look the same (one emoji) are one cell; a face without an emoji shows its name, underlined, and its whole tag on the status row when chosen. Arrows choose, PgUp/PgDn or ←/→ at an edge turn pages, Enter inserts the face's tag (its emoji with --insert emoji) or deletes with ⌫; typing searches faces by tag, name, pinyin or English; Esc or Tab closes it.
        Enter sends the message unless it is only white space: it is written as one line (its line breaks as U+2028 LINE SEPARATOR) to --out, or to standard output when that is not the terminal, at once; it appears as your bubble and its faces go into your recent faces (the history of 'facetext recent'). If the write fails, the status row says why and the message stays in the input. --incoming follows a file or FIFO as tail -f does and shows each new line as the other person's bubble.
        Two people: with FIFOs (mkfifo a b), one runs 'facetext compose --incoming a --out b' and the other 'facetext compose --incoming b --out a', in either order. A FIFO given to --out is opened without waiting: until the other side is there the status row says "waiting for the other side…" and a message cannot be sent (it stays in the input); when the other side leaves, compose waits for it again.
        Ctrl-D on an empty input leaves (exit 0); Ctrl-C leaves with status 130. Ctrl-Z suspends; the terminal is always put back as it was, also on SIGTERM and SIGHUP. Colour unless NO_COLOR is set.
        """,
        arguments: "",
        argumentHelp: [],
        options: [
            OptionSpec(long: "fullscreen", valueName: nil, help: "Draw on the whole screen (the alternate screen) rather than below the chat's bubbles."),
            OptionSpec(long: "height", valueName: "rows", help: "The most rows the input, face panel and status row take without --fullscreen, 3 to 1000 (at most the terminal's).",
                       defaultValue: "15"),
            OptionSpec(long: "placeholder", valueName: "text", help: "What the empty input shows.",
                       defaultValue: "Message"),
            OptionSpec(long: "insert", valueName: "form", help: "How the panel inserts a face: its tag, or its emoji when it has one.",
                       allowedValues: ["tag", "emoji"], defaultValue: "tag"),
            OptionSpec(long: "input-faces", valueName: "form", help: "How the input shows faces at the start: as tags, or as their emoji (Alt-E switches).",
                       allowedValues: ["tags", "emoji"], defaultValue: "tags"),
            OptionSpec(long: "out", short: "o", valueName: "file", help: "Append each sent message to this file (created if need be), or write it to this FIFO once the other side reads it.",
                       completion: .files),
            OptionSpec(long: "render", short: "r", valueName: nil, help: "Write sent messages with their faces as emoji rather than tags."),
            OptionSpec(long: "incoming", valueName: "file", help: "Show each line added to this file or FIFO as a message from the other person.",
                       completion: .files),
            OptionSpec(long: "history", valueName: "file", help: "The recent faces file (overrides FACETEXT_HISTORY).", completion: .files),
        ],
        examples: [
            ("facetext compose", "Type messages; the bubbles stay in the terminal"),
            ("facetext compose | my-sender", "Send each message to another program as a line"),
            ("mkfifo a b; facetext compose --incoming a --out b", "One side of a chat; the other runs --incoming b --out a"),
            ("facetext compose --render --insert emoji > messages.txt", "Messages with emoji, never tags"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        if let extra = invocation.arguments.first {
            throw UsageError(.other("unexpected argument '\(extra)'."), command: spec)
        }
        let height = try invocation.integer("height", in: 3...1000, command: spec) ?? 15
        var options = Composer.Options()
        options.placeholder = invocation.value("placeholder") ?? "Message"
        options.insertsEmoji = invocation.value("insert") == "emoji"
        options.showsFacesAsEmoji = invocation.value("input-faces") == "emoji"
        options.messagesAbove = !invocation.flag("fullscreen")
        guard let terminal = Terminal() else {
            throw UsageError(.other("compose needs a terminal to read keys from and draw on, and there is none (no /dev/tty)."), command: spec)
        }
        let output = try Self.output(invocation, context)
        let incoming = try Self.incoming(invocation)
        let (history, historyFile) = try Self.history(invocation, context)
        let composer = Composer(catalog: context.catalog, history: history, options: options, width: 80, height: height)
        let colour = (context.environment["NO_COLOR"] ?? "").isEmpty
        let driver = ComposeDriver(terminal: terminal, composer: composer,
                                     painter: ScreenPainter(fullscreen: invocation.flag("fullscreen"), colour: colour),
                                     output: output, renders: invocation.flag("render"), incoming: incoming,
                                     history: historyFile, heightLimit: height, now: context.now)
        let status = driver.run()
        // Uses a held lock kept back: one more try, with the terminal given back, then a warning.
        let count = driver.pendingUses.reduce(0) { $0 + $1.uses.reduce(0) { $0 + $1.count } }
        if let failure = driver.saveUses(waiting: 1_000) {
            context.warning("\(count) use\(count == 1 ? "" : "s") of recent faces not saved: \(failure)")
        }
        return status
    }
}
