import FaceText

/// The command-line tool as a library: parses arguments, runs the command,
/// and returns the exit status. It never exits the process or prints outside
/// the injected sinks; `main.swift` wires it to the real process.
public enum CLI {
    /// The tool's version: `facetext --version` and the manual page show it.
    public static let version = "0.2.0"
    /// The date of this version, shown in the manual page's header.
    static let releaseDate = "2026-12-01"

    /// What each exit status means, for the manual page.
    static let exitStatuses: [(code: String, meaning: String)] = [
        ("0", "Success."),
        ("1", "A runtime failure: an input file that cannot be read (the others are still processed), a bad catalog (every problem listed), a partial result that cannot be merged, a failed write."),
        ("2", "A usage error: an unknown command or option, a missing or invalid value, options that cannot go together."),
        ("141", "The reader of standard output went away: the process ends by SIGPIPE, without a message, as cat(1) does."),
    ]

    /// Runs `facetext` with `arguments` (without the program name).
    public static func run(arguments: [String], context: CommandContext) -> ExitStatus {
        var context = context
        do {
            let (command, invocation) = try parse(arguments)
            guard let command else {
                try context.stdout.write(invocation.flag("version") ? "facetext \(version)\n"
                                         : HelpFormatter(width: context.terminalWidth).toolHelp())
                return .success
            }
            if invocation.flag("help") {
                try context.stdout.write(HelpFormatter(width: context.terminalWidth).commandHelp(command))
                return .success
            }
            if command.readsCatalog {
                do throws(CatalogError.List) {
                    context.catalog = try CatalogSelection.resolve(options: invocation.all("catalog"), environment: context.environment)
                } catch {
                    for problem in error.errors { context.error(problem.description) }
                    return .failure
                }
            }
            if !command.actions.isEmpty {
                let (action, invocation) = try ActionSpec.choose(in: command, invocation)
                return try action.run(invocation, context)
            }
            return try command.run(invocation, context)
        } catch let error as UsageError {
            try? context.stderr.write(DisplayText.safe(error.fullText))
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

    /// The options of the tool itself, before any command name.
    static let toolSpec = CommandSpec(name: "", abstract: "", arguments: "<command> [<options>] [<file> ...]",
                                      options: CommandRegistry.globalOptions + [CommandRegistry.versionOption],
                                      run: { _, _ in .success })

    /// `--format` as the tool takes it before a command name, to check its value.
    static let formatSpec = CommandSpec(name: "", abstract: "", arguments: "", options: [MessageInput.formatOption],
                                        run: { _, _ in .success })

    /// Splits off global options before the command name, finds the command,
    /// and parses the rest against it. A nil command means tool-level help or version.
    ///
    /// `--help` (or `-h`) anywhere before `--` asks for help: the named command's, else the tool's.
    static func parse(_ arguments: [String]) throws(UsageError) -> (CommandSpec?, Invocation) {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            var help = Invocation()
            help.values["help"] = [""]
            return (options.lazy.compactMap(CommandRegistry.command(named:)).first, help)
        }
        var leading: [String] = []
        // `--format` before the command name is the message format of the commands that read
        // chat logs (scan, stats, wrap); the byte filters take it and change nothing.
        var format: [String] = []
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-"), first != "-", first != "--" {
            rest.removeFirst()
            if first == "--format" || first == "-f", let value = rest.first {
                format = ["--format", value]
                rest.removeFirst()
                continue
            }
            if first.hasPrefix("--format=") {
                format = ["--format", String(first.dropFirst("--format=".count))]
                continue
            }
            leading.append(first)
            if first == "--catalog" || first == "-c", let value = rest.first {
                leading.append(value)
                rest.removeFirst()
            } else if !isToolOption(first) {
                throw misplaced(first, before: rest)
            }
        }
        if rest.first == "--" { rest.removeFirst() }
        guard let name = rest.popFirst() else {
            let invocation = try Invocation.parse(leading, for: toolSpec)
            if invocation.flag("help") || invocation.flag("version") { return (nil, invocation) }
            throw UsageError(.missingCommand)
        }
        guard let command = CommandRegistry.command(named: name) else {
            let suggestion = CatalogCommand.actions.contains(where: { $0.name == name }) ? "catalog \(name)"
                : Suggestion.nearest(to: name, among: CommandRegistry.all.map(\.name))
            throw UsageError(.unknownCommand(name, suggestion: suggestion))
        }
        if leading.contains("--version") || leading.contains("-V") {
            return (nil, try Invocation.parse(leading, for: toolSpec))
        }
        if !format.isEmpty { _ = try Invocation.parse(format, for: formatSpec) }
        // The command's own `--format`, if it has one, wins.
        let ownFormat = rest.prefix { $0 != "--" }.contains { $0 == "--format" || $0 == "-f" || $0.hasPrefix("--format=") }
        let readsMessages = !ownFormat
            && command.options.contains { $0.long == "format" && $0.allowedValues == MessageInput.formatOption.allowedValues }
        return (command, try Invocation.parse(leading + (readsMessages ? format : []) + rest, for: command))
    }

    /// Whether an argument before the command name is one of the tool's own options.
    private static func isToolOption(_ argument: String) -> Bool {
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        if ["--catalog", "--version", "--help"].contains(name) { return true }
        return ["-c", "-V", "-h"].contains(String(argument.prefix(2))) && !argument.hasPrefix("--")
    }

    /// An option before the command name that is not the tool's: if the command
    /// named after it takes it, say that it belongs there.
    private static func misplaced(_ option: String, before rest: ArraySlice<String>) -> UsageError {
        let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        if let command = rest.lazy.compactMap(CommandRegistry.command(named:)).first,
           command.options.contains(where: { $0.spellings.contains(name.hasPrefix("--") ? name : String(name.prefix(2))) }) {
            return UsageError(.other("'\(name)' is an option of '\(command.name)': put it after the command name (facetext \(command.name) \(name) ...)."),
                              command: command)
        }
        let suggestion = name.hasPrefix("--")
            ? Suggestion.nearest(to: String(name.dropFirst(2)), among: toolSpec.options.map(\.long)).map { "--\($0)" } : nil
        return UsageError(.unknownOption(name, suggestion: suggestion))
    }
}

/// A runtime failure a command reports with exit status 1.
struct CommandFailure: Error {
    var message: String
}
