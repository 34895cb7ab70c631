import FaceText

/// The text form of `facetext grid`: cells padded to one display width, pages
/// numbered, and the layout numbers when a panel was given.
enum GridText {
    static func render(_ grid: EmojiGrid, layout: EmojiGrid.Layout?, showCodes: Bool) -> String {
        var text = layout.map { describe($0, grid: grid) } ?? ""
        let pages = grid.pages
        let labels = pages.map { $0.map { label($0, showCodes: showCodes) } }
        let width = labels.joined().map(DisplayWidth.columns(of:)).max() ?? 0
        let separator = showCodes || grid.cells.contains(where: { $0.kind == .face || $0.kind == .recent }) ? "  " : " "
        for (number, page) in labels.enumerated() {
            if grid.rows != nil || pages.count > 1 {
                if number > 0 { text += "\n" }
                text += "page \(number + 1)/\(pages.count)\n"
            }
            for start in stride(from: 0, to: page.count, by: grid.columns) {
                let row = page[start..<min(start + grid.columns, page.count)].map { DisplayWidth.padded($0, to: width) }
                text += row.joined(separator: separator).trimmingTrailingSpace() + "\n"
            }
        }
        return text
    }

    /// A cell's text; control characters (`--range 0-1F`, a stored tag) shown as U+FFFD.
    private static func label(_ cell: EmojiGrid.Cell, showCodes: Bool) -> String {
        let text = DisplayText.oneRow(cell.text)
        switch cell.kind {
        case .codePoint:
            let code = String(cell.codePoint ?? 0, radix: 16, uppercase: true)
            return showCodes ? DisplayWidth.padded(text, to: 2) + " " + code : text
        case .face, .recent:
            return DisplayWidth.padded(text, to: 2) + " " + DisplayText.oneRow(cell.tag ?? "")
        case .deleteKey, .empty:
            return cell.text
        }
    }

    private static func describe(_ layout: EmojiGrid.Layout, grid: EmojiGrid) -> String {
        let f = EmojiGrid.Layout.format
        let perPage = grid.facesPerPage ?? layout.cellsPerPage
        let spacing = "gap \(f(layout.gap)), margin at least \(f(layout.minimumMargin))"
        let even = ["columns": layout.evenColumns, "rows": layout.evenRows].filter(\.value).keys.sorted()
        var text = "panel    \(f(layout.width))×\(f(layout.height)), icon \(f(layout.icon)), "
        switch even.count {
        case 0: text += spacing + "\n"
        case 1: text += "\(even[0]) evenly spaced, \(even[0] == "rows" ? "columns" : "rows") with \(spacing)\n"
        default: text += "columns and rows evenly spaced\n"
        }
        text += "grid     \(layout.columns) columns × \(layout.rows) rows = \(layout.cellsPerPage) cells per page\n"
        text += "margins  left \(f(layout.left)), right \(f(layout.right)), top \(f(layout.top)), bottom \(f(layout.bottom))\n"
        text += "width    \(f(layout.left)) + \(layout.columns)×\(f(layout.icon)) + \(layout.columns - 1)×\(f(layout.columnGap)) + \(f(layout.right)) = \(f(layout.width))\n"
        text += "height   \(f(layout.top)) + \(layout.rows)×\(f(layout.icon)) + \(layout.rows - 1)×\(f(layout.rowGap)) + \(f(layout.bottom)) = \(f(layout.height))\n"
        text += "pages    \(grid.pages.count) for \(grid.cells.count) faces, \(perPage) per page\(grid.deleteKey ? " + ⌫" : "")\n"
        text += "frames   (row column: x y width height)\n"
        for row in 0..<layout.rows {
            for column in 0..<layout.columns {
                let frame = layout.frame(row: row, column: column)
                text += "  \(row) \(column): \(f(frame.x)) \(f(frame.y)) \(f(frame.width)) \(f(frame.height))\n"
            }
        }
        return text + "\n"
    }
}
