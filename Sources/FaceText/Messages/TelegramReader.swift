/// Reads Telegram Desktop's JSON export (`result.json`) as it streams in,
/// with memory bounded by one message: every object in a `messages` array is a
/// message; its `date` (`2024-05-01T20:02:03`) is the time, `from` the sender,
/// `text` (a string, or an array of strings and entities with a `text`) and
/// `sticker_emoji` its text. A message's text comes as one line (ending in a
/// line feed) whose `offset` and `number` are those of the message object in
/// the file; a text over ``MessageSplitter/lineLimit`` comes in pieces.
///
/// A broken file is a ``Failure`` naming the line and column (from 1) and the
/// problem; what was read before it has been handed on.
public struct TelegramReader {
    /// What is wrong with a file, and where.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var problem: String
        public var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// The deepest nesting read.
    public static let depthLimit = 256

    private enum Container { case object, array }
    private struct Level {
        var container: Container
        /// The key whose value is being read (objects), as far as it matters.
        var key: Key = .other
        var expectsKey = true
    }
    private enum Key { case messages, date, from, text, sticker, other }
    private enum State { case value, afterValue, string, escape, unicode, literal, number, colon }

    private var stack: [Level] = []
    private var state: State = .value
    private var started = false
    /// What the string being read is: a key, a field of a message, or nothing kept.
    private enum StringUse { case key, keep, skip }
    private var stringUse: StringUse = .skip
    private var string: [UInt8] = []
    private var unicode: UInt32 = 0
    private var unicodeDigits = 0
    private var highSurrogate: UInt32 = 0
    private var literal: [UInt8] = []

    /// The message being read: its depth in ``stack``, fields and text.
    private var messageDepth = -1
    private var date: ChatTime?
    private var sender: String?
    private var text: [UInt8] = []
    private var sticker: [UInt8] = []
    private var messageOffset = 0
    private var messageLine = 1

    private var offset = 0
    private var line = 1
    /// The offset of the current line's first byte (for the column of an error).
    private var lineStart = 0

    public init() {}

    /// Hands on every message completed by `chunk`.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        var index = 0
        while index < chunk.count {
            if state == .string {
                // Most bytes are inside strings: a run of plain ones at a time.
                var end = index
                while end < chunk.count {
                    let byte = chunk[end]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    end += 1
                }
                if end > index {
                    if stringUse != .skip { keep(UnsafeBufferPointer(rebasing: chunk[index..<end])) }
                    offset += end - index
                    index = end
                    if index == chunk.count { break }
                }
            }
            let byte = chunk[index]
            try step(byte, body)
            offset += 1
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = offset
            }
        }
    }

    /// Ends the input: an error if the JSON is not complete.
    public mutating func finish(_ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        if state == .number || state == .literal { try endScalar(body) }
        guard started else { throw fail("no JSON in the file") }
        guard stack.isEmpty, !inString else { throw fail("the file ends inside the JSON") }
    }

    private var inString: Bool { state == .string || state == .escape || state == .unicode }

    private func fail(_ problem: String) -> Failure { Failure(line: line, column: offset - lineStart + 1, problem: problem) }

    private mutating func step(_ byte: UInt8, _ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        switch state {
        case .string:
            if byte == UInt8(ascii: "\"") {
                try endString(body)
            } else if byte == UInt8(ascii: "\\") {
                state = .escape
            } else if byte < 0x20 {
                throw fail("a control character inside a string")
            } else if stringUse != .skip {
                if highSurrogate != 0 { keepScalar(0xFFFD) }
                keep(byte)
            }
        case .escape:
            state = .string
            let plain: UInt8? = switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            default: nil
            }
            if let plain {
                if stringUse != .skip { keep(plain) }
            } else if byte == UInt8(ascii: "u") {
                state = .unicode
                unicode = 0
                unicodeDigits = 0
            } else {
                throw fail("a backslash before \(Self.shown(byte)) in a string")
            }
        case .unicode:
            guard let digit = Self.hexDigit(byte) else { throw fail("\\u needs four hex digits") }
            unicode = unicode << 4 | digit
            unicodeDigits += 1
            if unicodeDigits == 4 {
                state = .string
                if stringUse != .skip { keepScalar(unicode) }
            }
        case .number, .literal:
            if Self.isScalarByte(byte) {
                if literal.count < 64 { literal.append(byte) }
                return
            }
            try endScalar(body)
            try step(byte, body)
        case .value, .afterValue, .colon:
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return }
            if !started, offset == 0, byte == 0xEF { return }   // a byte order mark
            if !started, (offset == 1 && byte == 0xBB) || (offset == 2 && byte == 0xBF) { return }
            try structural(byte, body)
        }
    }

    private mutating func structural(_ byte: UInt8, _ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        switch state {
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw fail("expected ':' after a key, found \(Self.shown(byte))") }
            state = .value
        case .afterValue:
            guard let level = stack.last else { throw fail("\(Self.shown(byte)) after the end of the JSON") }
            if byte == UInt8(ascii: ",") {
                if level.container == .object { stack[stack.count - 1].expectsKey = true }
                state = .value
                afterComma = true
            } else if byte == UInt8(ascii: "}") && level.container == .object || byte == UInt8(ascii: "]") && level.container == .array {
                try close(body)
            } else {
                throw fail("expected ',' or '\(level.container == .object ? "}" : "]")', found \(Self.shown(byte))")
            }
        default:
            if let level = stack.last, level.container == .object, level.expectsKey {
                if byte == UInt8(ascii: "}") && state == .value && !afterComma { try close(body); return }
                guard byte == UInt8(ascii: "\"") else { throw fail("expected a key in quotes, found \(Self.shown(byte))") }
                stringUse = .key
                string.removeAll(keepingCapacity: true)
                state = .string
                return
            }
            if stack.isEmpty && started { throw fail("\(Self.shown(byte)) after the end of the JSON") }
            started = true
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < Self.depthLimit else { throw fail("nested deeper than \(Self.depthLimit)") }
                let isMessage = byte == UInt8(ascii: "{") && stack.last.map { $0.container == .array } == true
                    && stack.count >= 2 && stack[stack.count - 2].key == .messages && messageDepth < 0
                stack.append(Level(container: byte == UInt8(ascii: "{") ? .object : .array))
                if isMessage { startMessage() }
                state = .value
                afterComma = false
            case UInt8(ascii: "]"):
                guard let level = stack.last, level.container == .array, !afterComma else { throw fail("unexpected ']'") }
                try close(body)
            case UInt8(ascii: "\""):
                stringUse = keepsValue ? .keep : .skip
                string.removeAll(keepingCapacity: true)
                state = .string
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                literal = [byte]
                state = .number
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                literal = [byte]
                state = .literal
            default:
                throw fail("expected a value, found \(Self.shown(byte))")
            }
        }
    }

    /// Whether the last structural byte was a comma (so `}` or `]` may not follow).
    private var afterComma = false

    /// The key of the value being read, in the innermost object.
    private var currentKey: Key { stack.last?.container == .object ? stack.last!.key : (stack.count >= 2 ? stack[stack.count - 2].key : .other) }

    /// Whether a string value is a field of the message being read, or text inside its `text` array.
    private var keepsValue: Bool {
        guard messageDepth >= 0 else { return false }
        let depth = stack.count - 1
        if depth == messageDepth { return [.date, .from, .text, .sticker].contains(stack[depth].key) }
        // `text` as an array: its strings, and the `text` of its entities.
        if depth == messageDepth + 1 { return stack[messageDepth].key == .text && stack[depth].container == .array }
        if depth == messageDepth + 2 {
            return stack[messageDepth].key == .text && stack[depth - 1].container == .array && stack[depth].key == .text
        }
        return false
    }

    /// Keeps a run of plain bytes of the string being read.
    private mutating func keep(_ run: UnsafeBufferPointer<UInt8>) {
        if highSurrogate != 0 { keepScalar(0xFFFD) }
        if stringUse != .key && keepsText {
            text.append(contentsOf: run)
        } else {
            for byte in run { keep(byte) }
        }
    }

    private mutating func keep(_ byte: UInt8) {
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
    private var keepsText: Bool { stack.count - 1 > messageDepth || stack[messageDepth].key == .text }

    private mutating func keepScalar(_ value: UInt32) {
        if (0xD800...0xDBFF).contains(value) {
            highSurrogate = value
            return
        }
        var scalar = value
        if (0xDC00...0xDFFF).contains(value) {
            scalar = highSurrogate != 0 ? 0x10000 + (highSurrogate - 0xD800) << 10 + (value - 0xDC00) : 0xFFFD
        } else if highSurrogate != 0 {
            for byte in Array(String(Unicode.Scalar(0xFFFD)!).utf8) { keep(byte) }
        }
        highSurrogate = 0
        for byte in Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8) { keep(byte) }
    }

    private mutating func endString(_ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        if highSurrogate != 0, stringUse != .skip { keepScalar(0xFFFD) }
        highSurrogate = 0
        if stringUse == .key {
            let key: Key = switch String(decoding: string, as: UTF8.self) {
            case "messages": .messages
            case "date": .date
            case "from": .from
            case "text": .text
            case "sticker_emoji": .sticker
            default: .other
            }
            stack[stack.count - 1].key = key
            stack[stack.count - 1].expectsKey = false
            stringUse = .skip
            state = .colon
            return
        }
        if stringUse == .keep, messageDepth == stack.count - 1 {
            switch stack[messageDepth].key {
            case .date: date = Self.time(string)
            case .from: sender = String(validating: string, as: UTF8.self)
            default: break
            }
        }
        if keepsText, text.count >= MessageSplitter.lineLimit { flush(body) }
        stringUse = .skip
        valueEnded()
    }

    private mutating func endScalar(_ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        if state == .literal {
            guard literal == Array("true".utf8) || literal == Array("false".utf8) || literal == Array("null".utf8) else {
                throw fail("'\(String(decoding: literal, as: UTF8.self))' is no JSON value")
            }
        } else {
            let valid = literal.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") || $0 &- 0x30 < 10 }
            guard valid else { throw fail("'\(String(decoding: literal, as: UTF8.self))' is no JSON number") }
        }
        valueEnded()
    }

    private mutating func valueEnded() {
        state = .afterValue
        afterComma = false
    }

    private mutating func close(_ body: (MessageSplitter.Line) -> Void) throws(Failure) {
        if stack.count - 1 == messageDepth { endMessage(body) }
        stack.removeLast()
        valueEnded()
    }

    private mutating func startMessage() {
        messageDepth = stack.count - 1
        date = nil
        sender = nil
        text.removeAll(keepingCapacity: true)
        sticker.removeAll(keepingCapacity: true)
        messageOffset = offset
        messageLine = line
    }

    private mutating func endMessage(_ body: (MessageSplitter.Line) -> Void) {
        if !sticker.isEmpty {
            if !text.isEmpty { text.append(0x20) }
            text += sticker
        }
        flush(body)
        messageDepth = -1
    }

    /// Hands on the text read so far as a line of the message.
    private mutating func flush(_ body: (MessageSplitter.Line) -> Void) {
        text.append(0x0A)
        text.withUnsafeBufferPointer { bytes in
            body(MessageSplitter.Line(bytes: bytes, header: MessageHeader(sender: sender, time: date), textStart: 0,
                                      offset: messageOffset, number: messageLine))
        }
        text.removeAll(keepingCapacity: text.capacity <= 1 << 16)
    }

    private static func time(_ bytes: [UInt8]) -> ChatTime? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = LineCursor(buffer)
            return TimeParsing.isoLike(&cursor)
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
