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
        var writer = ScanWriter(catalog: context.catalog)
        var stream = scanner.makeStream()
        var out: [UInt8] = []
        var line = 1
        func record(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {
            if token.kind == .text {
                line += NewlineCounter.count(in: bytes)
            } else {
                writer.write(token, bytes, line: line, to: &out)
            }
        }
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (name: String) throws(IOError) in
            stream = scanner.makeStream()
            line = 1
            writer.startFile(name)
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

/// Counting line feeds in bytes, eight at a time.
enum NewlineCounter {
    static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            // A byte equal to 0x0A becomes 0x00; count zero bytes in the word.
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let zeros = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
            count += zeros.nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }
}
