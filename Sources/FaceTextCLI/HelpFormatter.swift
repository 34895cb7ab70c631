/// Renders help text in swift-argument-parser's layout: sections `OVERVIEW:`,
/// `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `EXAMPLES:`, labels indented 2 and
/// help starting at column 26, long help wrapped under that column.
enum HelpFormatter {
    static let labelColumn = 26
    static let width = 80

    static func commandHelp(_ command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty { text += wrap(command.discussion, indent: 0) + "\n\n" }
        text += "USAGE: \(command.usage)\n\n"
        if !command.argumentHelp.isEmpty {
            text += "ARGUMENTS:\n"
            for (label, help) in command.argumentHelp { text += row(label, help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in command.options { text += row(option.label, optionHelp(option)) }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for (example, comment) in command.examples {
                if !comment.isEmpty { text += "  # \(comment)\n" }
                text += "  \(example)\n"
            }
        }
        return text
    }

    static func toolHelp(_ commands: [CommandSpec], globalOptions: [OptionSpec]) -> String {
        var text = "OVERVIEW: facetext turns chat-face tags such as [哈哈] into Unicode emoji or\n"
        text += "image references and back, as a streaming filter for shell pipelines.\n\n"
        text += "USAGE: facetext [--catalog <catalog> ...] <command> [<options>] [<file> ...]\n\n"
        text += "OPTIONS:\n"
        for option in globalOptions { text += row(option.label, optionHelp(option)) }
        text += row("--version", "Show the version.")
        text += "\nCOMMANDS:\n"
        for command in commands { text += row(command.name, command.abstract) }
        text += "\n  See 'facetext help <command>' for detailed help.\n"
        return text
    }

    private static func optionHelp(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if let values = option.allowedValues { notes.append("values: " + values.joined(separator: ", ")) }
        if let value = option.defaultValue { notes.append("default: \(value)") }
        if option.repeatable { notes.append("repeatable") }
        return notes.isEmpty ? option.help : "\(option.help) (\(notes.joined(separator: "; ")))"
    }

    /// One `  label   help` row, the help wrapped at column 26.
    static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        let lines = wrapLines(help, width: width - labelColumn)
        var text: String
        if padded.count >= labelColumn - 1 {
            text = padded + "\n" + String(repeating: " ", count: labelColumn) + (lines.first ?? "")
        } else {
            text = padded + String(repeating: " ", count: labelColumn - padded.count) + (lines.first ?? "")
        }
        for line in lines.dropFirst() { text += "\n" + String(repeating: " ", count: labelColumn) + line }
        return text + "\n"
    }

    static func wrap(_ text: String, indent: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            wrapLines(String(paragraph), width: width - indent)
                .map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    private static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
