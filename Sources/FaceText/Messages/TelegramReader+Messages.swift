/// The messages of a Telegram export: each one's fields gathered, its text handed on
/// (in pieces when it is long).
extension ChatLog.TelegramReader {
    mutating func startMessage() {
        messageDepth = stack.count - 1
        date = nil
        sender = nil
        text.removeAll(keepingCapacity: true)
        sticker.removeAll(keepingCapacity: true)
        messageOffset = offset
        messageLine = line
        textHandedOn = false
    }

    mutating func endMessage(_ body: (ChatLog.Splitter.Line) -> Void) {
        if !sticker.isEmpty {
            if !text.isEmpty { text.append(0x20) }
            text += sticker
        }
        flush(body)
        messageDepth = -1
    }

    /// Hands on the rest of the message's text, ended by a line feed.
    mutating func flush(_ body: (ChatLog.Splitter.Line) -> Void) {
        text.append(0x0A)
        handOn(goesOn: false, body)
    }

    /// Hands on the text read so far as a piece of the message's text that goes on.
    mutating func handOnPiece(_ body: (ChatLog.Splitter.Line) -> Void) {
        handOn(goesOn: true, body)
        textHandedOn = true
    }

    private mutating func handOn(goesOn: Bool, _ body: (ChatLog.Splitter.Line) -> Void) {
        let header = textHandedOn ? nil : ChatLog.Header(sender: sender, time: date)
        text.withUnsafeBufferPointer { bytes in
            body(ChatLog.Splitter.Line(bytes: bytes, header: header, textStart: 0, offset: messageOffset, number: messageLine,
                                      goesOn: goesOn))
        }
        text.removeAll(keepingCapacity: text.capacity <= 1 << 16)
    }
}
