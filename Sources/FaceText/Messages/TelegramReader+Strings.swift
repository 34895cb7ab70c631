/// The strings of a Telegram export: what of them is kept, and how escapes become bytes.
extension ChatLog.TelegramReader {
    /// Keeps a run of plain bytes of the string being read.
    mutating func keep(_ run: UnsafeBufferPointer<UInt8>) {
        endSurrogate()
        // As keep(_:) byte by byte, a run at once.
        func append(_ run: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], limit: Int) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: run.prefix(max(0, limit - bytes.count))))
        }
        if stringUse == .key {
            append(run, to: &string, limit: 32)
        } else if keepsText {
            text.append(contentsOf: run)
        } else if currentKey == .sticker {
            append(run, to: &sticker, limit: 256)
        } else {
            append(run, to: &string, limit: 1024)
        }
    }

    mutating func keep(_ byte: UInt8) {
        if stringUse == .key {
            if string.count < 32 { string.append(byte) }
        } else if keepsText {
            text.append(byte)
        } else if currentKey == .sticker {
            if sticker.count < 256 { sticker.append(byte) }
        } else if string.count < 1024 {
            string.append(byte)
        }
    }

    /// Whether the string being read is message text.
    /// (None outside a message: a top-level string, or one in an array of no message.)
    var keepsText: Bool { messageDepth >= 0 && (stack.count - 1 > messageDepth || stack[messageDepth].key == .text) }

    /// Keeps the scalar of a `\u` escape: a high surrogate waits for the low one after it;
    /// a surrogate without its other half is U+FFFD.
    mutating func keepScalar(_ value: UInt32) {
        if (0xD800...0xDBFF).contains(value) {
            endSurrogate()
            highSurrogate = value
            return
        }
        let scalar: UInt32
        if (0xDC00...0xDFFF).contains(value) {
            scalar = highSurrogate != 0 ? 0x10000 + (highSurrogate - 0xD800) << 10 + (value - 0xDC00) : 0xFFFD
            highSurrogate = 0
        } else {
            endSurrogate()
            scalar = value
        }
        Unicode.UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { keep($0) }
    }

    /// A high surrogate with no low one after it: U+FFFD.
    mutating func endSurrogate() {
        guard highSurrogate != 0 else { return }
        highSurrogate = 0
        Unicode.UTF8.encode("\u{FFFD}") { keep($0) }
    }

    static func time(_ bytes: [UInt8]) -> ChatLog.Time? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = LineCursor(buffer)
            return TimeParsing.isoLike(&cursor)
        }
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    static func isScalarByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    static func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
