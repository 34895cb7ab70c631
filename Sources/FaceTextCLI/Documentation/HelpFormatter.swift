import FaceText

/// Renders help text in swift-argument-parser's layout: sections `OVERVIEW:`,
/// `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `EXAMPLES:`, labels indented 2 and
/// help starting at column 26, every line wrapped at `width` terminal columns
/// (the terminal's width, or 80 when the output is not a terminal).
struct HelpFormatter {
    static let labelColumn = 26
    /// The width when standard output is not a terminal.
    static let defaultWidth = 80

    var width: Int

    init(width: Int? = nil) {
        self.width = max(width ?? Self.defaultWidth, 50)
    }

    /// The tool's overview, shown by `facetext --help`.
    static let overview = "facetext turns chat-face tags such as [哈哈] into Unicode emoji or image references and back, as a streaming filter for shell pipelines; it also deletes whole faces like a chat keyboard's backspace, lays out face pickers, and finds and counts faces."

    /// Examples for the tool as a whole.
    static let toolExamples: [(command: String, comment: String)] = [
        ("printf '今天[哈哈]了[心]\\n' | facetext render", "Tags to emoji: prints 今天😃了❤️"),
        ("facetext tag chat.log", "Emoji back to tags"),
        ("facetext stats --top 10 chat.log", "The ten faces used most"),
        ("facetext --catalog wechat render wechat.log", "WeChat's faces and /::) codes"),
        ("facetext --catalog default --catalog weibo stats weibo.log", "Today's Weibo faces on top of the default ones"),
    ]

    func commandHelp(_ command: CommandSpec) -> String {
        var text = wrap("OVERVIEW: \(command.abstract)", indent: 0) + "\n\n"
        if !command.discussion.isEmpty { text += wrap(command.discussion, indent: 0) + "\n\n" }
        text += wrap("USAGE: \(command.usage)", indent: 0, hanging: 7) + "\n\n"
        if !command.argumentHelp.isEmpty {
            text += "ARGUMENTS:\n"
            for (label, help) in command.argumentHelp { text += row(label, help) }
            text += "\n"
        }
        if !command.actions.isEmpty {
            text += "ACTIONS:\n"
            for action in command.actions { text += row(action.label, action.help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in command.options { text += row(option.label, Self.optionHelp(option)) }
        text += examples(command.examples)
        return text
    }


    func toolHelp() -> String {
        var text = wrap("OVERVIEW: \(Self.overview)", indent: 0) + "\n\n"
        text += wrap("USAGE: \(CommandSpec.toolUsage)", indent: 0, hanging: 7) + "\n\n"
        text += "OPTIONS:\n"
        for option in CLI.toolSpec.options { text += row(option.label, Self.optionHelp(option)) }
        text += "\nCOMMANDS:\n"
        for command in CommandRegistry.all { text += row(command.name, command.abstract) }
        text += "\n" + wrap("See 'facetext help <command>' for detailed help, and 'man facetext' once installed.", indent: 2) + "\n"
        text += examples(Self.toolExamples)
        return text
    }

    private func examples(_ examples: [(command: String, comment: String)]) -> String {
        guard !examples.isEmpty else { return "" }
        var text = "\nEXAMPLES:\n"
        for (example, comment) in examples {
            // Every line of a comment starts with '#', so that the example and its comment can be pasted into a shell.
            if !comment.isEmpty {
                text += wrap(comment, indent: 4).split(separator: "\n").map { "  # " + $0.dropFirst(4) }.joined(separator: "\n") + "\n"
            }
            text += "  \(example)\n"       // a command line is never wrapped: it is meant to be copied
        }
        return text
    }

    /// An option's help with its allowed values, default and repeatability.
    static func optionHelp(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if let values = option.allowedValues { notes.append("values: " + values.joined(separator: ", ")) }
        if let value = option.defaultValue { notes.append("default: \(value)") }
        if option.repeatable { notes.append("repeatable") }
        return notes.isEmpty ? option.help : "\(option.help) (\(notes.joined(separator: "; ")))"
    }

    /// One `  label   help` row, the help wrapped at column 26.
    func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        let lines = Self.wrapLines(help, width: width - Self.labelColumn)
        var text: String
        if padded.count >= Self.labelColumn - 1 {
            text = padded + "\n" + String(repeating: " ", count: Self.labelColumn) + (lines.first ?? "")
        } else {
            text = padded + String(repeating: " ", count: Self.labelColumn - padded.count) + (lines.first ?? "")
        }
        for line in lines.dropFirst() { text += "\n" + String(repeating: " ", count: Self.labelColumn) + line }
        return text + "\n"
    }

    /// Each line of `text` wrapped at the width, indented by `indent`; lines
    /// after the first of a paragraph by `indent + hanging`.
    func wrap(_ text: String, indent: Int, hanging: Int = 0) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            Self.wrapLines(String(paragraph), width: width - indent, continuation: hanging).enumerated().map { index, line in
                String(repeating: " ", count: indent + (index == 0 ? 0 : hanging)) + line
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Words filled into lines of at most `width` terminal columns (a CJK
    /// character or an emoji takes two); a word longer than a line stands alone.
    static func wrapLines(_ text: String, width: Int, continuation: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        var columns = 0
        for word in text.split(separator: " ") {
            let wordColumns = DisplayWidth.columns(of: String(word))
            let limit = lines.isEmpty ? width : width - continuation
            if !line.isEmpty && columns + 1 + wordColumns > limit {
                lines.append(line)
                line = ""
                columns = 0
            }
            columns += (line.isEmpty ? 0 : 1) + wordColumns
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
