#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FaceText

/// What `compose` opens before it takes the terminal: where sent lines go, the incoming
/// messages to follow, and the history of recent faces.
extension ComposeCommand {
    static func output(_ invocation: Invocation, _ context: CommandContext) throws -> ComposeDriver.Output {
        if let path = invocation.value("out"), isFIFO(path) {
            // The other side of a chat: opened when it is there, never waited for.
            return .peer(PeerFIFO(path: path))
        } else if let path = invocation.value("out") {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CommandFailure(message: "cannot open '\(path)': \(IOError.message(errno))") }
            return .sink(OwnedDescriptorSink(descriptor: descriptor))
        } else {
            return context.isTerminal ? .none : .sink(context.stdout)
        }
    }

    static func incoming(_ invocation: Invocation) throws -> IncomingLines? {
        guard let path = invocation.value("incoming") else { return nil }
        do throws(IOError) {
            return try IncomingLines(path: path)
        } catch {
            throw CommandFailure(message: "cannot follow '\(path)': \(error)")
        }
    }

    /// Recent faces: from the history file when there is one; compose works without. A history that is
    /// there but cannot be read (a FIFO, a device, a folder) is refused before the terminal is taken.
    static func history(_ invocation: Invocation, _ context: CommandContext) throws -> (FaceHistory, FaceHistory.File?) {
        let historyFile = (try? RecentCommand.path(invocation, context)).map { FaceHistory.File(path: $0) }
        do throws(FaceHistory.File.Failure) {
            return (try historyFile?.history().history ?? FaceHistory(), historyFile)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
