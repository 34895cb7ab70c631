extension LineEditor {
    /// `backspace` over a stream of lines: each line as the presses leave it
    /// (``Output/kept``), what they delete (``Output/deleted``), or both as a JSON
    /// object per line (``Output/json``). Feed chunks of any size; the output is
    /// the same however the input is split.
    ///
    /// A line is held until it ends, but of a very long line only the tail the
    /// presses could reach: once more than ``holdLimit`` bytes are pending, what
    /// no press can reach any more is written early (a line where nothing can be
    /// settled, one grapheme cluster of megabytes, is tried again only once it
    /// has doubled, so the time stays linear).
    ///
    /// ```swift
    /// var stream = LineEditor.Stream(editor: LineEditor(catalog: .default), presses: 1, output: .json)
    /// let out = StreamOutput()
    /// Array("发了[图片]\n".utf8).withUnsafeBufferPointer { stream.feed($0, into: out) }
    /// stream.finish(into: out)     // {"line":1,"text":"发了[图片","deleted":"]"}
    /// ```
    public struct Stream {
        /// What is written for each line.
        public enum Output: Sendable {
            /// What the presses keep, with the line ending.
            case kept
            /// What the presses delete.
            case deleted
            /// `{"line":N,"text":"…","deleted":"…"}` and a line feed (invalid UTF-8 as U+FFFD).
            case json
        }

        /// How many bytes of an unfinished line are held before what no press can reach is written.
        public static let holdLimit = 1 << 20
        /// How much output ``feed(_:into:whenFull:)`` lets pile up before it hands it on.
        public static let flushThreshold = 1 << 20

        public let editor: LineEditor
        public let presses: Int
        public let output: Output
        private var lines = LineBuffer()
        private var lineNumber = 0

        /// A stream pressing backspace `presses` times on every line.
        public init(editor: LineEditor, presses: Int, output: Output) {
            self.editor = editor
            self.presses = presses
            self.output = output
        }

        /// Handles `chunk`, writing to `out` what its lines come to.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into out: StreamOutput) {
            feed(chunk, into: out, whenFull: { (_: StreamOutput) throws(Never) in })
        }

        /// Handles `chunk`, calling `flush` with `out` whenever it holds more than
        /// ``flushThreshold`` bytes between lines (`flush` is expected to empty it).
        public mutating func feed<E: Error>(_ chunk: UnsafeBufferPointer<UInt8>, into out: StreamOutput,
                                            whenFull flush: (StreamOutput) throws(E) -> Void) throws(E) {
            let (mode, editor, presses) = (output, editor, presses)
            var start = 0
            if !lines.pending.isEmpty || lines.flushedPart {
                // The line the chunk before left unfinished, if it ends here.
                if let index = ByteSearch.lineFeed(in: chunk, from: 0) {
                    lineNumber += 1
                    lines.pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[...index]))
                    lines.pending.withUnsafeBufferPointer {
                        Self.finishLine($0, number: lineNumber, mode: mode, editor: editor, presses: presses,
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
                // What is kept is never more than was read: no need to flush in between.
                let (end, count) = editor.writeKept(linesIn: chunk, from: start, presses: presses, to: out)
                lineNumber += count
                start = end
            } else {
                while let index = ByteSearch.lineFeed(in: chunk, from: start) {
                    lineNumber += 1
                    Self.finishLine(UnsafeBufferPointer(rebasing: chunk[start...index]), number: lineNumber, mode: mode, editor: editor,
                                    presses: presses, into: out)
                    start = index + 1
                    if out.count >= Self.flushThreshold { try flush(out) }
                }
            }
            lines.pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
            if lines.pending.count > max(Self.holdLimit, lines.nextSettle) {
                Self.settle(&lines, number: lineNumber + 1, mode: mode, editor: editor, presses: presses, into: out)
                // Where nothing could be settled (one cluster of many megabytes), the next try waits
                // until the line has doubled: the tries' work adds up to a few times the line's length.
                lines.nextSettle = lines.pending.count > Self.holdLimit ? 2 * lines.pending.count : 0
            }
        }

        /// Writes what the last, unfinished line comes to, and starts afresh (line numbers from 1 again).
        public mutating func finish(into out: StreamOutput) {
            if !lines.pending.isEmpty || lines.flushedPart {
                lineNumber += 1
                let (mode, editor, presses, number, continuing) = (output, editor, presses, lineNumber, lines.flushedPart)
                lines.pending.withUnsafeBufferPointer {
                    Self.finishLine($0, number: number, mode: mode, editor: editor, presses: presses, continuing: continuing, into: out)
                }
            }
            lines = LineBuffer()
            lineNumber = 0
        }

        /// The unfinished line; `flushedPart` is set once part of it was written early.
        struct LineBuffer {
            var pending: [UInt8] = []
            var flushedPart = false
            /// The length `pending` must pass before the next try to settle part of it.
            var nextSettle = 0
        }

        /// Writes the part of a very long line (line `number`) that no press can
        /// reach any more: in JSON, the start of its object and of its text.
        private static func settle(_ lines: inout LineBuffer, number: Int, mode: Output, editor: LineEditor, presses: Int,
                                   into out: StreamOutput) {
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
                    JSONText.append(escaping: part, to: out)
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

        private static func appendJSONStart(number: Int, to out: StreamOutput) {
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
        private static func finishLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, mode: Output, editor: LineEditor, presses: Int,
                                       continuing: Bool = false, into out: StreamOutput) {
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
                if line.count <= JSONText.escapePiece {
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
                JSONText.append(escaping: kept, to: out)
                out.append(Self.jsonDeleted)
                JSONText.append(escaping: deleted, to: out)
                out.append(Self.jsonEnd)
            }
        }
    }
}
