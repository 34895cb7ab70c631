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
        let inputRows = max(1, min(input.rowCount, options.inputRows, height - status - panelLeast))
        let panelRows = panel == nil ? 0 : max(1, min(Composer.Panel.gridRows, height - status - inputRows - 2))
        let messageRows = options.messagesAbove ? 0 : max(0, height - status - inputRows - (panel == nil ? 0 : panelRows + 2))
        return Layout(input: input, inputRows: inputRows, panelRows: panelRows, messageRows: messageRows)
    }

    /// The screen as it stands: ``height`` rows, or with ``Options/messagesAbove``
    /// as many as the input, the panel and the status row take (at most ``height``).
    public func screen() -> Composer.Screen {
        let layout = layout()
        var rows: [[Composer.Screen.Span]] = messageRows(layout.messageRows)
        // The input bar, scrolled to keep the cursor in sight.
        let input = layout.input
        let first = max(0, min(input.cursor.row - layout.inputRows + 1, input.rowCount - layout.inputRows))
        let cursorRow = rows.count + input.cursor.row - first
        for index in first..<first + layout.inputRows {
            var row: [Composer.Screen.Span] = []
            if promptWidth > 0 { row.append(.init(index == 0 ? "> " : "  ", .faint)) }
            if self.input.bytes.isEmpty && index == 0 && !options.placeholder.isEmpty {
                row.append(.init(DisplayText.clipped(DisplayText.oneRow(options.placeholder), to: width - promptWidth).text, .faint))
            } else if index < input.rowCount {
                row.append(.init(input.row(index).text))
            }
            rows.append(row)
        }
        let grid = panel == nil ? nil : panelGrid()
        if panel != nil { rows += panelRows(layout.panelRows, grid) }
        if height >= 2 { rows.append(statusRow(grid)) }
        // A screen too small for all of it keeps its last rows.
        let dropped = max(0, rows.count - height)
        rows.removeFirst(dropped)
        if !options.messagesAbove {
            while rows.count < height { rows.append([]) }
        }
        let cursor = Composer.Screen.Position(row: min(max(0, cursorRow - dropped), rows.count - 1),
                                            column: min(promptWidth + input.cursor.column, width - 1))
        return Composer.Screen(width: width, height: rows.count, rows: rows.map { Self.clip($0, to: width) }, cursor: cursor)
    }

    /// A bubble's rows as styled spans: the column's spaces, then the frame and the text.
    static func bubbleSpans(_ bubbleRows: [ChatBubble.Row], mine: Bool) -> [[Composer.Screen.Span]] {
        let style: Composer.Screen.Style = mine ? .mine : .theirs
        return bubbleRows.map { row -> [Composer.Screen.Span] in
            var spans = [Composer.Screen.Span(String(repeating: " ", count: row.column))]
            if row.text.isEmpty && row.trailing.isEmpty {
                spans.append(.init(row.leading, style))
            } else {
                spans += [.init("│", style), .init(" " + row.text + String(row.trailing.dropLast())), .init("│", style)]
            }
            return spans
        }
    }

    /// The last `count` rows of the messages' bubbles, blank rows above them if they are fewer.
    private func messageRows(_ count: Int) -> [[Composer.Screen.Span]] {
        guard count > 0 else { return [] }
        var rows: [[Composer.Screen.Span]] = []
        for message in messages.reversed() {
            let bubbleRows = message.rows ?? bubble.rows(of: Self.shown(message.text), right: message.isMine)
            rows.insert(contentsOf: Self.bubbleSpans(bubbleRows, mine: message.isMine), at: 0)
            if rows.count >= count { break }
        }
        if rows.count > count { rows.removeFirst(rows.count - count) }
        return Array(repeating: [], count: count - rows.count) + rows
    }

    /// The search row, the grid's rows and the page row.
    private func panelRows(_ count: Int, _ grid: EmojiGrid?) -> [[Composer.Screen.Span]] {
        guard let panel, let grid else {
            return [[.init("(no room for the face panel)", .faint)]]
        }
        var rows: [[Composer.Screen.Span]] = []
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
        let cellWidth = panel.cellWidth
        for (rowIndex, cells) in grid.rows(of: page).enumerated() {
            var row: [Composer.Screen.Span] = []
            for (columnIndex, cell) in cells.enumerated() {
                // The face centred in its cell, a column of room each side; a face without
                // an emoji is its name, marked as a label, not as text.
                let (text, columns) = Self.cellText(cell, width: cellWidth - 2)
                let left = (cellWidth - columns) / 2, right = cellWidth - columns - left
                let selected = rowIndex * grid.columns + columnIndex == panel.selection
                let style: Composer.Screen.Style = selected ? .selected : Composer.Panel.isLabel(cell) ? .label : .plain
                row.append(.init(String(repeating: " ", count: left), selected ? .selected : .plain))
                if !text.isEmpty { row.append(.init(text, style)) }
                row.append(.init(String(repeating: " ", count: right), selected ? .selected : .plain))
            }
            rows.append(row)
        }
        while rows.count < count + 1 { rows.append([]) }
        rows.append([.init(Self.pageIndicator(page: panel.page, of: pages.count, width: width), .faint)])
        return rows
    }

    /// A cell's face cut to `width` columns, and its columns: its emoji, else
    /// its name (the tag without brackets), which ``Composer/Panel/isLabel(_:)`` marks.
    static func cellText(_ cell: EmojiGrid.Cell, width: Int = 2) -> (text: String, columns: Int) {
        let text: String
        switch cell.kind {
        case .empty: text = ""
        case .deleteKey: text = cell.text
        default:
            text = DisplayText.oneRow(Composer.Panel.isLabel(cell) ? String((cell.tag ?? cell.text).trimmingBrackets) : cell.text)
        }
        let (clipped, columns) = DisplayText.clipped(text, to: width)
        return (clipped, columns)
    }

    /// `● ○ ○` for the pages, or `page 3/12` when the dots do not fit.
    static func pageIndicator(page: Int, of count: Int, width: Int) -> String {
        if count * 2 - 1 <= width {
            return (0..<count).map { $0 == page ? "●" : "○" }.joined(separator: " ")
        }
        return "page \(page + 1)/\(count)"
    }

    /// The status, else what the keys do: the selected face's whole name in
    /// the panel, a standing notice, then as many hints as fit, the least
    /// important left out first; the key to quit always shows.
    private func statusRow(_ grid: EmojiGrid?) -> [Composer.Screen.Span] {
        if let status {
            let text = DisplayText.oneRow(status.text)
            let room = width - DisplayWidth.columns(of: Self.quitHint) - 3
            guard room >= 8 else { return [.init(text, status.isError ? .error : .faint)] }
            return [.init(DisplayText.clipped(text, to: room).text, status.isError ? .error : .faint), .init(" · " + Self.quitHint, .faint)]
        }
        var lead: [Composer.Screen.Span] = []
        var hints: [(text: String, rank: Int)]
        if panel != nil {
            if let cell = selectedCell(in: grid), cell.kind != .empty {
                let name = cell.kind == .deleteKey ? "⌫ delete" : [cell.tag, cell.isEmoji ? cell.text : nil].compactMap { $0 }.joined(separator: " ")
                lead.append(.init(DisplayText.oneRow(name) + "  "))
            }
            hints = [("Enter insert", 2), ("Esc close", 1), ("←→ pages", 3), (Self.quitHint, 0)]
        } else {
            hints = [("Tab faces", 1), ("Enter send", 2), ("Alt-Enter new line", 4),
                     (showsFacesAsEmoji ? "Alt-E tags" : "Alt-E emoji", 5), (Self.quitHint, 0)]
        }
        if let notice { lead.append(.init(DisplayText.oneRow(notice) + "  ", .faint)) }
        let used = lead.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
        let shown = Self.hints(hints, room: width - used)
        if DisplayWidth.columns(of: shown) <= width - used { return lead + [.init(shown, .faint)] }
        // No room after the name or notice: the quit key first, the rest after it as far as it goes.
        return [.init(shown + "  ", .faint)] + lead
    }

    static let quitHint = "Ctrl-D quit"

    /// `hints` in their order, joined by ` · `, without the least important
    /// (highest rank) ones that do not fit in `room` columns. Rank 0 (the
    /// key to quit) always stays; before a rank 1 hint goes, it takes its
    /// short form `^D quit`.
    static func hints(_ hints: [(text: String, rank: Int)], room: Int) -> String {
        var kept = hints
        func joined() -> String { kept.map(\.text).joined(separator: " · ") }
        func drop(above rank: Int) {
            while DisplayWidth.columns(of: joined()) > room, let worst = kept.filter({ $0.rank > rank }).max(by: { $0.rank < $1.rank }) {
                kept.removeAll { $0.text == worst.text }
            }
        }
        drop(above: 1)
        if DisplayWidth.columns(of: joined()) > room {
            kept = kept.map { ($0.text == quitHint ? "^D quit" : $0.text, $0.rank) }
        }
        drop(above: 0)
        return joined()
    }

    /// `spans` cut to `width` columns, no character cut.
    static func clip(_ spans: [Composer.Screen.Span], to width: Int) -> [Composer.Screen.Span] {
        var result: [Composer.Screen.Span] = []
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
