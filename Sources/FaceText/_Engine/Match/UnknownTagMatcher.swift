/// Recognises bracketed tags that are not in the catalog, such as `[图片]`:
/// `[`, then 1 to 16 characters (scalars) of valid UTF-8 with no brackets or
/// line breaks, then `]`.
enum UnknownTagMatcher {
    /// The most characters between the brackets.
    static let limit = 16

    enum Match: Equatable {
        case none
        case tag(length: Int)
        case needMore
    }

    static func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        var index = start + 1
        var characters = 0
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return characters > 0 ? .tag(length: index + 1 - start) : .none
            case UInt8(ascii: "["), 0x0A, 0x0D:
                return .none
            default:
                guard characters < limit else { return .none }
                switch UTF8Decoder.decode(bytes, at: index) {
                case .scalar(_, let length):
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
}
