/// An action of a command (`catalog list`, `recent add`), as data: which of the
/// command's options it takes and what it runs. The parser reads the action from
/// the first argument and refuses an option that belongs to another action;
/// help and the manual page list the actions with their options.
struct ActionSpec: Sendable {
    /// The word that names it; empty for the command alone (`facetext recent` lists).
    var name: String
    /// One line for help.
    var abstract: String
    /// The long names of the command's options that the action takes.
    var options: [String] = []
    var run: @Sendable (Invocation, CommandContext) throws -> ExitStatus

    /// How help writes it: its name, or `(none)` for the command alone.
    var label: String { name.isEmpty ? "(none)" : name }

    /// Its line of help: what it does, and the options it takes (the only ones it accepts).
    var help: String {
        abstract + (options.isEmpty ? " No options of its own." : " Options: " + options.map { "--" + $0 }.joined(separator: ", ") + ".")
    }

    /// The action chosen by `invocation`'s first argument (taken off its arguments), its options checked.
    static func choose(in command: CommandSpec, _ invocation: Invocation) throws(UsageError) -> (ActionSpec, Invocation) {
        var invocation = invocation
        let named = command.actions.filter { !$0.name.isEmpty }
        let list = ListFormatting.or(named.map(\.name))
        let action: ActionSpec
        if let first = invocation.arguments.first, let chosen = named.first(where: { $0.name == first }) {
            action = chosen
            invocation.arguments.removeFirst()
        } else if let alone = command.actions.first(where: { $0.name.isEmpty }), invocation.arguments.isEmpty {
            action = alone
        } else if let first = invocation.arguments.first {
            let suggestion = Suggestion.nearest(to: first, among: named.map(\.name))
            throw UsageError(.other("unknown action '\(first)': \(list)." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")), command: command)
        } else {
            throw UsageError(.other("missing action: \(list)."), command: command)
        }
        let shared = Set(CommandRegistry.globalOptions.map(\.long) + ["help"])
        for option in command.options where !shared.contains(option.long) && !action.options.contains(option.long) && invocation.flag(option.long) {
            let owners = command.actions.filter { $0.options.contains(option.long) }.map { owner in
                owner.name.isEmpty ? "'facetext \(command.name)' alone" : "'\(command.name) \(owner.name)'"
            }
            throw UsageError(.conflict("'--\(option.long)' applies to \(ListFormatting.or(owners)), not '\(command.name) \(action.name)'."),
                             command: command)
        }
        return (action, invocation)
    }
}

/// Words joined as a sentence lists them.
enum ListFormatting {
    /// `a`, `a or b`, `a, b or c`.
    static func or(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
