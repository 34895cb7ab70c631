import FaceText

/// How `wrap` streams its inputs to the wrapper: chunks of plain lines, or the rows of messages
/// (`--format`), rendered first with `--render`; output paced as it grows.
extension WrapCommand {
    static func stream(_ invocation: Invocation, _ messages: MessageInput, wrapper: TextWrapper, output: Output, paced: PacedOutput,
                       _ context: CommandContext) throws -> ExitStatus {
        let out = paced.buffer
        var stream = TextWrapper.Stream(wrapper: wrapper)
        let renderer = invocation.flag("render") ? FaceRenderer(catalog: context.catalog) : nil
        var rendering = renderer?.makeStream()
        let rendered = StreamOutput(capacity: InputFiles.chunkSize + InputFiles.chunkSize / 2)
        func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(IOError) {
            if rendering != nil {
                rendering!.process(chunk, into: rendered)
                rendered.withBytes { output.feed($0, to: &stream, out: out) }
                rendered.removeAll()
            } else {
                output.feed(chunk, to: &stream, out: out)
            }
            try paced.drain()
        }
        func finishInput() throws(IOError) {
            if rendering != nil {
                rendering!.finish(into: rendered)
                rendered.withBytes { output.feed($0, to: &stream, out: out) }
                rendered.removeAll()
            }
            output.finish(&stream, out: out)
            try paced.drain()
        }
        if !messages.isLines {
            var rows = MessageRows()
            let joined = StreamOutput(capacity: 1 << 16)
            // On a terminal a message is drawn once it is complete, when the next one starts
            // (`tail -f chat.txt | facetext wrap --bubble --format …`); elsewhere 32 KiB at a time.
            let eager = context.isTerminal
            let allRead = try messages.forEachLine(InputFiles(invocation.arguments), context, start: { (_: String) throws(IOError) in
                rendering = renderer?.makeStream()
                output.startFile()
                rows.reset()
            }, { (line) throws(IOError) in
                rows.add(line, to: joined)
                if joined.count >= 1 << 15 || (eager && line.header != nil) {
                    try joined.withBytes { (bytes) throws(IOError) in try consume(bytes) }
                    joined.removeAll()
                }
            }, end: { (_: String) throws(IOError) in
                rows.finish(to: joined)
                try joined.withBytes { (bytes) throws(IOError) in try consume(bytes) }
                joined.removeAll()
                try finishInput()
            })
            return allRead ? .success : .failure
        }
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            rendering = renderer?.makeStream()
            output.startFile()
        }, { (chunk) throws(IOError) in
            try consume(chunk)
        }, end: { (_: String) throws(IOError) in
            try finishInput()
        })
        return allRead ? .success : .failure
    }
}
