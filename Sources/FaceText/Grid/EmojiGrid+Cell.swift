extension EmojiGrid {
    /// One cell of a face picker grid.
    public struct Cell: Sendable, Hashable {
        /// What a cell holds.
        public enum Kind: String, Sendable, Hashable {
            /// A code point from the grid's ranges.
            case codePoint
            /// A face from the catalog.
            case face
            /// A face (or an emoji without one) from the person's recent faces,
            /// before the catalog's (see ``EmojiGrid/init(faces:recent:columns:rows:deleteKey:)``).
            case recent
            /// The delete key (⌫) that ends every page.
            case deleteKey
            /// Nothing: padding on a last page before its delete key.
            case empty
        }

        /// What the cell holds.
        public var kind: Kind
        /// The text to show: the emoji (with U+FE0F where it is needed for emoji
        /// presentation), the face's emoji, `⌫`, or "".
        public var text: String
        /// The code point, for `.codePoint` cells.
        public var codePoint: UInt32?
        /// The canonical tag of the cell's face, if the catalog has one.
        public var tag: String?
        /// The face's image file name, for `.face` cells.
        public var image: String?
        /// Whether the cell shows an emoji: false for a code point of a custom
        /// range that is not an emoji (still shown), and for faces without one.
        public var isEmoji: Bool

        /// Creates a cell.
        public init(kind: Kind, text: String, codePoint: UInt32? = nil, tag: String? = nil, image: String? = nil, isEmoji: Bool) {
            self.kind = kind
            self.text = text
            self.codePoint = codePoint
            self.tag = tag
            self.image = image
            self.isEmoji = isEmoji
        }

        /// The delete key.
        public static let deleteKey = EmojiGrid.Cell(kind: .deleteKey, text: "\u{232B}", isEmoji: false)
        /// An empty cell.
        public static let empty = EmojiGrid.Cell(kind: .empty, text: "", isEmoji: false)
    }
}
