extension EmojiGrid {
    /// A grid or layout that cannot be built, with a sentence a person can act on.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A range that is not `A-B` in hex.
        case malformedRange(String)
        /// A range whose end comes before its start.
        case reversedRange(String)
        /// A range that goes beyond U+10FFFF.
        case rangeBeyondUnicode(String)
        /// A range that includes UTF-16 surrogates (U+D800–U+DFFF), which are not characters.
        case surrogateRange(String)
        /// A count (columns, rows) that must be positive.
        case notPositive(name: String, value: Int)
        /// A panel layout that does not fit.
        case layout(String)

        public var description: String {
            switch self {
            case .malformedRange(let text): "'\(text)' is not a code point range such as 1F600-1F64F"
            case .reversedRange(let text): "range '\(text)' ends before it starts"
            case .rangeBeyondUnicode(let text): "range '\(text)' goes beyond U+10FFFF"
            case .surrogateRange(let text): "range '\(text)' includes surrogates (U+D800–U+DFFF), which are not characters"
            case .notPositive(let name, let value): "\(name) must be at least 1, not \(value)"
            case .layout(let reason): reason
            }
        }
    }
}
