import FaceText

/// The command-line tool as a library: parses arguments, runs the command,
/// and returns the exit status. It never exits the process or prints outside
/// the injected sinks; `main.swift` wires it to the real process.
public enum CLI {
    /// The tool's version.
    public static let version = "0.1.0"

    /// Runs `facetext` with `arguments` (without the program name).
    public static func run(arguments: [String], context: CommandContext) -> ExitStatus {
        var context = context
        do {
            let (command, invocation) = try parse(arguments)
            guard let command else {
                try context.stdout.write(invocation.flag("version") ? "facetext \(version)\n"
                                         : HelpFormatter.toolHelp(CommandRegistry.all, globalOptions: CommandRegistry.globalOptions))
                return .success
            }
            if invocation.flag("help") {
                try context.stdout.write(HelpFormatter.commandHelp(command))
                return .success
            }
            if command.name != "help" {
                do throws(CatalogErrors) {
                    context.catalog = try CatalogSelection.resolve(options: invocation.all("catalog"), environment: context.environment)
                } catch {
                    for problem in error.errors { context.error(problem.description) }
                    return .failure
                }
            }
            return try command.run(invocation, context)
        } catch let error as UsageError {
            try? context.stderr.write(error.fullText)
            return .usage
        } catch IOError.brokenPipe {
            return .brokenPipe
        } catch let error as IOError {
            context.error("cannot write to standard output: \(error)")
            return .failure
        } catch let error as CommandFailure {
            context.error(error.message)
            return .failure
        } catch {
            context.error("\(error)")
            return .failure
        }
    }

    /// Splits off global options before the command name, finds the command,
    /// and parses the rest against it. A nil command means tool-level help or version.
    static func parse(_ arguments: [String]) throws(UsageError) -> (CommandSpec?, Invocation) {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-"), first != "-", first != "--" {
            rest.removeFirst()
            leading.append(first)
            let takesValue = first == "--catalog" || first == "-c"
            if takesValue, let value = rest.first {
                leading.append(value)
                rest.removeFirst()
            }
        }
        if rest.first == "--" { rest.removeFirst() }
        guard let name = rest.popFirst() else {
            let topLevel = CommandSpec(name: "", abstract: "", options: CommandRegistry.globalOptions
                + [OptionSpec(long: "version", valueName: nil, help: "")], run: { _, _ in .success })
            let invocation = try Invocation.parse(leading, for: topLevel)
            if invocation.flag("help") || invocation.flag("version") { return (nil, invocation) }
            throw UsageError(.missingCommand)
        }
        guard let command = CommandRegistry.command(named: name) else {
            throw UsageError(.unknownCommand(name, suggestion: Suggestion.nearest(to: name, among: CommandRegistry.all.map(\.name))))
        }
        return (command, try Invocation.parse(leading + rest, for: command))
    }
}

/// A runtime failure a command reports with exit status 1.
struct CommandFailure: Error {
    var message: String
}
