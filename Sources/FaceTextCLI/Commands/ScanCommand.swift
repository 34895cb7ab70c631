import FaceText

/// `facetext scan`: one JSON object per face found, as JSON Lines.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "List every face in the input as JSON Lines, with file, line and byte offset.",
        discussion: """
        One object per face, in input order: kind (tag, emoji, image, or unknown), text (the matched bytes), tag (the canonical tag, or null for an emoji with no face), emoji, image, file ('-' for standard input), line (1-based), offset (bytes from the start of that file) and length (bytes). Every line is valid JSON: matched text is always valid UTF-8, and invalid bytes are never part of a face.
        """,
        options: [
            OptionSpec(long: "unknown-tags", valueName: nil,
                       help: "Also report [...] tags that are not in the catalog (1 to 16 characters between the brackets), as kind unknown."),
        ],
        examples: [
            ("printf '好[哈哈]\\n😀[图片]\\n' | facetext scan --unknown-tags", ""),
            ("facetext scan chat.log | jq -r .tag | sort | uniq -c", "Count tags with jq"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        var recognized = Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let scanner = FaceScanner(catalog: context.catalog, recognizing: recognized)
        let catalog = context.catalog
        var stream = scanner.makeStream()
        var out: [UInt8] = []
        var line = 1
        var file = "-"
        func record(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {
            guard token.kind != .text else {
                line += NewlineCounter.count(in: bytes)
                return
            }
            let face = token.face.map { catalog.faces[$0] }
            let text = String(decoding: bytes, as: UTF8.self)
            let emoji: String? = face?.emoji ?? (token.kind == .emoji ? text : nil)
            let object = JSONValue.object([
                ("kind", .string(token.kind.rawValue)), ("text", .string(text)),
                ("tag", .optional(face?.tag)), ("emoji", .optional(emoji)),
                ("image", .optional(face?.image ?? face?.animatedImage)),
                ("file", .string(file)), ("line", .integer(line)),
                ("offset", .integer(token.range.lowerBound)), ("length", .integer(token.range.count)),
            ])
            out.append(contentsOf: object.text.utf8)
            out.append(0x0A)
        }
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (name: String) throws(IOError) in
            stream = scanner.makeStream()
            line = 1
            file = name
        }, { (chunk) throws(IOError) in
            stream.feed(chunk, record)
            try flush(&out, context)
        }, end: { (_: String) throws(IOError) in
            stream.finish(record)
            try flush(&out, context)
        })
        return allRead ? .success : .failure
    }

    private static func flush(_ out: inout [UInt8], _ context: CommandContext) throws(IOError) {
        guard !out.isEmpty else { return }
        try context.stdout.write(out)
        out.removeAll(keepingCapacity: true)
    }
}

/// Counting line feeds in bytes.
enum NewlineCounter {
    static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        return count
    }
}
