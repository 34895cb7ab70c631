import FaceText

/// `facetext backspace`: delete face-aware units from the end of every line.
enum BackspaceCommand {
    static let spec = CommandSpec(
        name: "backspace",
        abstract: "Delete the last face-aware unit of every line, as a chat keyboard's backspace does.",
        discussion: """
        One press deletes a whole catalog tag ([哈哈]), else a whole grapheme cluster (an emoji ZWJ sequence, a flag, a keycap, a letter with its accents), else one byte that is not valid UTF-8. The line ending (LF or CRLF) and every other byte are kept. A line with fewer units than presses becomes empty.
        """,
        options: [
            OptionSpec(long: "count", short: "n", valueName: "n", help: "Presses per line, 0 to 1000000.", defaultValue: "1"),
            OptionSpec(long: "any-tag", valueName: nil,
                       help: "Also treat any [...] or 【...】 of at most 16 characters (no brackets or line breaks inside) as one unit."),
            OptionSpec(long: "deleted", valueName: nil, help: "Print what was deleted instead of what remains."),
            OptionSpec(long: "json", valueName: nil,
                       help: "Print a JSON object per line: line, text (what remains), deleted. Invalid UTF-8 shows as U+FFFD."),
        ],
        examples: [
            ("printf '好开心[哈哈]\\n👨‍👩‍👧‍👦🇨🇳1️⃣\\n' | facetext backspace", "Prints 好开心 and 👨‍👩‍👧‍👦🇨🇳"),
            ("facetext backspace -n 2 --deleted chat.log", "What two presses delete from each line"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let presses = try invocation.integer("count", in: 0...1_000_000, command: spec) ?? 1
        if invocation.flag("deleted") && invocation.flag("json") {
            throw UsageError(.conflict("use either '--deleted' or '--json', not both."), command: spec)
        }
        let output: LineEditor.Stream.Output = invocation.flag("json") ? .json : invocation.flag("deleted") ? .deleted : .kept
        let editor = LineEditor(catalog: context.catalog, anyTag: invocation.flag("any-tag"))
        var stream = LineEditor.Stream(editor: editor, presses: presses, output: output)
        let paced = PacedOutput(context, capacity: InputFiles.chunkSize + InputFiles.chunkSize / 4)
        let out = paced.buffer
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
        }, { (chunk) throws(IOError) in
            try stream.feed(chunk, into: out) { (_: StreamOutput) throws(IOError) in try paced.drain() }
            try paced.drain()
        }, end: { (_: String) throws(IOError) in
            stream.finish(into: out)
            try paced.drain()
        })
        return allRead ? .success : .failure
    }
}
