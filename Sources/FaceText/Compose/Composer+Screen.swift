extension Composer {
    /// How the screen's rows are shared, from the top: messages, the input
    /// bar, the face panel (a search row, its grid, a page row) and a status row.
    struct Layout {
        var input: InputLayout
        /// The input rows shown (it scrolls past ``Options/inputRows``).
        var inputRows: Int
        /// The rows of faces in the panel (0 while it is closed).
        var panelRows: Int
        var messageRows: Int
    }

    /// Columns of the prompt before the input.
    var promptWidth: Int { Self.promptWidth(forWidth: width) }

    /// The prompt's columns on a screen `width` wide: none on a very narrow one.
    static func promptWidth(forWidth width: Int) -> Int { width >= 6 ? 2 : 0 }

    func layout() -> Layout {
        let input = inputLayout
        let status = height >= 2 ? 1 : 0
        let panelLeast = panel == nil ? 0 : 3
        let inputRows = max(1, min(input.rows.count, options.inputRows, height - status - panelLeast))
        let panelRows = panel == nil ? 0 : max(1, min(FacePanel.gridRows, height - status - inputRows - 2))
        let messageRows = max(0, height - status - inputRows - (panel == nil ? 0 : panelRows + 2))
        return Layout(input: input, inputRows: inputRows, panelRows: panelRows, messageRows: messageRows)
    }

    /// The screen as it stands.
    public func screen() -> ComposeScreen {
        let layout = layout()
        var rows: [[ComposeScreen.Span]] = messageRows(layout.messageRows)
        // The input bar, scrolled to keep the cursor in sight.
        let input = layout.input
        let first = max(0, min(input.cursor.row - layout.inputRows + 1, input.rows.count - layout.inputRows))
        let cursorRow = rows.count + input.cursor.row - first
        for index in first..<first + layout.inputRows {
            var row: [ComposeScreen.Span] = []
            if promptWidth > 0 { row.append(.init(index == 0 ? "> " : "  ", .faint)) }
            if self.input.bytes.isEmpty && index == 0 && !options.placeholder.isEmpty {
                row.append(.init(DisplayText.clipped(DisplayText.oneRow(options.placeholder), to: width - promptWidth).text, .faint))
            } else if index < input.rows.count {
                row.append(.init(input.rows[index].text))
            }
            rows.append(row)
        }
        let grid = panel == nil ? nil : panelGrid()
        if panel != nil { rows += panelRows(layout.panelRows, grid) }
        if height >= 2 { rows.append(statusRow(grid)) }
        // A screen too small for all of it keeps its last rows.
        let dropped = max(0, rows.count - height)
        rows.removeFirst(dropped)
        while rows.count < height { rows.append([]) }
        let cursor = ComposeScreen.Position(row: min(max(0, cursorRow - dropped), height - 1),
                                            column: min(promptWidth + input.cursor.column, width - 1))
        return ComposeScreen(width: width, height: height, rows: rows.map { Self.clip($0, to: width) }, cursor: cursor)
    }

    /// The last `count` rows of the messages' bubbles, blank rows above them if they are fewer.
    private func messageRows(_ count: Int) -> [[ComposeScreen.Span]] {
        guard count > 0 else { return [] }
        var rows: [[ComposeScreen.Span]] = []
        for message in messages.reversed() {
            let style: ComposeScreen.Style = message.isMine ? .mine : .theirs
            let bubbleRows = message.rows ?? bubble.rows(of: Self.shown(message.text), right: message.isMine)
            let drawn = bubbleRows.map { row -> [ComposeScreen.Span] in
                var spans = [ComposeScreen.Span(String(repeating: " ", count: row.column))]
                if row.text.isEmpty && row.trailing.isEmpty {
                    spans.append(.init(row.leading, style))
                } else {
                    spans += [.init("│", style), .init(" " + row.text + String(row.trailing.dropLast())), .init("│", style)]
                }
                return spans
            }
            rows.insert(contentsOf: drawn, at: 0)
            if rows.count >= count { break }
        }
        if rows.count > count { rows.removeFirst(rows.count - count) }
        return Array(repeating: [], count: count - rows.count) + rows
    }

    /// The search row, the grid's rows and the page row.
    private func panelRows(_ count: Int, _ grid: EmojiGrid?) -> [[ComposeScreen.Span]] {
        guard let panel, let grid else {
            return [[.init("(no room for the face panel)", .faint)]]
        }
        var rows: [[ComposeScreen.Span]] = []
        if panel.query.isEmpty {
            let recentPage = panel.page == 0 && !panel.recent.isEmpty
            rows.append([.init(recentPage ? "Recent faces · type to search" : "Faces · type to search", .faint)])
        } else if panel.results?.isEmpty ?? false {
            rows.append([.init("Search: ", .faint), .init(DisplayText.oneRow(panel.query)), .init(" · nothing found", .faint)])
        } else {
            rows.append([.init("Search: ", .faint), .init(DisplayText.oneRow(panel.query))])
        }
        let pages = grid.pages
        let page = pages[panel.page]
        for (rowIndex, cells) in grid.rows(of: page).enumerated() {
            var row: [ComposeScreen.Span] = []
            for (columnIndex, cell) in cells.enumerated() {
                let text = " " + Self.cellText(cell) + " "
                row.append(.init(text, rowIndex * grid.columns + columnIndex == panel.selection ? .selected : .plain))
            }
            rows.append(row)
        }
        while rows.count < count + 1 { rows.append([]) }
        rows.append([.init(Self.pageIndicator(page: panel.page, of: pages.count, width: width), .faint)])
        return rows
    }

    /// A cell's face in two columns: its emoji, else the start of its tag's name.
    static func cellText(_ cell: EmojiGrid.Cell) -> String {
        var text: String
        switch cell.kind {
        case .empty: text = ""
        case .deleteKey: text = cell.text
        default:
            if cell.isEmoji && !cell.text.isEmpty {
                text = DisplayText.oneRow(cell.text)
            } else {
                text = DisplayText.oneRow(String((cell.tag ?? cell.text).trimmingBrackets))
            }
        }
        let (clipped, columns) = DisplayText.clipped(text, to: 2)
        return clipped + String(repeating: " ", count: 2 - columns)
    }

    /// `● ○ ○` for the pages, or `page 3/12` when the dots do not fit.
    static func pageIndicator(page: Int, of count: Int, width: Int) -> String {
        if count * 2 - 1 <= width {
            return (0..<count).map { $0 == page ? "●" : "○" }.joined(separator: " ")
        }
        return "page \(page + 1)/\(count)"
    }

    /// The status, else what the keys do.
    private func statusRow(_ grid: EmojiGrid?) -> [ComposeScreen.Span] {
        if let status { return [.init(DisplayText.oneRow(status.text), status.isError ? .error : .faint)] }
        if panel != nil {
            var row: [ComposeScreen.Span] = []
            if let cell = selectedCell(in: grid), cell.kind != .empty {
                let name = cell.kind == .deleteKey ? "⌫ delete" : [cell.tag, cell.isEmoji ? cell.text : nil].compactMap { $0 }.joined(separator: " ")
                row.append(.init(DisplayText.oneRow(name) + "  "))
            }
            row.append(.init("Enter insert · Esc close · ←→ pages", .faint))
            return row
        }
        return [.init("Tab faces · Enter send · Alt-Enter new line · Ctrl-D quit", .faint)]
    }

    /// `spans` cut to `width` columns, no character cut.
    static func clip(_ spans: [ComposeScreen.Span], to width: Int) -> [ComposeScreen.Span] {
        var result: [ComposeScreen.Span] = []
        var left = width
        for span in spans {
            let columns = DisplayWidth.columns(of: span.text)
            if columns <= left {
                result.append(span)
                left -= columns
            } else {
                let (text, used) = DisplayText.clipped(span.text, to: left)
                if !text.isEmpty { result.append(.init(text, span.style)) }
                left -= used
                break
            }
        }
        return result
    }
}

extension String {
    /// The text between a tag's brackets (`[哈哈]` → `哈哈`; `/::)` as it is).
    fileprivate var trimmingBrackets: Substring {
        var text = self[...]
        if let first = text.first, first == "[" || first == "【" { text = text.dropFirst() }
        if let last = text.last, last == "]" || last == "】" { text = text.dropLast() }
        return text
    }
}
