extension ChatLog.TelegramReader {
    /// Where a number stands in JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`),
    /// a byte at a time, so that a number of any length is checked in constant memory.
    enum NumberPart {
        case start, minus, zero, integer, point, fraction, exponentMark, exponentSign, exponent, invalid

        /// The part after `byte`.
        func next(_ byte: UInt8) -> NumberPart {
            let digit = byte &- 0x30 < 10
            switch self {
            case .start: return byte == UInt8(ascii: "-") ? .minus : byte == UInt8(ascii: "0") ? .zero : digit ? .integer : .invalid
            case .minus: return byte == UInt8(ascii: "0") ? .zero : digit ? .integer : .invalid
            case .zero, .integer:
                if self == .integer && digit { return .integer }
                return byte == UInt8(ascii: ".") ? .point : byte | 0x20 == UInt8(ascii: "e") ? .exponentMark : .invalid
            case .point: return digit ? .fraction : .invalid
            case .fraction: return digit ? .fraction : byte | 0x20 == UInt8(ascii: "e") ? .exponentMark : .invalid
            case .exponentMark: return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") ? .exponentSign : digit ? .exponent : .invalid
            case .exponentSign, .exponent: return digit ? .exponent : .invalid
            case .invalid: return .invalid
            }
        }

        /// Whether a number may end here.
        var isEnd: Bool { self == .zero || self == .integer || self == .fraction || self == .exponent }
    }
}
