import Testing
@testable import FaceTextCLI

/// Commands with actions (`catalog list|show|check|import`, `recent add|…`)
/// declare which options each action takes: the parser refuses every other
/// option of the command for that action, naming the actions it belongs to,
/// and every option belongs to some action.
@Suite struct ActionOptionTests {
    static let commands = CommandRegistry.all.filter { !$0.actions.isEmpty }
    static let shared = Set(CommandRegistry.globalOptions.map(\.long) + ["help"])

    @Test func catalogAndRecentHaveActions() {
        #expect(Self.commands.map(\.name) == ["catalog", "recent"])
    }

    @Test func everyOptionBelongsToAnAction() {
        for command in Self.commands {
            for option in command.options where !Self.shared.contains(option.long) {
                #expect(command.actions.contains { $0.options.contains(option.long) }, "'\(command.name) --\(option.long)' belongs to no action")
            }
            for action in command.actions {
                #expect(action.options.allSatisfy { name in command.options.contains { $0.long == name } }, "\(command.name) \(action.name)")
            }
        }
    }

    @Test func anOptionOfAnotherActionIsAUsageErrorNamingItsActions() {
        var checked = 0
        for command in Self.commands {
            for action in command.actions {
                for option in command.options where !Self.shared.contains(option.long) && !action.options.contains(option.long) {
                    let value = option.isFlag ? [] : [option.allowedValues?.first ?? "1"]
                    let arguments = [command.name] + (action.name.isEmpty ? [] : [action.name]) + ["--\(option.long)"] + value
                    let result = runCLI(arguments, environment: ["HOME": "/nonexistent"])
                    #expect(result.status == .usage, "\(arguments)")
                    let owner = command.actions.first { $0.options.contains(option.long) }!
                    let ownerName = owner.name.isEmpty ? "'facetext \(command.name)' alone" : "'\(command.name) \(owner.name)'"
                    #expect(result.stderr.hasPrefix("facetext: error: '--\(option.long)' applies to \(ownerName)"), "\(arguments): \(result.stderr)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 15)
    }
}
