/// The input bar's text laid out in rows of a given width: units (a face
/// tag, an emoji, a grapheme cluster) are never cut; a unit that does not
/// fit starts the next row, a line break ends the row, a tab goes to the next
/// multiple of 8 in its row, and a unit wider than a whole row stands alone,
/// clipped. The cursor stands before the unit at its offset; at the end of a
/// full row it stands at the start of a new one.
struct InputLayout: Equatable {
    /// Each row's text (safe to show) and width.
    var rows: [(text: String, width: Int)]
    /// The cursor's row and column.
    var cursor: ComposeScreen.Position

    static func == (a: InputLayout, b: InputLayout) -> Bool {
        a.rows.map(\.text) == b.rows.map(\.text) && a.rows.map(\.width) == b.rows.map(\.width) && a.cursor == b.cursor
    }

    init(_ line: FaceLine, width: Int) {
        let width = max(1, width)
        var rows: [(text: String, width: Int)] = []
        var text = ""
        var column = 0
        var cursor: ComposeScreen.Position?
        func endRow() {
            rows.append((text, column))
            text = ""
            column = 0
        }
        var probe = line
        probe.cursor = 0
        var start = 0
        while probe.moveRight() {
            let end = probe.cursor
            let unit = String(decoding: line.bytes[start..<end], as: UTF8.self)
            if unit == "\n" || unit == "\r\n" {
                if start == line.cursor { cursor = .init(row: rows.count, column: column) }
                endRow()
                start = end
                continue
            }
            var shown: String, columns: Int
            if unit == "\t" {
                columns = 8 - column % 8
                shown = String(repeating: " ", count: columns)
            } else {
                shown = DisplayText.safe(unit)
                columns = DisplayWidth.columns(of: shown)
            }
            if column + columns > width && column > 0 {
                endRow()
                if unit == "\t" { columns = 8; shown = String(repeating: " ", count: 8) }
            }
            if columns > width {
                (shown, columns) = DisplayText.clipped(shown, to: width)
            }
            if start == line.cursor { cursor = .init(row: rows.count, column: column) }
            text += shown
            column += columns
            start = end
        }
        if cursor == nil {
            if column >= width {
                endRow()
            }
            cursor = .init(row: rows.count, column: column)
        }
        rows.append((text, column))
        self.rows = rows
        self.cursor = cursor!
    }
}
