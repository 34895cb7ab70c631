/// `facetext completions bash|zsh|fish`: prints a shell completion script.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
        The script completes commands, options, the values of options that have a fixed set (such as --to), built-in catalog names for --catalog, and file names elsewhere. The install script puts one for each shell where the shells look; to try one in the current shell, source it (bash, zsh) or pipe it to source (fish).
        """,
        arguments: "<shell>",
        argumentHelp: [("<shell>", "bash, zsh or fish.")],
        argumentCompletion: .words(ShellCompletion.shells),
        readsCatalog: false,
        examples: [
            ("source <(facetext completions bash)", "bash, for this shell"),
            ("facetext completions zsh > ~/.zfunc/_facetext", "zsh, with ~/.zfunc in $fpath"),
            ("facetext completions fish > ~/.config/fish/completions/facetext.fish", "fish"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        guard invocation.arguments.count == 1, let script = ShellCompletion.script(for: invocation.arguments[0]) else {
            let given = invocation.arguments.isEmpty ? "no shell given" : "'\(invocation.arguments.joined(separator: " "))' is not one shell"
            throw UsageError(.other("\(given): expected one of " + ShellCompletion.shells.joined(separator: ", ") + "."), command: spec)
        }
        try context.stdout.write(script)
        return .success
    }
}
