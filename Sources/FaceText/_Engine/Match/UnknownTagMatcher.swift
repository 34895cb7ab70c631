/// Recognises bracketed tags that are not in the catalog, such as `[图片]`,
/// or in the full-width brackets Chinese chat apps write as often, `【图片】`:
/// an opening bracket, then 1 to 16 characters (scalars) of valid UTF-8 with
/// no bracket of either kind and no line break (CR, LF, VT, FF, NEL, U+2028,
/// U+2029), then the closing bracket of the same kind.
enum UnknownTagMatcher {
    /// The most characters between the brackets.
    static let limit = 16

    /// `【` (U+3010) and `】` (U+3011).
    static let fullWidthOpening: UInt32 = 0x3010, fullWidthClosing: UInt32 = 0x3011

    enum Match: Equatable {
        case none
        case tag(length: Int)
        case needMore
    }

    /// Matches at `start`, whose byte is `[` or the first of `【` (E3 80 90); any other start is `.none`.
    static func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        let fullWidth = bytes[start] != UInt8(ascii: "[")
        if fullWidth {
            guard start + 2 < bytes.count else { return isFinal ? .none : .needMore }
            guard bytes[start] == 0xE3, bytes[start + 1] == 0x80, bytes[start + 2] == 0x90 else { return .none }
        }
        var index = start + (fullWidth ? 3 : 1)
        var characters = 0
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return !fullWidth && characters > 0 ? .tag(length: index + 1 - start) : .none
            case UInt8(ascii: "["), 0x0A, 0x0B, 0x0C, 0x0D:
                return .none
            default:
                switch UTF8Decoder.decode(bytes, at: index) {
                case .scalar(let value, let length):
                    if value == fullWidthClosing {
                        return fullWidth && characters > 0 ? .tag(length: index + length - start) : .none
                    }
                    guard value != fullWidthOpening, value != 0x85, value != 0x2028, value != 0x2029,
                          characters < limit else { return .none }
                    index += length
                    characters += 1
                case .invalid:
                    return .none
                case .truncated:
                    return isFinal ? .none : .needMore
                }
            }
        }
    }

    /// Whether the three bytes at `index` are `【`.
    @inline(__always)
    static func opensFullWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE3 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x90
    }
}
