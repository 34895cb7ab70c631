/// `facetext help [<command>]`: the same text as `--help`.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for the tool or for one command.",
        arguments: "[<command>]",
        argumentHelp: [("<command>", "The command to explain.")],
        examples: [("facetext help render", "")],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        guard let name = invocation.arguments.first else {
            try context.stdout.write(HelpFormatter.toolHelp(CommandRegistry.all, globalOptions: CommandRegistry.globalOptions))
            return .success
        }
        guard let command = CommandRegistry.command(named: name) else {
            let suggestion = Suggestion.nearest(to: name, among: CommandRegistry.all.map(\.name))
            throw UsageError(.unknownCommand(name, suggestion: suggestion), command: spec)
        }
        try context.stdout.write(HelpFormatter.commandHelp(command))
        return .success
    }
}
