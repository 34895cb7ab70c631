extension Composer {
    /// What ``Composer`` shows: the rows of its part of the terminal, each made
    /// of styled spans no wider together than the screen, and where the cursor is.
    /// A terminal driver draws it; tests read it as text.
    public struct Screen: Sendable, Hashable {
        /// How a span is drawn. Colour is the driver's choice (none with `NO_COLOR`).
        public enum Style: Sendable, Hashable {
            case plain
            /// Hints and the placeholder.
            case faint
            /// The frame of one's own bubbles.
            case mine
            /// The frame of the other person's bubbles.
            case theirs
            /// The chosen cell of the face panel (reverse video).
            case selected
            /// The name of a face without an emoji in the panel (underlined, so it does not read as text).
            case label
            /// An error in the status row.
            case error
        }

        /// A run of text in one style. Its text holds no control characters.
        public struct Span: Sendable, Hashable {
            public var text: String
            public var style: Style
            public init(_ text: String, _ style: Style = .plain) {
                self.text = text
                self.style = style
            }
        }

        /// A row and column of the screen, from 0.
        public struct Position: Sendable, Hashable {
            public var row: Int
            public var column: Int
            public init(row: Int, column: Int) {
                self.row = row
                self.column = column
            }
        }

        /// The screen's size in columns and rows (the rows it has: fewer than the
        /// composer's height when its messages are printed above it).
        public var width: Int
        public var height: Int
        /// Exactly ``height`` rows.
        public var rows: [[Span]]
        /// Where the cursor stands (in the input bar).
        public var cursor: Position

        /// The text of each row, without styles (for tests and logs).
        public var lines: [String] { rows.map { $0.map(\.text).joined() } }
    }
}
