import FaceText

/// `facetext wrap`: lines wrapped to a display width, never cutting a face; as chat bubbles, or sizes in JSON.
enum WrapCommand {
    static let spec = CommandSpec(
        name: "wrap",
        abstract: "Wrap lines to a display width without cutting a face; draw messages as chat bubbles.",
        discussion: """
        Every line is wrapped to --width columns as a terminal shows them: CJK and emoji 2 columns, combining marks 0, a byte that is not UTF-8 1, a tab to the next multiple of 8. A catalog tag is one unit that is never cut, and breaks as the picture it stands for (as an ideograph); so is a grapheme cluster (an emoji sequence, a flag, a letter with its accents), and a bracketed tag the catalog does not have, [抱抱] or 【图片】 around 1 to 16 characters with no bracket or line break (another app's faces, never cut). A unit wider than the width stands on a line of its own, over-long. A line ends at every mandatory break: a line feed, and VT, FF, NEL, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (compose sends line breaks as U+2028); the break stays, followed by a line feed unless a line ending follows it already (in --json lines and bubbles it ends a row and is not shown). A lone CR is no break.
        --break line (the default) breaks where Unicode's line breaking algorithm (UAX #14) allows: words stay whole, CJK breaks between ideographs, and no line starts with closing punctuation such as 。，」！. A word wider than the whole width is broken between its characters, still not before closing punctuation (and after an opening mark only when no other place is left). --break char breaks between any two grapheme clusters, as a chat bubble wrapped by character does. Every column counts, spaces too: a space that does not fit starts the next line, as with fold -s.
        With --format (a chat log's message format; see 'facetext help stats'), each message is one: its first row the sender and time (小明 · 2024-05-01 20:02), its lines after it in the same bubble, the blank lines that end it left out; --me NAME puts that sender's messages on the right.
        Without --render or --bubble, wrap only inserts line feeds: every other byte, invalid UTF-8 included, comes through in order, and each line keeps its own ending. Each input line is one message for --bubble and --json. Output streams, in flat memory, whatever the length of a line.
        """,
        options: [
            OptionSpec(long: "width", short: "w", valueName: "n",
                       help: "Columns per line, 1 to 1000000; with --bubble, the width of the page.",
                       defaultValue: "the terminal's width when standard output is a terminal, else 80"),
            OptionSpec(long: "break", short: "b", valueName: "mode", help: "Where a line may break.",
                       allowedValues: TextWrapper.Breaking.allCases.map(\.rawValue), defaultValue: "line"),
            OptionSpec(long: "render", short: "r", valueName: nil,
                       help: "Show faces as their emoji (a face without one keeps its tag), measured as such."),
            OptionSpec(long: "bubble", valueName: nil,
                       help: "Draw each message in a frame with rounded corners and a column of padding, at most three quarters of the page wide; coloured when standard output is a terminal, unless NO_COLOR is set."),
            OptionSpec(long: "align", valueName: "side",
                       help: "Where bubbles stand on the page: alternate puts the first message left, the next right, and so on. Needs --bubble or --json.",
                       allowedValues: ["left", "right", "alternate"], defaultValue: "left"),
            OptionSpec(long: "me", valueName: "prefix",
                       help: "Put the messages whose line starts with this text (a sender's name, say) on the right, the others on the left; with --format, the messages this sender sent. Needs --bubble or --json."),
            OptionSpec(long: "json", valueName: nil,
                       help: "Print a JSON object per message: line (its line number), lines (the wrapped lines; invalid UTF-8 as U+FFFD), width (of the widest) and height (how many), in columns and rows; with --bubble or a side, the side, and with --bubble the bubble's column, width and height."),
            MessageInput.formatOption,
            MessageInput.showFormatOption,
        ],
        examples: [
            ("printf '今天好开心[哈哈][心]，你呢？\\n' | facetext wrap -w 12", "Prints 今天好开心, [哈哈][心]， and 你呢？ on three lines"),
            ("facetext wrap --break char -w 40 chat.log", "Break between any two characters, as a chat bubble does"),
            ("facetext wrap --bubble --render --align alternate -w 60 chat.log", "A conversation as bubbles, left and right"),
            ("facetext wrap --bubble --me '我:' chat.log", "My messages on the right"),
            ("facetext wrap --bubble --format qq --me 我 聊天记录.txt", "A QQ export as bubbles: a message of several lines in one bubble, sender and time on its first row"),
            ("facetext wrap --json -w 20 messages.txt", "The size of each message's bubble text, for tests"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let defaultWidth = context.isTerminal ? context.terminalWidth ?? 80 : 80
        let pageWidth = try invocation.integer("width", in: TerminalSize.widths, command: spec) ?? defaultWidth
        let bubble = invocation.flag("bubble"), json = invocation.flag("json")
        if invocation.flag("align") && invocation.flag("me") {
            throw UsageError(.conflict("use either '--align' or '--me', not both."), command: spec)
        }
        for option in ["align", "me"] where invocation.flag(option) && !bubble && !json {
            throw UsageError(.conflict("'--\(option)' places bubbles: give '--bubble' or '--json' too."), command: spec)
        }
        let messages = MessageInput(invocation)
        var sides: MessageSides?
        if let prefix = invocation.value("me") {
            sides = messages.format == .lines ? .me(Array(prefix.utf8)) : .sender(Array(prefix.utf8))
        } else if let align = invocation.value("align") {
            sides = align == "right" ? .right : align == "alternate" ? .alternate : .left
        } else if bubble {
            sides = .left
        }
        let breaking = TextWrapper.Breaking(rawValue: invocation.value("break") ?? "line") ?? .line
        let layout = ChatBubble(pageWidth: pageWidth, catalog: context.catalog, breaking: breaking)
        let wrapper = bubble ? layout.wrapper : TextWrapper(width: pageWidth, catalog: context.catalog, breaking: breaking)
        let colour = context.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
        let paced = PacedOutput(context, capacity: InputFiles.chunkSize + InputFiles.chunkSize / 2)
        let out = paced.buffer
        let output: Output
        if json {
            output = .json(JSONMessages(out: out, sides: sides, layout: bubble ? layout : nil))
        } else if bubble {
            output = .bubbles(BubbleMessages(out: out, sides: sides ?? .left, layout: layout, colour: colour))
        } else {
            output = .plain
        }
        return try stream(invocation, messages, wrapper: wrapper, output: output, paced: paced, context)
    }
}
