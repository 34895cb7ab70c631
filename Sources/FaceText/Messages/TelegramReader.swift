extension ChatLog {
    /// Reads Telegram Desktop's JSON export (`result.json`) as it streams in,
    /// with memory bounded by one message: every object in a `messages` array is a
    /// message; its `date` (`2024-05-01T20:02:03`) is the time, `from` the sender,
    /// `text` (a string, or an array of strings and entities with a `text`) and
    /// `sticker_emoji` its text. A message's text comes as one line (ending in a
    /// line feed) whose `offset` and `number` are those of the message object in
    /// the file. A text over ``ChatLog/Splitter/lineLimit`` comes in pieces of that
    /// size as it is read, as a splitter hands on a long line: the first with the
    /// header (the fields read before the text: Telegram Desktop writes `date` and
    /// `from` first), each but the last with ``ChatLog/Splitter/Line/goesOn`` set.
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

        enum Container { case object, array }
        struct Level {
            var container: Container
            /// The key whose value is being read (objects), as far as it matters.
            var key: Key = .other
            var expectsKey = true
        }
        enum Key { case messages, date, from, text, sticker, other }
        /// The keys that matter, by their bytes.
        static let keys: [(name: [UInt8], key: Key)] = [("messages", .messages), ("date", .date), ("from", .from), ("text", .text),
                                                        ("sticker_emoji", .sticker)].map { (Array($0.utf8), $1) }
        static let literals = ["true", "false", "null"].map { Array($0.utf8) }
        enum State { case value, afterValue, string, escape, unicode, literal, number, colon }

        var stack: [Level] = []
        var state: State = .value
        var started = false
        /// What the string being read is: a key, a field of a message, or nothing kept.
        enum StringUse { case key, keep, skip }
        var stringUse: StringUse = .skip
        var string: [UInt8] = []
        var unicode: UInt32 = 0
        var unicodeDigits = 0
        var highSurrogate: UInt32 = 0
        var literal: [UInt8] = []
        /// How far the number being read has gone in JSON's grammar of numbers.
        var numberPart = NumberPart.start
        /// How many bytes of a byte order mark (EF BB BF) start the file.
        var byteOrderMark = 0

        /// The message being read: its depth in ``stack``, fields and text.
        var messageDepth = -1
        var date: ChatLog.Time?
        var sender: String?
        var text: [UInt8] = []
        var sticker: [UInt8] = []
        /// The bytes of the last `from` read, and the name they make (nil when not UTF-8).
        var senderBytes: [UInt8] = []
        var lastSender: String?
        var messageOffset = 0
        var messageLine = 1
        /// Whether a piece of the message's text has been handed on.
        var textHandedOn = false

        var offset = 0
        var line = 1
        /// The offset of the current line's first byte (for the column of an error).
        var lineStart = 0

        public init() {}

        /// Hands on every message completed by `chunk`.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
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
                        if text.count >= ChatLog.Splitter.lineLimit { handOnPiece(body) }
                        offset += end - index
                        index = end
                        if index == chunk.count { break }
                    }
                }
                let byte = chunk[index]
                if byte == 0x20 || byte == 0x09, state == .value || state == .afterValue || state == .colon {
                    // The indentation of a pretty-printed export: a run at a time.
                    var end = index + 1
                    while end < chunk.count, chunk[end] == 0x20 || chunk[end] == 0x09 { end += 1 }
                    offset += end - index
                    index = end
                    continue
                }
                try step(byte, body)
                offset += 1
                index += 1
                if text.count >= ChatLog.Splitter.lineLimit { handOnPiece(body) }
                if byte == 0x0A {
                    line += 1
                    lineStart = offset
                }
            }
        }

        /// Ends the input: an error if the JSON is not complete.
        public mutating func finish(_ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
            if state == .number || state == .literal { try endScalar(body) }
            guard started else { throw fail("no JSON in the file") }
            guard stack.isEmpty, !inString else { throw fail("the file ends inside the JSON") }
        }

        var inString: Bool { state == .string || state == .escape || state == .unicode }

        func fail(_ problem: String) -> Failure { Failure(line: line, column: offset - lineStart + 1, problem: problem) }

        mutating func step(_ byte: UInt8, _ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
            switch state {
            case .string:
                if byte == UInt8(ascii: "\"") {
                    try endString(body)
                } else if byte == UInt8(ascii: "\\") {
                    state = .escape
                } else if byte < 0x20 {
                    throw fail("a control character inside a string")
                } else if stringUse != .skip {
                    endSurrogate()
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
                    if state == .number { numberPart = numberPart.next(byte) }
                    return
                }
                try endScalar(body)
                try step(byte, body)
            case .value, .afterValue, .colon:
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return }
                // A byte order mark, whole: EF BB BF before anything else.
                if !started, offset < 3, byteOrderMark == offset, byte == [0xEF, 0xBB, 0xBF][offset] {
                    byteOrderMark += 1
                    return
                }
                if byteOrderMark > 0 && byteOrderMark < 3 { throw fail("a byte order mark cut short") }
                try structural(byte, body)
            }
        }

        mutating func structural(_ byte: UInt8, _ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
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
                    literal.removeAll(keepingCapacity: true)
                    literal.append(byte)
                    numberPart = NumberPart.start.next(byte)
                    state = .number
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    literal.removeAll(keepingCapacity: true)
                    literal.append(byte)
                    state = .literal
                default:
                    throw fail("expected a value, found \(Self.shown(byte))")
                }
            }
        }

        /// Whether the last structural byte was a comma (so `}` or `]` may not follow).
        var afterComma = false

        /// The key of the value being read, in the innermost object.
        var currentKey: Key { stack.last?.container == .object ? stack.last!.key : (stack.count >= 2 ? stack[stack.count - 2].key : .other) }

        /// Whether a string value is a field of the message being read, or text inside its `text` array.
        var keepsValue: Bool {
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

        mutating func endString(_ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
            if stringUse != .skip { endSurrogate() }
            highSurrogate = 0
            if stringUse == .key {
                let key = Self.keys.first { $0.name == string }?.key ?? .other
                stack[stack.count - 1].key = key
                stack[stack.count - 1].expectsKey = false
                stringUse = .skip
                state = .colon
                return
            }
            if stringUse == .keep, messageDepth == stack.count - 1 {
                switch stack[messageDepth].key {
                case .date: date = Self.time(string)
                case .from:
                    // Most messages are from a few people: the last name read is kept.
                    // A name over the line formats' limit (or not UTF-8) is no name, as there: no sender.
                    if string != senderBytes {
                        senderBytes = string
                        lastSender = string.count <= ChatLog.Header.senderLimit ? String(validating: string, as: UTF8.self) : nil
                    }
                    sender = lastSender
                default: break
                }
            }
            stringUse = .skip
            valueEnded()
        }

        mutating func endScalar(_ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
            if state == .literal {
                guard Self.literals.contains(literal) else {
                    throw fail("'\(String(decoding: literal, as: UTF8.self))' is no JSON value")
                }
            } else {
                guard numberPart.isEnd else { throw fail("'\(String(decoding: literal, as: UTF8.self))' is no JSON number") }
            }
            valueEnded()
        }

        mutating func valueEnded() {
            state = .afterValue
            afterComma = false
        }

        mutating func close(_ body: (ChatLog.Splitter.Line) -> Void) throws(Failure) {
            if stack.count - 1 == messageDepth { endMessage(body) }
            stack.removeLast()
            valueEnded()
        }
    }
}
