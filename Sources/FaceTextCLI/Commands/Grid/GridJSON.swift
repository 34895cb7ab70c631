import FaceText

/// The JSON form of `facetext grid`: one object with the grid's shape, its
/// pages as rows of cells, and the panel layout with every cell's frame.
enum GridJSON {
    /// Writes the object to `sink` a megabyte at a time, as its rows are made: a grid of
    /// every code point makes hundreds of MB of JSON, which is never held whole.
    static func write(_ grid: EmojiGrid, layout: EmojiGrid.Layout?, showCodes: Bool, to sink: ByteSink) throws(IOError) {
        var pending = ""
        var failure: IOError?
        pieces(of: grid, layout: layout) { piece in
            guard failure == nil else { return }
            pending += piece
            guard pending.utf8.count >= 1 << 20 else { return }
            do throws(IOError) { try sink.write(pending) } catch { failure = error }
            pending = ""
        }
        if let failure { throw failure }
        try sink.write(pending)
    }

    /// The object's text in pieces, in order: the grid's shape (and layout), then each row of each page.
    private static func pieces(of grid: EmojiGrid, layout: EmojiGrid.Layout?, _ body: (String) -> Void) {
        let pages = grid.pages
        var fields: [(String, JSONValue)] = [
            ("columns", .integer(grid.columns)),
            ("rowsPerPage", grid.rows.map(JSONValue.integer) ?? .null),
            ("deleteKey", .bool(grid.deleteKey)),
            ("faces", .integer(grid.cells.count)),
            ("pageCount", .integer(pages.count)),
        ]
        if let layout { fields.append(("layout", describe(layout))) }
        // The fields' object without its closing brace, then "pages" as it is made.
        body(String(JSONValue.object(fields).text.dropLast()) + ",\"pages\":[")
        for (number, page) in pages.enumerated() {
            body((number > 0 ? "," : "") + "{\"page\":\(number + 1),\"rows\":[")
            for (row, cells) in grid.rows(of: page).enumerated() {
                let cells = JSONValue.array(cells.enumerated().map { column, cell in self.cell(cell, row: row, column: column, layout: layout) })
                body((row > 0 ? "," : "") + cells.text)
            }
            body("]}")
        }
        body("]}\n")
    }

    private static func cell(_ cell: EmojiGrid.Cell, row: Int, column: Int, layout: EmojiGrid.Layout?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("kind", .string(cell.kind.rawValue)), ("text", .string(cell.text))]
        if let code = cell.codePoint { fields.append(("code", .string(String(code, radix: 16, uppercase: true)))) }
        if cell.kind == .codePoint || cell.kind == .face || cell.kind == .recent {
            fields.append(("tag", .optional(cell.tag)))
            fields.append(("isEmoji", .bool(cell.isEmoji)))
        }
        if let image = cell.image { fields.append(("image", .string(image))) }
        if let layout { fields.append(("frame", frame(layout.frame(row: row, column: column)))) }
        return .object(fields)
    }

    private static func describe(_ layout: EmojiGrid.Layout) -> JSONValue {
        .object([
            ("width", .number(layout.width)), ("height", .number(layout.height)),
            ("icon", .number(layout.icon)), ("gap", .number(layout.gap)), ("columnGap", .number(layout.columnGap)), ("rowGap", .number(layout.rowGap)),
            ("evenColumns", .bool(layout.evenColumns)), ("evenRows", .bool(layout.evenRows)),
            ("minimumMargin", .number(layout.minimumMargin)),
            ("columns", .integer(layout.columns)), ("rows", .integer(layout.rows)),
            ("margins", .object([("left", .number(layout.left)), ("right", .number(layout.right)),
                                 ("top", .number(layout.top)), ("bottom", .number(layout.bottom))])),
            ("cellsPerPage", .integer(layout.cellsPerPage)),
            ("frames", .array(layout.frames.map(frame))),
        ])
    }

    private static func frame(_ frame: EmojiGrid.Layout.Frame) -> JSONValue {
        .object([("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)), ("height", .number(frame.height))])
    }
}
