import FaceText

/// `facetext scan`: one JSON object per face found, as JSON Lines.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "List every face in the input as JSON Lines, with file, line and byte offset.",
        discussion: """
        One object per face, in input order: kind (tag, emoji, image, or unknown), text (the matched bytes), tag (the canonical tag, or null for an emoji with no face), emoji, image, tone (only for an emoji with a skin tone whose base is a face: 👍🏽 is [赞] with tone 🏽), file ('-' for standard input), line (1-based), offset (bytes from the start of that file) and length (bytes). With --format other than lines, each object also has sender and time (ISO 8601 as the export writes it, without a zone; null where the export gives none), and a message's header is no text: a face in a sender's name is not listed. With --format telegram, line and offset count in the messages' texts, each ended by a line feed, as JSON has no lines of text. Every line is valid JSON whatever the input: a tag or an emoji is always valid UTF-8; an image reference may hold bytes that are not (in a file name or alt text), and its text then shows U+FFFD for each bad sequence, while offset and length locate the exact bytes.
        """,
        options: [
            OptionSpec(long: "unknown-tags", valueName: nil,
                       help: "Also report [...] and 【...】 tags that are not in the catalog (1 to 16 characters between the brackets), as kind unknown."),
            MessageInput.formatOption,
            MessageInput.showFormatOption,
        ],
        examples: [
            ("printf '好[哈哈]\\n😀[图片]\\n' | facetext scan --unknown-tags", ""),
            ("facetext scan chat.log | jq -r '.tag // .emoji' | sort | uniq -c | sort -rn", "Count faces with jq (an emoji without a face by itself)"),
            ("facetext scan --format qq 聊天记录.txt | jq -r 'select(.sender == \"小红\") | .tag'", "The faces one person sent, from a QQ export"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let messages = MessageInput(invocation)
        let paced = PacedOutput(context, capacity: 1 << 21)
        let out = paced.buffer
        guard messages.isLines else {
            var lister = MessageFaceLister(catalog: context.catalog, recognizing: recognized)
            let allRead = try messages.forEachLine(InputFiles(invocation.arguments), context, start: { (name: String) throws(IOError) in
                lister.startFile(name)
            }, { (line) throws(IOError) in
                lister.feed(line, into: out)
                try paced.drain()
            }, end: { (_: String) throws(IOError) in
                lister.finish(into: out)
                try paced.drain()
            })
            return allRead ? .success : .failure
        }
        var lister = FaceLister(catalog: context.catalog, recognizing: recognized)
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (name: String) throws(IOError) in
            lister.startFile(name)
        }, { (chunk) throws(IOError) in
            // A face can take 30 times its bytes as JSON.
            try OutputPacing.feed(chunk, out: paced, context) { lister.feed($0, into: out) }
        }, end: { (_: String) throws(IOError) in
            lister.finish(into: out)
            try paced.drain()
        })
        return allRead ? .success : .failure
    }
}
