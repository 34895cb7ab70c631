import FaceText

/// The JSON form of `facetext grid`: one object with the grid's shape, its
/// pages as rows of cells, and the panel layout with every cell's frame.
enum GridJSON {
    static func render(_ grid: EmojiGrid, layout: EmojiGrid.Layout?, showCodes: Bool) -> String {
        let pages = grid.pages
        var fields: [(String, JSONValue)] = [
            ("columns", .integer(grid.columns)),
            ("rowsPerPage", grid.rows.map(JSONValue.integer) ?? .null),
            ("deleteKey", .bool(grid.deleteKey)),
            ("faces", .integer(grid.cells.count)),
            ("pageCount", .integer(pages.count)),
        ]
        if let layout { fields.append(("layout", describe(layout))) }
        fields.append(("pages", .array(pages.enumerated().map { number, page in
            .object([
                ("page", .integer(number + 1)),
                ("rows", .array(grid.rows(of: page).enumerated().map { row, cells in
                    .array(cells.enumerated().map { column, cell in self.cell(cell, row: row, column: column, layout: layout) })
                })),
            ])
        })))
        return JSONValue.object(fields).text
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
