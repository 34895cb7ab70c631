extension Composer {
    /// The face panel of ``Composer``: pages of faces under the input, each
    /// ending in a ⌫ cell. The first page is the person's recent faces (as many
    /// as it holds, newest first), when there are any; the catalog's faces follow
    /// from the next page, without those. Once letters are typed, the pages are
    /// the faces ``FaceSearch`` finds for them.
    ///
    /// Each look is shown once: faces that share an emoji (`[赞]` and `[good]`
    /// are both 👍) are one cell, the first of them. A face without an emoji is
    /// shown by its name, as a label (``Composer/Screen/Style/label``); its whole
    /// tag is on the status row while it is chosen. The chosen cell is never an
    /// empty one (the recent page's room after its faces).
    public struct Panel: Sendable, Hashable {
        /// Columns a cell takes: a face two columns wide and a column each side.
        public static let cellWidth = 4
        /// Columns a cell takes when some face shown has no emoji: room for a name of four columns (`最右`, `doge`).
        public static let labelCellWidth = 6
        /// The most rows of faces a page has.
        public static let gridRows = 4
        /// The most search results shown.
        public static let resultLimit = 240

        /// What was typed to search (empty: every face).
        public internal(set) var query = ""
        /// The page shown, from 0.
        public internal(set) var page = 0
        /// The chosen cell of the page, row by row from 0.
        public internal(set) var selection = 0

        /// The recent faces and the catalog's other faces, as the panel opened.
        public internal(set) var recent: [EmojiGrid.Cell] = []
        public internal(set) var faces: [EmojiGrid.Cell] = []
        /// The cells found for ``query`` (nil while it is empty).
        public internal(set) var results: [EmojiGrid.Cell]?

        /// The columns of a cell: ``labelCellWidth`` when a face shown has no emoji, else ``cellWidth``.
        public var cellWidth: Int {
            let shown = results ?? (recent + faces)
            return shown.contains { Self.isLabel($0) } ? Self.labelCellWidth : Self.cellWidth
        }

        /// Whether a cell shows a face by its name.
        static func isLabel(_ cell: EmojiGrid.Cell) -> Bool {
            (cell.kind == .face || cell.kind == .recent) && !(cell.isEmoji && !cell.text.isEmpty)
        }

        /// `cells` with each look once: a cell whose emoji (or, for a label, tag) an earlier one in `cells` or `seen` has is left out.
        static func distinct(_ cells: [EmojiGrid.Cell], after seen: inout Set<String>) -> [EmojiGrid.Cell] {
            cells.filter { cell in
                let look = cell.isEmoji && !cell.text.isEmpty ? cell.text : "tag:" + (cell.tag ?? cell.text)
                return seen.insert(look).inserted
            }
        }
    }
}

extension Composer {
    /// The panel's grid at the present size and query; nil when the screen is too small for one.
    func panelGrid() -> EmojiGrid? {
        guard let panel else { return nil }
        let columns = max(1, width / panel.cellWidth)
        let rows = max(columns == 1 ? 2 : 1, layout().panelRows)
        if let results = panel.results {
            return try? EmojiGrid(cells: results, columns: columns, rows: rows, deleteKey: true)
        }
        // The recent page: its faces, then empty cells to the page's end.
        let perPage = max(1, columns * rows - 1)
        var cells = Array(panel.recent.prefix(perPage))
        if !cells.isEmpty { cells += Array(repeating: .empty, count: perPage - cells.count) }
        return try? EmojiGrid(cells: cells + panel.faces, columns: columns, rows: rows, deleteKey: true)
    }

    /// The cells of the faces and emoji a search for `query` finds, best first (nil for a query of white space).
    private mutating func searchCells(_ query: String) -> [EmojiGrid.Cell]? {
        guard query.contains(where: { !$0.isWhitespace }) else { return nil }
        if search == nil { search = FaceSearch(catalog: catalog) }
        let cells = search!.results(for: query).prefix(Composer.Panel.resultLimit).map { result in
            if let face = result.face {
                return EmojiGrid.Cell(kind: .face, text: face.emoji ?? "", tag: face.tag, image: face.image, isEmoji: face.emoji != nil)
            }
            return EmojiGrid.Cell(kind: .codePoint, text: result.emoji ?? "", isEmoji: true)
        }
        var seen = Set<String>()
        return Composer.Panel.distinct(Array(cells), after: &seen)
    }

    /// The chosen cell, if the panel is open.
    var selectedCell: EmojiGrid.Cell? { selectedCell(in: panelGrid()) }

    /// The chosen cell of `grid`, the panel's grid.
    func selectedCell(in grid: EmojiGrid?) -> EmojiGrid.Cell? {
        guard let panel, let grid else { return nil }
        let pages = grid.pages
        guard panel.page < pages.count, panel.selection < pages[panel.page].count else { return nil }
        return pages[panel.page][panel.selection]
    }

    mutating func openPanel() {
        layOutInput()
        var panel = Composer.Panel()
        let recent = history.ordered(by: .recent).map(\.key)
        let cells = (try? EmojiGrid(faces: catalog, recent: recent))?.cells ?? []
        var seen = Set<String>()
        panel.recent = Composer.Panel.distinct(cells.filter { $0.kind == .recent }, after: &seen)
        panel.faces = Composer.Panel.distinct(cells.filter { $0.kind != .recent }, after: &seen)
        self.panel = panel
    }

    /// Keeps the page and the selection on the grid after it changed size or
    /// content, and off empty cells: to the nearest face after it when
    /// `forward`, else before it (the other way when there is none).
    mutating func keepPanelSelection(forward: Bool = false) {
        guard var panel, let grid = panelGrid() else { return }
        let pages = grid.pages
        panel.page = min(max(0, panel.page), pages.count - 1)
        let page = pages[panel.page]
        panel.selection = min(max(0, panel.selection), page.count - 1)
        if page[panel.selection].kind == .empty {
            let after = (panel.selection..<page.count).first { page[$0].kind != .empty }
            let before = (0..<panel.selection).last { page[$0].kind != .empty }
            panel.selection = (forward ? after ?? before : before ?? after) ?? 0
        }
        self.panel = panel
    }

    /// Sets the query and what it finds, from the first page.
    private mutating func search(_ query: String, in panel: inout Composer.Panel) {
        panel.query = query
        panel.results = searchCells(query)
        (panel.page, panel.selection) = (0, 0)
    }

    /// The keys while the panel is open.
    mutating func handleInPanel(_ key: TerminalKey) -> [Action] {
        // The grid's rows depend on the input's: laid out once here, not at each look at the grid.
        layOutInput()
        guard var panel, let grid = panelGrid() else {
            // No room for a grid: the panel closes.
            self.panel = nil
            return handle(key)
        }
        let pages = grid.pages
        let columns = grid.columns
        let count = pages[panel.page].count
        let row = panel.selection / columns, column = panel.selection % columns
        switch key {
        case .text(let text):
            // The query holds what a search reads; the rest of a long run of keys is left out, and said so.
            let query = panel.query + text
            let searched = FaceSearch.searched(query)
            if searched.endIndex != query.endIndex {
                let left = query.utf8.count - searched.utf8.count
                if searched.count != panel.query.count { search(String(searched), in: &panel) }
                show("search holds \(FaceSearch.maximumQueryBytes) bytes and \(FaceSearch.maximumQueryWords) words: \(left) byte\(left == 1 ? "" : "s") not typed", isError: true)
            } else {
                search(query, in: &panel)
            }
        case .paste(let text): insertPasted(text)
        case .backspace:
            if panel.query.isEmpty { input.backspace() } else { search(String(panel.query.dropLast()), in: &panel) }
        case .deleteToStart, .deleteWord: search("", in: &panel)
        case .delete: input.deleteForward()
        case .left:
            if column > 0 { panel.selection -= 1 } else if panel.page > 0 {
                panel.page -= 1
                panel.selection = min(row * columns + columns - 1, pages[panel.page].count - 1)
            }
        case .right:
            if column < columns - 1 && panel.selection + 1 < count { panel.selection += 1 } else if panel.page + 1 < pages.count {
                panel.page += 1
                panel.selection = min(row * columns, pages[panel.page].count - 1)
            }
        case .up: if row > 0 { panel.selection -= columns }
        case .down: if panel.selection + columns < count { panel.selection += columns }
        case .pageUp, .backTab:
            if panel.page > 0 { panel.page -= 1 }
        case .pageDown:
            if panel.page + 1 < pages.count { panel.page += 1 }
        case .home: panel.selection = 0
        case .end: panel.selection = count - 1
        case .enter:
            let cell = pages[panel.page][panel.selection]
            switch cell.kind {
            case .deleteKey: input.backspace()
            case .empty: break
            default:
                if options.insertsEmoji && cell.isEmoji && !cell.text.isEmpty { insert(cell.text) } else { insert(cell.tag ?? cell.text) }
            }
        case .escape, .tab:
            self.panel = nil
            return []
        default: break
        }
        self.panel = panel
        switch key {
        case .right, .down, .pageDown, .end: keepPanelSelection(forward: true)
        default: keepPanelSelection()
        }
        return []
    }
}
