import FaceText

/// The loop shared by `render` and `tag`: each input streamed through a
/// fresh transform, output written after every chunk so it appears as soon
/// as input does.
enum StreamTransform {
    static func run(_ invocation: Invocation, _ context: CommandContext,
                    makeStream: () -> TransformStream) throws(IOError) -> ExitStatus {
        var stream = makeStream()
        let out = ByteBuffer(capacity: InputFiles.chunkSize + InputFiles.chunkSize / 2)
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            stream = makeStream()
        }, { (chunk) throws(IOError) in
            stream.process(chunk, into: out)
            try context.stdout.drain(out)
        }, end: { (_: String) throws(IOError) in
            stream.finish(into: out)
            try context.stdout.drain(out)
        })
        return allRead ? .success : .failure
    }
}
