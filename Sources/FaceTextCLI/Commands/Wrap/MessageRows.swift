import FaceText

/// `wrap` of a chat log read as messages (`--format`): each message becomes
/// one line for the wrapper, its first row the sender and time (`小明 · 2024-05-01 20:02`),
/// its lines after it joined by U+2028 LINE SEPARATOR, a mandatory break that
/// ends a row of the bubble but not the message. Blank lines at a message's end
/// (QQ's and WeChat's separators) are left out; blank lines inside it are kept.
struct MessageRows {
    /// Between the sender and the time in a header row.
    static let separator = Array(" · ".utf8)
    /// U+2028, which ends a row inside a message.
    static let rowBreak: [UInt8] = [0xE2, 0x80, 0xA8]

    private var open = false
    private var blanks = 0
    /// Whether the last line was a piece of a long line that goes on (written on, with no row break),
    /// and whether it ended in a carriage return, held back in case the line ends there.
    private var goesOn = false, heldReturn = false

    /// Starts an input again.
    mutating func reset() {
        open = false
        blanks = 0
        goesOn = false
        heldReturn = false
    }

    /// Appends to `out` what `line` makes of its message.
    mutating func add(_ line: ChatLog.Splitter.Line, to out: StreamOutput) {
        var end = line.bytes.count
        if !line.goesOn {
            if end > 0, line.bytes[end - 1] == 0x0A { end -= 1 }
            if end > 0, line.bytes[end - 1] == 0x0D { end -= 1 }
        } else if end > line.textStart, line.bytes[end - 1] == 0x0D {
            end -= 1
        }
        let content = UnsafeBufferPointer(rebasing: line.bytes[min(line.textStart, end)..<end])
        defer { (goesOn, heldReturn) = (line.goesOn, line.goesOn && end < line.bytes.count) }
        if goesOn {
            // The rest of a long line: on the same row, the carriage return held back written unless the line ends here.
            if heldReturn && !(content.isEmpty && line.bytes.first == 0x0A) { out.append(0x0D) }
            Self.append(content, to: out)
            return
        }
        if let header = line.header {
            if open { out.append(0x0A) }
            open = true
            blanks = 0
            let row = Self.row(header)
            out.append(Array(row.utf8))
            if line.textStart < end {
                if !row.isEmpty { out.append(Self.rowBreak) }
                Self.append(content, to: out)
            }
            return
        }
        guard !content.isEmpty else {
            if open { blanks += 1 }
            return
        }
        if open {
            for _ in 0...blanks { out.append(Self.rowBreak) }
        }
        open = true
        blanks = 0
        Self.append(content, to: out)
    }

    /// Appends a message's text, a line feed inside it (a Telegram message's text is one line
    /// holding them) as a row break: the message stays one line for the wrapper.
    private static func append(_ content: UnsafeBufferPointer<UInt8>, to out: StreamOutput) {
        InnerLines.forEach(in: content) { line, isLast in
            out.append(line)
            if !isLast { out.append(rowBreak) }
        }
    }

    /// Ends the input's last message.
    mutating func finish(to out: StreamOutput) {
        if open { out.append(0x0A) }
        reset()
    }

    /// `小明 · 2024-05-01 20:02`, or the one of them there is.
    static func row(_ header: ChatLog.Header) -> String {
        let time = header.time.map { "\($0.date) \(ChatLog.Time.digits($0.hour, 2)):\(ChatLog.Time.digits($0.minute, 2))" }
        return [header.sender, time].compactMap { $0 }.joined(separator: " · ")
    }
}
