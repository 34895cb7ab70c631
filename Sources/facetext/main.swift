import FaceTextCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Broken pipes are reported as EPIPE and end the process the way cat does.
signal(SIGPIPE, SIG_IGN)
// The tool's own variables, where `recent` keeps its history, and whether colour is unwanted.
var environment = ProcessInfoLite.environment(prefix: "FACETEXT_")
for name in ["HOME", "XDG_STATE_HOME", "NO_COLOR"] { environment[name] = getenv(name).map { String(cString: $0) } }
var context = CommandContext(
    environment: environment,
    stdin: FileDescriptorSource(descriptor: 0),
    stdout: FileDescriptorSink(descriptor: 1),
    stderr: FileDescriptorSink(descriptor: 2))
context.terminalWidth = TerminalSize.columns(descriptor: 1)
context.isTerminal = isatty(1) == 1
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: context)
if status == .brokenPipe {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
}
exit(status.code)
