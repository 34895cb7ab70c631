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
            try flush(out, to: context.stdout)
        }, end: { (_: String) throws(IOError) in
            stream.finish(into: out)
            try flush(out, to: context.stdout)
        })
        return allRead ? .success : .failure
    }

    private static func flush(_ out: ByteBuffer, to sink: ByteSink) throws(IOError) {
        guard out.count > 0 else { return }
        try out.withBytes { (bytes) throws(IOError) in try sink.write(bytes) }
        out.removeAll()
    }
}
