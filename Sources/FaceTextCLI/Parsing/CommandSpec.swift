import FaceText

/// One command of the tool, described as data: the parser, the help text and
/// the "did you mean" suggestions are all generated from these.
struct CommandSpec: Sendable {
    var name: String
    /// One line for the command list.
    var abstract: String
    /// A paragraph or two for the command's own help.
    var discussion: String = ""
    /// The arguments after the options, as shown in the usage line.
    var arguments: String = "[<file> ...]"
    /// Help for the positional arguments.
    var argumentHelp: [(label: String, help: String)] = [
        ("<file>", "Input files, read in order like cat. None, or '-', reads standard input."),
    ]
    var options: [OptionSpec] = []
    /// What a shell completes for the positional arguments.
    var argumentCompletion: Completion = .files
    /// Whether the command uses a catalog: only then does it take `--catalog`.
    var readsCatalog = true
    /// Example command lines, each with an optional comment.
    var examples: [(command: String, comment: String)] = []
    /// The actions of a command that has them (`catalog list|show|check|import`): the first
    /// argument chooses one, which runs instead of ``run``.
    var actions: [ActionSpec] = []
    /// Runs the command (one with actions runs them instead, and has none).
    var run: @Sendable (Invocation, CommandContext) throws -> ExitStatus = { _, _ in
        preconditionFailure("a command declares either its actions or its run")
    }

    var usage: String { "facetext \(name) [<options>] \(arguments)".trimmingTrailingSpace() }

    /// The usage line of the tool as a whole.
    static let toolUsage = "facetext [--catalog <catalog> ...] <command> [<options>] [<file> ...]"
}

/// One option of a command.
struct OptionSpec: Sendable {
    var long: String
    var short: Character?
    /// The value's name in help (`<style>`); nil for a flag.
    var valueName: String?
    var help: String
    var allowedValues: [String]? = nil
    var defaultValue: String? = nil
    var repeatable = false
    /// What a shell completes for the value (the allowed values, when there is a fixed set).
    var completion: Completion = .none
    /// Whether the value may be left out (`--recent` or `--recent 12`): then a
    /// following whole number is taken as the value, anything else is not.
    var optionalValue = false

    /// Whether the option is given alone: a flag, or one whose value is optional (shells complete it as a flag).
    var isFlag: Bool { valueName == nil || optionalValue }

    /// How it may be written: `-t` (if it has a short form) and `--to`.
    var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + ["--\(long)"] }

    /// The values a shell offers: the allowed values if there is a fixed set.
    var valueCompletion: Completion { allowedValues.map(Completion.words) ?? completion }

    var label: String {
        var label = short.map { "-\($0), " } ?? ""
        label += "--\(long)"
        if let valueName { label += optionalValue ? " [<\(valueName)>]" : " <\(valueName)>" }
        return label
    }
}

/// What a shell's completion offers for an argument or an option's value.
enum Completion: Sendable, Equatable {
    /// Nothing: free text, such as a number or a template.
    case none
    /// File names.
    case files
    /// One of these words.
    case words([String])
    /// A built-in catalog name or a file.
    case catalogs
    /// A command name.
    case commands
}

/// How the process should end.
public enum ExitStatus: Equatable, Sendable {
    /// 0.
    case success
    /// 1: a runtime failure (unreadable file, bad catalog).
    case failure
    /// 2: a usage error.
    case usage
    /// The reader of standard output went away; the process should end the
    /// way `cat` does, by SIGPIPE, without a message.
    case brokenPipe
    /// Ended by a signal (or Ctrl-C in `compose`) after cleaning up: 128 + its number.
    case signal(Int32)

    /// The numeric exit code (141 = 128 + SIGPIPE for a broken pipe).
    public var code: Int32 {
        switch self {
        case .success: 0
        case .failure: 1
        case .usage: 2
        case .brokenPipe: 141
        case .signal(let number): 128 + number
        }
    }
}

extension String {
    func trimmingTrailingSpace() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
