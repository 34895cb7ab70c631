/// A mistake in how the tool was called: exit status 2, with the usage line
/// of the command and a pointer to its help.
struct UsageError: Error, Equatable {
    enum Problem: Equatable {
        case unknownCommand(String, suggestion: String?)
        case missingCommand
        case unknownOption(String, suggestion: String?)
        case missingValue(option: String)
        case unexpectedValue(option: String)
        case invalidValue(option: String, value: String, expected: String)
        case repeated(option: String)
        case conflict(String)
        case other(String)
    }

    var problem: Problem
    /// The command whose usage to show, if one was named.
    var commandName: String?
    var usage: String?

    /// A problem with the arguments of `command`, or of the tool itself
    /// (no command, or the tool's own options before the command name).
    init(_ problem: Problem, command: CommandSpec? = nil) {
        self.problem = problem
        if let command, !command.name.isEmpty {
            commandName = command.name
            usage = command.usage
        }
    }

    var message: String {
        switch problem {
        case .unknownCommand(let name, let suggestion):
            "unknown command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .missingCommand:
            "no command given."
        case .unknownOption(let name, let suggestion):
            "unknown option '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .missingValue(let option):
            "missing value for '\(option)'."
        case .unexpectedValue(let option):
            "'\(option)' takes no value."
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)."
        case .repeated(let option):
            "'\(option)' was given more than once."
        case .conflict(let text), .other(let text):
            text
        }
    }

    /// The full text for standard error: message, usage, pointer to help.
    var fullText: String {
        var text = "facetext: error: \(message)\n"
        text += "Usage: \(usage ?? CommandSpec.toolUsage)\n"
        text += "  See 'facetext help\(commandName.map { " \($0)" } ?? "")'.\n"
        return text
    }
}
