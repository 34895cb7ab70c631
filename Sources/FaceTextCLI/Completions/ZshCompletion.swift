import FaceText

/// `facetext completions zsh`: a `_facetext` function for zsh's completion system.
enum ZshCompletion {
    static var script: String {
        var text = """
        #compdef facetext
        # zsh completion for facetext, written by 'facetext completions zsh'.

        _facetext_catalogs() {
            _alternative 'names:built-in catalog:(\(FaceCatalog.builtInNames.joined(separator: " ")))' 'files:catalog file:_files'
        }

        _facetext() {
            local curcontext="$curcontext" state line
            local -a commands
            commands=(

        """
        for command in CommandRegistry.all {
            text += "        \(quote(command.name + ":" + command.abstract))\n"
        }
        text += "    )\n"
        text += "    _arguments -C \\\n"
        for option in ShellCompletion.toolOptions {
            text += "        \(spec(option, exclusive: option.long != "catalog")) \\\n"
        }
        text += "        '1:command:->command' \\\n        '*::argument:->argument'\n"
        text += "    case $state in\n"
        text += "        command) _describe -t commands 'facetext command' commands ;;\n"
        text += "        argument)\n            case $line[1] in\n"
        for command in CommandRegistry.all {
            text += "                \(command.name))\n                    _arguments \\\n"
            for option in command.options {
                text += "                        \(spec(option, exclusive: false)) \\\n"
            }
            text += "                        \(quote("*:" + (command.argumentHelp.first?.label ?? "argument") + ":" + action(command.argumentCompletion))) ;;\n"
        }
        text += "            esac ;;\n    esac\n}\n\n_facetext \"$@\"\n"
        return text
    }

    /// An `_arguments` spec: `'(-t --to)'{-t+,--to=}'[Output style]:style:(unicode html)'`.
    private static func spec(_ option: OptionSpec, exclusive: Bool) -> String {
        let spellings = option.spellings
        let takesValue = !option.isFlag
        let forms = spellings.map { spelling in
            guard takesValue else { return spelling }
            return spelling.hasPrefix("--") ? spelling + "=" : spelling + "+"
        }
        let exclusion = exclusive ? "(- *)" : option.repeatable ? "*" : "(\(spellings.joined(separator: " ")))"
        let names = forms.count == 1 ? forms[0] : "{" + forms.joined(separator: ",") + "}"
        var description = "[" + escapeBrackets(ShellCompletion.summary(option.help)) + "]"
        if takesValue {
            description += ":" + (option.valueName ?? "value") + ":" + action(option.valueCompletion)
        }
        return quote(exclusion) + names + quote(description)
    }

    private static func action(_ completion: Completion) -> String {
        switch completion {
        case .none: " "
        case .files: "_files"
        case .catalogs: "_facetext_catalogs"
        case .commands: "(" + CommandRegistry.all.map(\.name).joined(separator: " ") + ")"
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        }
    }

    private static func escapeBrackets(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "[" || character == "]" || character == ":" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Single-quoted for the shell.
    private static func quote(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
