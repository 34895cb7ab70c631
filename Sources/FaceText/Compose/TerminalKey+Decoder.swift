extension TerminalKey {
    /// Turns the bytes a terminal in raw mode sends into ``TerminalKey``s.
    ///
    /// Reads UTF-8 text (an invalid byte becomes U+FFFD), control keys, the
    /// escape sequences of xterm and its kin (`ESC [ …` and `ESC O …`, with or
    /// without modifiers, which are ignored) and bracketed paste (`ESC [ 200~`
    /// … `ESC [ 201~`). Sequences it does not know are dropped whole. Bytes may
    /// come in any pieces: an unfinished sequence waits for the next ones, and a
    /// lone Escape is told from the start of a sequence by time, so the caller
    /// calls ``flush()`` when no byte has come for a moment.
    ///
    /// What it holds is bounded: an escape sequence of more than 32 bytes is
    /// dropped to its end, and a paste is handed on in pieces of at most ``pastePiece`` bytes.
    ///
    /// A paste ends at its end marker, and also where no terminal would put one:
    /// at a control key (Ctrl-C, Ctrl-D, Escape…; terminals take control
    /// characters other than tab and line breaks out of pastes), and at
    /// ``flush()`` (the caller's timer: no byte for a moment). So a paste whose
    /// end never comes cannot swallow the keys that leave.
    public struct Decoder: Sendable {
        /// The most bytes of a paste handed on in one ``TerminalKey/paste(_:)``.
        public static let pastePiece = 64 * 1024
        private static let sequenceLimit = 32
        private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

        private var pending: [UInt8] = []
        private var pasting = false
        /// Whether the rest of an over-long escape sequence is being dropped.
        private var skipping = false
        private var paste: [UInt8] = []

        public init() {}

        /// Whether bytes are held that the next ones may complete (a lone Escape, say).
        public var isHoldingBytes: Bool { !pending.isEmpty }

        /// Whether a paste has begun and not ended.
        public var isPasting: Bool { pasting }

        /// The keys `bytes` complete, in order.
        public mutating func keys(from bytes: some Sequence<UInt8>) -> [TerminalKey] {
            pending.append(contentsOf: bytes)
            return decode(final: false)
        }

        /// The keys held bytes stand for when no more come: a lone Escape, an Alt
        /// key, or the start of a character that will not be finished. A paste
        /// under way ends here: what it holds is handed on.
        public mutating func flush() -> [TerminalKey] {
            var keys = decode(final: true)
            if pasting {
                handOnPaste(into: &keys, all: true)
                pasting = false
            }
            return keys
        }

        private mutating func decode(final: Bool) -> [TerminalKey] {
            var keys: [TerminalKey] = []
            var text: [UInt8] = []
            func endText() {
                if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))); text.removeAll() }
            }
            var index = 0
            defer { pending.removeFirst(index) }
            while index < pending.count {
                if pasting {
                    index = takePaste(from: index, into: &keys, final: final)
                    if pasting { break }
                    continue
                }
                let byte = pending[index]
                if skipping {
                    // Parameters go on being dropped; the final byte ends the sequence.
                    if (0x20...0x3F).contains(byte) { index += 1; continue }
                    skipping = false
                    if (0x40...0x7E).contains(byte) { index += 1; continue }
                }
                switch byte {
                case 0x1B:
                    guard let (key, length) = escape(at: index, final: final) else {
                        endText()
                        return keys
                    }
                    endText()
                    if let key { keys.append(key) }
                    index += length
                case 0x20..<0x7F:
                    text.append(byte)
                    index += 1
                case 0x80...:
                    switch pending.withUnsafeBufferPointer({ UTF8Decoder.decode($0, at: index) }) {
                    case .truncated:
                        // Not finished yet: wait for the rest, unless no more will come.
                        guard final else { endText(); return keys }
                        text.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        index += 1
                    case .invalid(let length):
                        text.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        index += length
                    case .scalar(_, let length):
                        text.append(contentsOf: pending[index..<index + length])
                        index += length
                    }
                default:
                    endText()
                    if let key = Self.control(byte) { keys.append(key) }
                    index += 1
                }
            }
            endText()
            return keys
        }

        /// The key a control byte stands for, if any.
        static func control(_ byte: UInt8) -> TerminalKey? {
            switch byte {
            case 0x0D: .enter
            case 0x0A: .lineBreak
            case 0x7F, 0x08: .backspace
            case 0x09: .tab
            case 0x01: .home
            case 0x05: .end
            case 0x02: .left
            case 0x06: .right
            case 0x10: .up
            case 0x0E: .down
            case 0x15: .deleteToStart
            case 0x0B: .deleteToEnd
            case 0x17: .deleteWord
            case 0x04: .endOfInput
            case 0x03: .interrupt
            case 0x1A: .suspend
            case 0x0C: .redraw
            default: nil
            }
        }

        /// The key of the escape sequence at `index` and its length (a nil key
        /// for one dropped); nil when the sequence is not finished and more may come.
        private mutating func escape(at index: Int, final: Bool) -> (TerminalKey?, Int)? {
            let available = pending.count - index
            guard available >= 2 else { return final ? (.escape, 1) : nil }
            let second = pending[index + 1]
            switch second {
            case UInt8(ascii: "["), UInt8(ascii: "O"):
                // Parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
                var end = index + 2
                while end < pending.count && end - index < Self.sequenceLimit && (0x20...0x3F).contains(pending[end]) { end += 1 }
                if end - index >= Self.sequenceLimit {
                    skipping = true
                    return (nil, end - index)
                }
                guard end < pending.count else { return final ? (nil, end - index) : nil }
                let finalByte = pending[end]
                // Not a sequence after all (Escape, then "[" typed, say): the Escape key, and the rest as typed.
                guard (0x40...0x7E).contains(finalByte) else { return (.escape, 1) }
                let parameters = String(decoding: pending[index + 2..<end], as: UTF8.self)
                let key = Self.sequence(introducer: second, parameters: parameters, final: finalByte)
                if second == UInt8(ascii: "[") && parameters == "200" && finalByte == UInt8(ascii: "~") {
                    pasting = true
                    paste.removeAll()
                }
                return (key, end + 1 - index)
            case 0x0D:
                return (.lineBreak, 2)
            case 0x7F, 0x08:
                return (.deleteWord, 2)
            case 0x1B:
                return (.escape, 1)
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                return (.toggleEmoji, 2)
            default:
                // Alt with a key: the key alone.
                return (nil, 1)
            }
        }

        /// The key of `ESC [ parameters final` or `ESC O final`.
        static func sequence(introducer: UInt8, parameters: String, final: UInt8) -> TerminalKey? {
            let first = parameters.split(separator: ";").first.map(String.init) ?? ""
            switch final {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            case UInt8(ascii: "Z"): return .backTab
            case UInt8(ascii: "M") where introducer == UInt8(ascii: "O"): return .enter
            case UInt8(ascii: "~"):
                switch first {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                case "5": return .pageUp
                case "6": return .pageDown
                default: return nil
                }
            default: return nil
            }
        }

        /// Takes paste bytes from `index` up to the end marker, or a control key
        /// that ends the paste (left to be read as a key); returns where it stopped.
        private mutating func takePaste(from index: Int, into keys: inout [TerminalKey], final: Bool) -> Int {
            var index = index
            while index < pending.count {
                let byte = pending[index]
                if byte == 0x1B {
                    let available = min(Self.pasteEnd.count, pending.count - index)
                    if Array(pending[index..<index + available]) == Array(Self.pasteEnd[..<available]) {
                        if available == Self.pasteEnd.count {
                            handOnPaste(into: &keys, all: true)
                            pasting = false
                            return index + available
                        }
                        if !final { return index }  // the marker may be cut
                    }
                }
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    // No paste holds this: the paste ended without its marker, and this is a key.
                    handOnPaste(into: &keys, all: true)
                    pasting = false
                    return index
                }
                paste.append(byte)
                index += 1
                if paste.count >= Self.pastePiece { handOnPaste(into: &keys, all: false) }
            }
            return index
        }

        /// Hands on the paste held, up to its last whole character unless `all`.
        private mutating func handOnPaste(into keys: inout [TerminalKey], all: Bool) {
            var cut = paste.count
            if !all {
                // Keep an unfinished character for the next piece.
                var back = cut - 1
                while back > 0 && cut - back < 4 && paste[back] & 0xC0 == 0x80 { back -= 1 }
                if back >= 0 && paste[back] >= 0xC0,
                   case .truncated = paste.withUnsafeBufferPointer({ UTF8Decoder.decode($0, at: back) }) {
                    cut = back
                }
            }
            guard cut > 0 else { return }
            keys.append(.paste(String(decoding: paste[..<cut], as: UTF8.self)))
            paste.removeFirst(cut)
        }
    }
}
