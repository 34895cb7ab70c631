/// The manual page, facetext(1), in man(7) markup, written from the same
/// command table that prints `--help`: every command with its options,
/// allowed values, defaults and examples, then the exit status, the
/// environment and the files the tool reads.
///
/// `man/facetext.1` is this text, checked in; a test fails while they differ
/// (`facetext help --man > man/facetext.1` writes it again). The page is
/// ASCII: other characters are written as groff's `\[uXXXX]` escapes, which
/// man-db and mandoc both render.
enum ManPage {
    static var text: String {
        var page = """
        .\\" Written by 'facetext help --man' from the tool's command table; do not edit.
        .TH FACETEXT 1 "\(CLI.releaseDate)" \(quoted("facetext \(CLI.version)")) "User Commands"
        .SH NAME
        facetext \\- turn chat\\-face tags into emoji or image references and back

        """
        page += section("SYNOPSIS")
        page += ".B facetext\n.RI [ \\-\\-catalog\\~catalog \" ...]\"\n.I command\n.RI [ options ]\n.RI [ file \" ...]\"\n"
        page += section("DESCRIPTION")
        page += paragraphs(HelpFormatter.overview)
        page += paragraphs("""
        Input files are read in order like cat(1); none, or '-', reads standard input. Every byte that is not a face passes through unchanged. Long options take their value as --name VALUE or --name=VALUE; -- ends the options; --help anywhere on the line shows help.
        """)
        page += section("OPTIONS")
        for option in CLI.toolSpec.options { page += self.option(option) }
        page += section("COMMANDS")
        for command in CommandRegistry.all { page += self.command(command) }
        page += section("EXIT STATUS")
        for (code, meaning) in CLI.exitStatuses { page += ".TP\n.B \(code)\n" + fill(meaning) }
        page += section("ENVIRONMENT")
        page += ".TP\n.B FACETEXT_CATALOG\n" + fill("Catalogs to use when no --catalog is given: paths or built-in names, separated by ':'.")
        page += ".TP\n.B COLUMNS\n" + fill("The width help text wraps at, and wrap and stats --chart on a terminal, when it is a number from 1 to 1000000 (other values are ignored); else the terminal's width, or 80 when standard output is not a terminal.")
        page += section("FILES")
        page += ".TP\n.I emoticons.plist\n" + fill("A catalog given as a folder is read from the emoticons.plist in it; a package of a catalog that names a folder is read from that folder's info.plist.")
        page += section("EXAMPLES")
        for (command, comment) in HelpFormatter.toolExamples { page += example(command, comment) }
        page += section("SEE ALSO")
        page += ".BR jq (1),\n.BR parallel (1)\n"
        // A section starts a paragraph of its own.
        return page.split(separator: "\n", omittingEmptySubsequences: false).reduce(into: [String]()) { lines, line in
            if line == ".PP", lines.last?.hasPrefix(".SH ") == true { return }
            lines.append(String(line))
        }.joined(separator: "\n")
    }

    private static func section(_ name: String) -> String { ".SH \(name)\n" }

    private static func command(_ command: CommandSpec) -> String {
        var text = ".SS \(escape(command.name))\n"
        text += ".B \(escape(command.usage))\n.PP\n" + fill(command.abstract)
        if !command.discussion.isEmpty { text += paragraphs(command.discussion) }
        if !command.argumentHelp.isEmpty {
            for (label, help) in command.argumentHelp { text += ".TP\n.I \(escape(label))\n" + fill(help) }
        }
        for action in command.actions {
            text += ".TP\n.B \(escape(action.label))\n" + fill(action.help)
        }
        for option in command.options where !CommandRegistry.globalOptions.contains(where: { $0.long == option.long }) {
            text += self.option(option)
        }
        if !command.examples.isEmpty {
            text += ".PP\nExamples:\n"
            for (line, comment) in command.examples { text += example(line, comment) }
        }
        return text
    }

    private static func option(_ option: OptionSpec) -> String {
        var label = option.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        label += "\\fB\\-\\-\(escape(option.long))\\fR"
        if let value = option.valueName { label += option.optionalValue ? " [\\fI\(escape(value))\\fR]" : " \\fI\(escape(value))\\fR" }
        return ".TP\n\(label)\n" + fill(HelpFormatter.optionHelp(option))
    }

    private static func example(_ command: String, _ comment: String) -> String {
        var text = ".PP\n"
        if !comment.isEmpty { text += fill(comment + ":") }
        return text + ".RS 4\n.nf\n\(escape(command))\n.fi\n.RE\n"
    }

    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n").map { ".PP\n" + fill(String($0)) }.joined()
    }

    /// Text escaped and broken into source lines of at most 80 bytes (roff fills
    /// them into paragraphs again); a line never starts with `.` or `'`.
    static func fill(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in escape(text).split(separator: " ") {
            if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = ""
            }
            if line.isEmpty {
                line = (word.hasPrefix(".") || word.hasPrefix("'") ? "\\&" : "") + word
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func quoted(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// Text as roff: backslashes and hyphens escaped, a line never starting
    /// with a control character, characters beyond ASCII as `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "'" where result.isEmpty, "." where result.isEmpty: result += "\\&" + String(scalar)
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }
}
