/// One piece of scanned text: plain text, or a face written as a catalog tag,
/// a Unicode emoji, or an image reference.
public struct Token: Sendable, Hashable {
    /// What a token is.
    public enum Kind: String, Sendable, Hashable {
        /// Bytes that are not a face; copied through unchanged.
        case text
        /// A catalog tag such as `[哈哈]` (canonical, traditional or alias).
        case tag
        /// An emoji grapheme cluster (ZWJ sequence, flag, keycap, skin tone, VS16).
        case emoji
        /// An image reference that `render` writes (`<img alt="[哈哈]" …>`, `![哈哈](…)`).
        case image
        /// A bracketed tag that is not in the catalog: `[` or `【`, 1 to 16
        /// characters without brackets of either kind or line breaks, then `]`
        /// or `】` to match (only with ``FaceScanner.Recognized/unknownTags``).
        case unknown
    }

    /// The kind of token.
    public var kind: Kind
    /// The index of the face in the catalog's `faces`; nil for text and for
    /// an emoji that has no face in the catalog.
    public var face: Int?
    /// UTF-8 byte offsets from the start of the input.
    public var range: Range<Int>

    /// Creates a token.
    public init(_ kind: Kind, face: Int? = nil, _ range: Range<Int>) {
        self.kind = kind
        self.face = face
        self.range = range
    }
}
