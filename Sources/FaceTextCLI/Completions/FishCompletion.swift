import FaceText

/// `facetext completions fish`: `complete` commands for fish.
enum FishCompletion {
    static var script: String {
        var text = """
        # fish completion for facetext, written by 'facetext completions fish'.
        complete -c facetext -f

        """
        let names = CommandRegistry.all.map(\.name).joined(separator: " ")
        let noCommand = "not __fish_seen_subcommand_from \(names)"
        for option in ShellCompletion.toolOptions {
            text += line(option, condition: option.long == "catalog" ? nil : noCommand)
        }
        for command in CommandRegistry.all {
            text += "complete -c facetext -n \(quote(noCommand)) -a \(command.name) -d \(quote(command.abstract))\n"
        }
        for command in CommandRegistry.all {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in ShellCompletion.ownOptions(command) {
                text += line(option, condition: condition)
            }
            text += "complete -c facetext -n \(quote(condition)) -l help -s h -d 'Show help information'\n"
            switch command.argumentCompletion {
            case .files: text += "complete -c facetext -n \(quote(condition)) -F\n"
            case .none: break
            default: text += "complete -c facetext -n \(quote(condition)) -a \(quote(words(command.argumentCompletion)))\n"
            }
        }
        return text
    }

    private static func line(_ option: OptionSpec, condition: String?) -> String {
        var text = "complete -c facetext"
        if let condition { text += " -n \(quote(condition))" }
        if let short = option.short { text += " -s \(short)" }
        text += " -l \(option.long)"
        if !option.isFlag {
            switch option.valueCompletion {
            case .none: text += " -x"
            case .files: text += " -r -F"
            case .catalogs: text += " -r -F -a \(quote(words(.catalogs)))"
            default: text += " -x -a \(quote(words(option.valueCompletion)))"
            }
        }
        return text + " -d \(quote(ShellCompletion.summary(option.help)))\n"
    }

    private static func words(_ completion: Completion) -> String {
        switch completion {
        case .none, .files: ""
        case .catalogs: FaceCatalog.builtInNames.joined(separator: " ")
        case .commands: CommandRegistry.all.map(\.name).joined(separator: " ")
        case .words(let words): words.joined(separator: " ")
        }
    }

    /// Single-quoted for fish, where a backslash escapes a quote or a backslash.
    private static func quote(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
