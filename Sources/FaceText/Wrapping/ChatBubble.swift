/// A chat message drawn as a bubble, as `facetext wrap --bubble` and
/// `facetext compose` draw it: the text wrapped at most three quarters of the
/// page wide, framed with rounded corners and one column of padding, at the
/// left of the page (the other person's) or at its right (one's own).
///
/// ```
/// ╭────────────╮
/// │ 今天好开心 │
/// │ [哈哈][心] │
/// ╰────────────╯
/// ```
public struct ChatBubble: Sendable {
    /// Columns the frame and its padding add to the text's width.
    public static let frameWidth = 4

    /// One row of a bubble on the page.
    public struct Row: Hashable, Sendable {
        /// The page column the bubble starts at.
        public var column: Int
        /// The frame before the text (`╭──…─╮` for the top and bottom rows, whose text is empty).
        public var leading: String
        /// The text of the row (no line ending).
        public var text: String
        /// The padding and frame after the text.
        public var trailing: String
        /// The row as drawn, without colour: the column's spaces, then the row.
        public var line: String { String(repeating: " ", count: column) + leading + text + trailing }
    }

    /// The width of the page.
    public let pageWidth: Int
    /// The wrapper of a bubble's text, ``textWidth`` wide.
    public let wrapper: TextWrapper

    /// Bubbles for a page `pageWidth` columns wide (at least 1), their text wrapped as `breaking` says.
    public init(pageWidth: Int, catalog: FaceCatalog = .default, breaking: TextWrapper.Breaking = .line) {
        self.pageWidth = max(1, pageWidth)
        wrapper = TextWrapper(width: Self.textWidth(pageWidth: pageWidth), catalog: catalog, breaking: breaking)
    }

    /// The width a bubble's text wraps at on a page `pageWidth` wide: three quarters of it, less the frame.
    public static func textWidth(pageWidth: Int) -> Int { max(1, pageWidth * 3 / 4 - frameWidth) }

    /// The width a bubble's text wraps at.
    public var textWidth: Int { wrapper.width }

    /// The column a bubble `width` wide (frame included) starts at.
    public func column(width: Int, right: Bool) -> Int { right ? max(0, pageWidth - width) : 0 }

    /// The rows of `message` (its own line feeds start new rows), at the right of the page when `right`.
    public func rows(of message: String, right: Bool) -> [Row] {
        let lines = wrapper.lines(of: message)
        let inner = lines.map(\.width).max() ?? 0
        let column = column(width: inner + Self.frameWidth, right: right)
        var rows = [Row(column: column, leading: Self.top(width: inner), text: "", trailing: "")]
        for line in lines {
            rows.append(Row(column: column, leading: Self.rowStart, text: line.text, trailing: Self.rowEnd(padding: inner - line.width)))
        }
        rows.append(Row(column: column, leading: Self.bottom(width: inner), text: "", trailing: ""))
        return rows
    }

    /// The top of a frame around text `width` wide.
    public static func top(width: Int) -> String { "╭" + rule(width) + "╮" }
    /// The bottom of a frame around text `width` wide.
    public static func bottom(width: Int) -> String { "╰" + rule(width) + "╯" }
    /// What comes before the text of a row.
    public static let rowStart = "│ "
    /// What comes after the text of a row `padding` columns narrower than the widest.
    public static func rowEnd(padding: Int) -> String { String(repeating: " ", count: max(0, padding) + 1) + "│" }

    private static func rule(_ width: Int) -> String { String(repeating: "─", count: width + 2) }
}
