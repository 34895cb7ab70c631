import FaceText

/// Completion scripts for bash, zsh and fish, written from the command table:
/// commands, options, the values of options that have a fixed set, built-in
/// catalog names for `--catalog`, and files elsewhere.
enum ShellCompletion {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": BashCompletion.script
        case "zsh": ZshCompletion.script
        case "fish": FishCompletion.script
        default: nil
        }
    }

    /// The tool's own options (before the command) and the options of every command.
    static var toolOptions: [OptionSpec] { CLI.toolSpec.options }

    /// A command's options other than the tool's global ones, which every command also takes.
    static func ownOptions(_ command: CommandSpec) -> [OptionSpec] {
        command.options.filter { option in !CommandRegistry.globalOptions.contains { $0.long == option.long } }
    }

    /// The first sentence of a help text, for a one-line description.
    static func summary(_ help: String) -> String {
        var text = help
        if let end = text.firstRange(of: ". ") { text = String(text[..<end.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
