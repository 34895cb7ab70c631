import Testing
import TestSupport
@testable import FaceTextCLI

/// What the help pages say of each option, checked against what the command
/// does: a stated default gives the output of leaving the option out, every
/// allowed value is taken and a value not among them refused, and a stated
/// range ("1 to 1000") takes its ends and refuses one past either end.
@Suite struct HelpClaimsTests {
    /// A command line that runs each command on a small input (an action's options need the action).
    static func base(_ command: CommandSpec, option: String) -> [String]? {
        switch command.name {
        case "compose", "help", "completions": return nil   // a terminal; no option values to check
        case "catalog": return ["json", "catalogs"].contains(option) ? ["catalog", "list"] : nil
        case "recent": return ["by", "limit", "json", "max"].contains(option) ? ["recent"] : nil
        case "search": return ["search", "笑"]
        case "grid":
            if option == "icon" { return ["grid", "--frame", "2000x2000"] }
            return ["margin", "gap"].contains(option) ? ["grid", "--frame", "10000x10000", "--icon", "25"] : ["grid"]
        case "wrap": return ["align", "me"].contains(option) ? ["wrap", "--bubble"] : ["wrap"]
        default: return [command.name]
        }
    }

    static let input = Array("2024-05-01 20:02 小红: 今天[哈哈]了😀\n2024-05-01 20:03 小明: 好[心]\n".utf8)

    static func run(_ arguments: [String]) -> CLIResult {
        runCLI(arguments, stdin: input, environment: ["HOME": "/nonexistent-home"], now: 1_764_633_600)
    }

    /// Each option with a fixed set of values or a number for a default, with the command line to run it in.
    static var options: [(command: CommandSpec, option: OptionSpec, base: [String])] {
        CommandRegistry.all.flatMap { command in
            command.options.filter { $0.long != "catalog" && $0.long != "help" }.compactMap { option in
                base(command, option: option.long).map { (command, option, $0) }
            }
        }
    }

    @Test func aStatedDefaultIsWhatLeavingTheOptionOutDoes() {
        var checked = 0
        for (_, option, base) in Self.options {
            guard let value = option.defaultValue, option.allowedValues?.contains(value) ?? (Int(value) != nil) else { continue }
            // (A frame's margin and gap: their defaults only apply when the layout is computed.)
            let without = Self.run(base), with = Self.run(base + ["--\(option.long)", value])
            #expect(with.status == without.status, "\(base) --\(option.long) \(value)")
            #expect(with.stdout == without.stdout, "\(base): '--\(option.long) \(value)' is said to be the default, but the output differs")
            checked += 1
        }
        #expect(checked >= 12)
    }

    @Test func everyAllowedValueIsTakenAndNoOther() {
        var checked = 0
        for (_, option, base) in Self.options {
            guard let allowed = option.allowedValues else { continue }
            for value in allowed {
                #expect(Self.run(base + ["--\(option.long)", value]).status != .usage, "\(base) --\(option.long) \(value)")
            }
            #expect(Self.run(base + ["--\(option.long)", "no-such-value"]).status == .usage, "\(base) --\(option.long)")
            checked += 1
        }
        #expect(checked >= 8)
    }

    @Test func aStatedRangeTakesItsEndsAndNothingPast() {
        var checked = 0
        for (_, option, base) in Self.options where option.long != "frame" && option.valueName != nil {
            guard let match = option.help.firstMatch(of: /(\d[\d,]*) to (\d[\d,]*)/),
                  let low = Int(match.output.1.filter { $0 != "," }), let high = Int(match.output.2.filter { $0 != "," }) else { continue }
            for value in [low, high] {
                let result = Self.run(base + ["--\(option.long)", String(value)])
                #expect(result.status != .usage, "\(base) --\(option.long) \(value): \(result.stderr)")
            }
            for value in [low - 1, high + 1] {
                #expect(Self.run(base + ["--\(option.long)", String(value)]).status == .usage, "\(base) --\(option.long) \(value)")
            }
            checked += 1
        }
        #expect(checked >= 8)
    }
}
