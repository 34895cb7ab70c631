extension LineEditor {
    /// Backspace over the whole lines of a stream's chunk: writes to `out`
    /// what `presses` backspaces keep of each line of `bytes` from `start` on
    /// that ends with a line feed, followed by its line ending (LF or CRLF),
    /// and returns where the last of those lines ends and how many there
    /// were. The bytes after it, a line not ended yet, are the caller's.
    ///
    /// What is kept runs on from line to line, so it is copied once per
    /// deletion, not once per line; the lines of a few bytes that chat logs
    /// are full of are decided by a few byte tests (``QuickUnits``).
    public func writeKept(linesIn bytes: UnsafeBufferPointer<UInt8>, from start: Int, presses: Int,
                          to out: StreamOutput) -> (end: Int, lines: Int) {
        var lineStart = start
        var copied = start
        var lines = 0
        out.withStorage { storage in
            while let lineFeed = ByteSearch.lineFeed(in: bytes, from: lineStart) {
                lines &+= 1
                var bodyEnd = lineFeed
                if bodyEnd > lineStart && bytes[bodyEnd &- 1] == 0x0D { bodyEnd &-= 1 }
                if bodyEnd > lineStart {
                    let keep: Int
                    if presses == 1, let quick = quick.lastUnit(in: bytes, from: lineStart, to: bodyEnd) {
                        keep = quick
                    } else {
                        keep = lineStart &+ remainingLength(of: UnsafeBufferPointer(rebasing: bytes[lineStart..<bodyEnd]),
                                                            presses: presses)
                    }
                    if keep < bodyEnd {
                        storage.append(bytes, from: copied, to: keep)
                        copied = bodyEnd
                    }
                }
                lineStart = lineFeed &+ 1
            }
            storage.append(bytes, from: copied, to: lineStart)
        }
        return (lineStart, lines)
    }
}
