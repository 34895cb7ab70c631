import FaceText

/// `facetext completions bash`: a function for bash's programmable completion.
enum BashCompletion {
    static var script: String {
        let globals = ShellCompletion.toolOptions
        var text = """
        # bash completion for facetext, written by 'facetext completions bash'.
        _facetext_words() {
            COMPREPLY+=($(compgen -W "$1" -- "$cur"))
        }

        _facetext_files() {
            local IFS=$'\\n'
            COMPREPLY+=($(compgen -f -- "$cur"))
        }

        _facetext_value() {
            case "$1" in
                files) _facetext_files ;;
                catalogs) _facetext_words "\(FaceCatalog.builtInNames.joined(separator: " "))"; _facetext_files ;;
                commands) _facetext_words "\(CommandRegistry.all.map(\.name).joined(separator: " "))" ;;
                none) ;;
                *) _facetext_words "$1" ;;
            esac
        }

        _facetext() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            local command="" i
            COMPREPLY=()
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    --) break ;;
                    --catalog|-c) ((i++)) ;;
                    -*) ;;
                    *) command="${COMP_WORDS[i]}"; break ;;
                esac
            done
            case "$prev" in

        """
        for option in globals where !option.isFlag {
            text += "        \(spellings(option))) _facetext_value \(value(option.valueCompletion)); return ;;\n"
        }
        text += "    esac\n    case \"$command\" in\n"
        text += "        \"\")\n"
        text += "            if [[ $cur == -* ]]; then _facetext_words \"\(globals.flatMap(\.spellings).joined(separator: " "))\"\n"
        text += "            else _facetext_value commands; fi ;;\n"
        for command in CommandRegistry.all {
            text += "        \(command.name))\n"
            let options = ShellCompletion.ownOptions(command)
            let valued = options.filter { !$0.isFlag }
            if !valued.isEmpty {
                text += "            case \"$prev\" in\n"
                for option in valued {
                    text += "                \(spellings(option))) _facetext_value \(value(option.valueCompletion)); return ;;\n"
                }
                text += "            esac\n"
            }
            let unique = command.options.flatMap(\.spellings)
            text += "            if [[ $cur == -* ]]; then _facetext_words \"\(unique.joined(separator: " "))\"\n"
            text += "            else _facetext_value \(value(command.argumentCompletion)); fi ;;\n"
        }
        text += "    esac\n}\n\ncomplete -o filenames -F _facetext facetext\n"
        return text
    }

    private static func spellings(_ option: OptionSpec) -> String {
        option.spellings.joined(separator: "|")
    }

    private static func value(_ completion: Completion) -> String {
        switch completion {
        case .none: "none"
        case .files: "files"
        case .catalogs: "catalogs"
        case .commands: "commands"
        case .words(let words): "\"" + words.joined(separator: " ") + "\""
        }
    }
}
