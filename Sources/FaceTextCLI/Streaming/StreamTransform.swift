import FaceText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loop shared by `render` and `tag`: each input streamed through a
/// fresh transform, output written after every chunk so it appears as soon
/// as input does; or, with `--jobs`, transformed on several threads.
enum StreamTransform {
    static let jobsOption = OptionSpec(
        long: "jobs", short: "j", valueName: "n",
        help: "Transform on n threads at once, 0 to 64 (0: one per processor), each taking 1 MiB at its turn, cut at a line end. Same output, written a MiB at a time.",
        defaultValue: "1")

    /// The most threads `--jobs` takes: each holds a few MiB, and more than the
    /// processors only take turns.
    static let maximumJobs = 64

    /// Runs on the threads `--jobs` asks for.
    static func run(_ invocation: Invocation, _ context: CommandContext, command: CommandSpec,
                    makeStream: () -> TransformStream) throws -> ExitStatus {
        var jobs = try invocation.integer("jobs", in: 0...maximumJobs, command: command) ?? 1
        if jobs == 0 { jobs = min(maximumJobs, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
        guard jobs > 1 else { return try run(invocation, context, makeStream: makeStream) }
        return try ParallelTransform.run(invocation, context, jobs: jobs, makeStream: makeStream)
    }

    static func run(_ invocation: Invocation, _ context: CommandContext,
                    makeStream: () -> TransformStream) throws(IOError) -> ExitStatus {
        var stream = makeStream()
        let paced = PacedOutput(context, capacity: InputFiles.chunkSize + InputFiles.chunkSize / 2)
        let out = paced.buffer
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            stream = makeStream()
        }, { (chunk) throws(IOError) in
            try OutputPacing.feed(chunk, out: paced, context) { stream.process($0, into: out) }
        }, end: { (_: String) throws(IOError) in
            stream.finish(into: out)
            try paced.drain()
        })
        return allRead ? .success : .failure
    }
}
