import FaceText
#if canImport(Glibc)
import Glibc
#endif

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
        var handler = ScanHandler(writer: ScanWriter(catalog: context.catalog))
        var stream = scanner.makeStream()
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (name: String) throws(IOError) in
            stream = scanner.makeStream()
            handler.line = 1
            handler.writer.startFile(name)
        }, { (chunk) throws(IOError) in
            // A face can take 30 times its bytes as JSON.
            try OutputPacing.feed(chunk, out: handler.space.out, context) {
                stream.feed($0, into: &handler)
                handler.space.keep()
            }
        }, end: { (_: String) throws(IOError) in
            stream.finish(into: &handler)
            handler.space.keep()
            try context.stdout.drain(handler.space.out)
        })
        return allRead ? .success : .failure
    }
}

/// Writes a JSON line per face and counts lines through the text between them.
private struct ScanHandler: TokenHandler {
    var writer: ScanWriter
    var line = 1
    var space = LineSpace(out: ByteBuffer(capacity: 1 << 21))

    mutating func handle(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {
        if token.kind == .text {
            line += NewlineCounter.count(in: bytes)
        } else {
            writer.write(token, bytes, line: line, to: &space)
        }
    }
}

/// Counting line feeds in bytes.
enum NewlineCounter {
    static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var index = 0
        while index < bytes.count, let found = memchr(base + index, 0x0A, bytes.count - index) {
            count += 1
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }
}
