/// `facetext help [<command>]`: the same text as `--help`; `--man` prints the
/// manual page instead.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for the tool or for one command.",
        arguments: "[<command>]",
        argumentHelp: [("<command>", "The command to explain.")],
        options: [
            OptionSpec(long: "man", valueName: nil, help: "Print the manual page, facetext(1), as roff source instead: facetext help --man | man -l -"),
        ],
        argumentCompletion: .commands,
        readsCatalog: false,
        examples: [
            ("facetext help render", ""),
            ("facetext help --man | man -l -", "Read the manual page without installing it"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        if invocation.flag("man") {
            guard invocation.arguments.isEmpty else {
                throw UsageError(.other("'--man' prints the whole manual page: give no command."), command: spec)
            }
            try context.stdout.write(ManPage.text)
            return .success
        }
        guard invocation.arguments.count <= 1 else {
            throw UsageError(.other("'help' takes one command name, not \(invocation.arguments.count) arguments."), command: spec)
        }
        let formatter = HelpFormatter(width: context.terminalWidth)
        guard let name = invocation.arguments.first else {
            try context.stdout.write(formatter.toolHelp())
            return .success
        }
        guard let command = CommandRegistry.command(named: name) else {
            let suggestion = Suggestion.nearest(to: name, among: CommandRegistry.all.map(\.name))
            throw UsageError(.unknownCommand(name, suggestion: suggestion), command: spec)
        }
        try context.stdout.write(formatter.commandHelp(command))
        return .success
    }
}
