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
                       help: "Also treat any [...] of at most 16 characters (no brackets or line breaks inside) as one unit."),
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

    /// Lines longer than this are flushed in parts: only their possibly-deleted tail is held.
    static let holdLimit = 1 << 20

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let presses = try invocation.integer("count", in: 0...1_000_000, command: spec) ?? 1
        if invocation.flag("deleted") && invocation.flag("json") {
            throw UsageError(.conflict("use either '--deleted' or '--json', not both."), command: spec)
        }
        let mode: Mode = invocation.flag("json") ? .json : invocation.flag("deleted") ? .deleted : .kept
        let editor = LineEditor(catalog: context.catalog, anyTag: invocation.flag("any-tag"))
        var lines = LineBuffer()
        let out = ByteBuffer(capacity: InputFiles.chunkSize + InputFiles.chunkSize / 4)
        var lineNumber = 0
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            lines = LineBuffer()
            lineNumber = 0
        }, { (chunk) throws(IOError) in
            var start = 0
            if !lines.pending.isEmpty || lines.flushedPart {
                // The line the chunk before left unfinished, if it ends here.
                if let index = ByteSearch.lineFeed(in: chunk, from: 0) {
                    lineNumber += 1
                    lines.pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[...index]))
                    lines.pending.withUnsafeBufferPointer {
                        finishLine($0, number: lineNumber, mode: mode, editor: editor, presses: presses,
                                   continuing: lines.flushedPart, into: out)
                    }
                    lines.pending.removeAll(keepingCapacity: true)
                    lines.flushedPart = false
                    start = index + 1
                } else {
                    start = chunk.count
                    lines.pending.append(contentsOf: chunk)
                }
            }
            if mode == .kept {
                // What is kept is never more than was read: no need to drain in between.
                let (end, count) = editor.writeKept(linesIn: chunk, from: start, presses: presses, to: out)
                lineNumber += count
                start = end
            } else {
                while let index = ByteSearch.lineFeed(in: chunk, from: start) {
                    lineNumber += 1
                    finishLine(UnsafeBufferPointer(rebasing: chunk[start...index]), number: lineNumber, mode: mode, editor: editor,
                               presses: presses, into: out)
                    start = index + 1
                    if out.count >= InputFiles.chunkSize { try context.stdout.drain(out) }
                }
            }
            lines.pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
            if lines.pending.count > max(holdLimit, lines.nextSettle) {
                settle(&lines, number: lineNumber + 1, mode: mode, editor: editor, presses: presses, into: out)
                // Where nothing could be settled (one cluster of many megabytes), the next try waits
                // until the line has doubled: the tries' work adds up to a few times the line's length.
                lines.nextSettle = lines.pending.count > holdLimit ? 2 * lines.pending.count : 0
            }
            try context.stdout.drain(out)
        }, end: { (_: String) throws(IOError) in
            if !lines.pending.isEmpty || lines.flushedPart {
                lineNumber += 1
                lines.pending.withUnsafeBufferPointer {
                    finishLine($0, number: lineNumber, mode: mode, editor: editor, presses: presses,
                               continuing: lines.flushedPart, into: out)
                }
            }
            lines = LineBuffer()
            try context.stdout.drain(out)
        })
        return allRead ? .success : .failure
    }

    enum Mode { case kept, deleted, json }

    /// The unfinished line; `flushedPart` is set once part of it was written early.
    struct LineBuffer {
        var pending: [UInt8] = []
        var flushedPart = false
        /// The length `pending` must pass before the next try to settle part of it.
        var nextSettle = 0
    }

    /// Writes the part of a very long line (line `number`) that no press can
    /// reach any more: in JSON, the start of its object and of its text.
    private static func settle(_ lines: inout LineBuffer, number: Int, mode: Mode, editor: LineEditor, presses: Int,
                               into out: ByteBuffer) {
        let settled = lines.pending.withUnsafeBufferPointer { pending in
            let settled = editor.settledLength(of: pending, presses: presses)
            // Split where the escaping would begin a scalar anyway, so the text reads as if written at once.
            return mode == .json ? JSONText.unitBoundary(atOrBefore: settled, in: pending) : settled
        }
        guard settled > 0 else { return }
        lines.pending.withUnsafeBufferPointer { pending in
            let part = UnsafeBufferPointer(rebasing: pending[..<settled])
            switch mode {
            case .kept: out.append(part)
            case .deleted: break
            case .json:
                if !lines.flushedPart { appendJSONStart(number: number, to: out) }
                appendEscaped(part, to: out)
            }
        }
        lines.pending.removeFirst(settled)
        lines.flushedPart = true
    }

    /// `{"line":N,"text":"`, what a JSON line starts with.
    private static func writeJSONStart(number: Int, to writer: inout ByteWriter) {
        writer.put(Self.jsonLine)
        writer.put(decimal: number)
        writer.put(Self.jsonText)
    }

    private static func appendJSONStart(number: Int, to out: ByteBuffer) {
        out.append(maximumCount: 64) { start in
            var writer = ByteWriter(at: start)
            writeJSONStart(number: number, to: &writer)
            return writer.count
        }
    }

    private static let jsonLine = Array(#"{"line":"#.utf8), jsonText = Array(#","text":""#.utf8)
    private static let jsonDeleted = Array(#"","deleted":""#.utf8), jsonEnd = Array("\"}\n".utf8)

    /// How much of a whole line (with its LF, if any) the presses keep, and where its line ending starts.
    @inline(__always)
    private static func keptRange(_ line: UnsafeBufferPointer<UInt8>, editor: LineEditor, presses: Int) -> (keep: Int, bodyEnd: Int) {
        var bodyEnd = line.count
        if bodyEnd > 0, line[bodyEnd - 1] == 0x0A {
            bodyEnd -= 1
            if bodyEnd > 0, line[bodyEnd - 1] == 0x0D { bodyEnd -= 1 }
        }
        return (editor.remainingLength(of: UnsafeBufferPointer(rebasing: line[0..<bodyEnd]), presses: presses), bodyEnd)
    }

    /// Handles one whole line (with its LF, if any), or the rest of one when
    /// `continuing` (its start was written by ``settle(_:number:mode:editor:presses:into:)``).
    private static func finishLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, mode: Mode, editor: LineEditor, presses: Int,
                                   continuing: Bool = false, into out: ByteBuffer) {
        let (keep, bodyEnd) = keptRange(line, editor: editor, presses: presses)
        switch mode {
        case .kept:
            out.append(UnsafeBufferPointer(rebasing: line[..<keep]))
            out.append(UnsafeBufferPointer(rebasing: line[bodyEnd...]))
        case .deleted:
            out.append(UnsafeBufferPointer(rebasing: line[keep...]))
        case .json:
            // {"line":N,"text":"…","deleted":"…"} and a line feed, escaped on the bytes.
            let kept = UnsafeBufferPointer(rebasing: line[..<keep]), deleted = UnsafeBufferPointer(rebasing: line[keep..<bodyEnd])
            if line.count <= escapePiece {
                out.append(maximumCount: JSONText.escapedSize(line.count) + 64) { start in
                    var writer = ByteWriter(at: start)
                    if !continuing { writeJSONStart(number: number, to: &writer) }
                    JSONText.write(escaping: kept, to: &writer)
                    writer.put(Self.jsonDeleted)
                    JSONText.write(escaping: deleted, to: &writer)
                    writer.put(Self.jsonEnd)
                    return writer.count
                }
                return
            }
            // A long line in pieces: room for the worst case of a piece, not of the whole line.
            if !continuing { appendJSONStart(number: number, to: out) }
            appendEscaped(kept, to: out)
            out.append(Self.jsonDeleted)
            appendEscaped(deleted, to: out)
            out.append(Self.jsonEnd)
        }
    }

    /// The most bytes escaped at once: JSON escaping may write six bytes for one.
    static let escapePiece = 1 << 16

    /// Appends `bytes` escaped as the inside of a JSON string, a piece at a time,
    /// each piece ending where a scalar (or an invalid byte) does.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: ByteBuffer) {
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + escapePiece)
            if end < bytes.count { end = max(start + 1, JSONText.unitBoundary(atOrBefore: end, in: bytes)) }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            out.append(maximumCount: JSONText.escapedSize(piece.count)) { pointer in
                var writer = ByteWriter(at: pointer)
                JSONText.write(escaping: piece, to: &writer)
                return writer.count
            }
            start = end
        }
    }
}
