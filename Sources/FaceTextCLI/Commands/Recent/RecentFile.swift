import FaceText

/// The history file of `recent` (and `grid --recent`, `compose`): where it is, read and changed with its warnings reported.
extension RecentCommand {
    /// The history file: --history, FACETEXT_HISTORY, $XDG_STATE_HOME/facetext/recent, ~/.local/state/facetext/recent.
    static func path(_ invocation: Invocation, _ context: CommandContext) throws -> String {
        if let path = invocation.value("history") { return path }
        if let path = context.environment["FACETEXT_HISTORY"], !path.isEmpty { return path }
        if let state = context.environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/facetext/recent" }
        if let home = context.environment["HOME"], !home.isEmpty { return home + "/.local/state/facetext/recent" }
        throw CommandFailure(message: "no history file: set HOME or XDG_STATE_HOME, or name one with --history or FACETEXT_HISTORY")
    }

    static func read(_ file: FaceHistory.File) throws -> (FaceHistory, [FaceHistory.Warning]) {
        do throws(FaceHistory.File.Failure) {
            return try file.history()
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    static func change(_ file: FaceHistory.File, _ context: CommandContext, _ body: (inout FaceHistory) -> Void) throws {
        do throws(FaceHistory.File.Failure) {
            report(try file.update(body), file: file, context: context)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    static func report(_ warnings: [FaceHistory.Warning], file: FaceHistory.File, context: CommandContext) {
        for warning in warnings.prefix(20) { context.warning("'\(file.path)' \(warning)") }
        if warnings.count > 20 { context.warning("'\(file.path)': \(warnings.count - 20) more lines could not be read") }
    }
}
