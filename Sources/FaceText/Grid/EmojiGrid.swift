/// The cells of a face picker, laid out in rows and pages as a phone chat
/// keyboard shows them.
///
/// ```swift
/// let grid = try EmojiGrid(columns: 7, rows: 3, deleteKey: true)
/// grid.pages.count          // 4: 20 faces + ⌫ on each page, 80 faces in all
/// grid.pages[0][0].text     // "😀"
/// ```
///
/// Cells come from code point ranges (default U+1F600–U+1F64F) minus excluded
/// ranges, or from a catalog's faces in catalog order. Without `rows` there is
/// one page. With `deleteKey`, the last cell of every page is ⌫, so no face is
/// lost or repeated across pages; a last page that is not full is padded with
/// empty cells before its ⌫.
public struct EmojiGrid: Sendable {
    /// The emoticons block, the default range.
    public static let emoticons: ClosedRange<UInt32> = 0x1F600...0x1F64F

    /// The content cells (faces and code points), in order, without delete keys.
    public let cells: [EmojiGrid.Cell]
    /// Cells per row.
    /// The most columns, and the most rows, a page has.
    public static let maximumSide = 1000

    public let columns: Int
    /// Rows per page, or nil for a single page.
    public let rows: Int?
    /// Whether every page ends with a delete key.
    public let deleteKey: Bool

    /// A grid of code points. Code points that are not emoji are still shown
    /// (and flagged `isEmoji == false`); unassigned ones are left out.
    public init(ranges: [ClosedRange<UInt32>] = [emoticons], excluding excluded: [ClosedRange<UInt32>] = [],
                columns: Int = 8, rows: Int? = nil, deleteKey: Bool = false, catalog: FaceCatalog? = nil) throws(EmojiGrid.Error) {
        var cells: [EmojiGrid.Cell] = []
        for range in ranges {
            for value in range where !excluded.contains(where: { $0.contains(value) }) {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                cells.append(Self.cell(for: scalar, catalog: catalog))
            }
        }
        try self.init(cells: cells, columns: columns, rows: rows, deleteKey: deleteKey)
    }

    /// A grid of a catalog's faces, in catalog order.
    public init(faces catalog: FaceCatalog, columns: Int = 8, rows: Int? = nil, deleteKey: Bool = false) throws(EmojiGrid.Error) {
        let cells = catalog.faces.map { face in
            EmojiGrid.Cell(kind: .face, text: face.emoji ?? "", tag: face.tag, image: face.image ?? face.animatedImage,
                     isEmoji: face.emoji != nil)
        }
        try self.init(cells: cells, columns: columns, rows: rows, deleteKey: deleteKey)
    }

    /// The catalog's faces after `recent` ones, as a keyboard's recents page comes
    /// first: `recent` are keys of a ``FaceHistory`` in the order to show (newest
    /// first, say). A key that is a face's tag or emoji is that face; another emoji
    /// is shown as itself, and a tag the catalog no longer has by its tag alone.
    /// The catalog's faces follow, without those already shown.
    public init(faces catalog: FaceCatalog, recent: [String], columns: Int = 8, rows: Int? = nil, deleteKey: Bool = false) throws(EmojiGrid.Error) {
        var cells: [EmojiGrid.Cell] = []
        var shown = Set<String>()
        for key in recent {
            if let face = catalog.face(forTag: key) ?? catalog.face(forEmoji: key) {
                guard shown.insert(face.tag).inserted else { continue }
                cells.append(EmojiGrid.Cell(kind: .recent, text: face.emoji ?? "", tag: face.tag, image: face.image ?? face.animatedImage,
                                            isEmoji: face.emoji != nil))
            } else if key.hasPrefix("[") || key.hasPrefix("【") {
                guard shown.insert(key).inserted else { continue }
                cells.append(EmojiGrid.Cell(kind: .recent, text: "", tag: key, isEmoji: false))
            } else if shown.insert(key).inserted {
                cells.append(EmojiGrid.Cell(kind: .recent, text: key, isEmoji: true))
            }
        }
        for face in catalog.faces where !shown.contains(face.tag) {
            cells.append(EmojiGrid.Cell(kind: .face, text: face.emoji ?? "", tag: face.tag, image: face.image ?? face.animatedImage,
                                        isEmoji: face.emoji != nil))
        }
        try self.init(cells: cells, columns: columns, rows: rows, deleteKey: deleteKey)
    }

    /// A grid of given cells.
    public init(cells: [EmojiGrid.Cell], columns: Int, rows: Int? = nil, deleteKey: Bool = false) throws(EmojiGrid.Error) {
        guard columns >= 1 else { throw .notPositive(name: "columns", value: columns) }
        if let rows, rows < 1 { throw .notPositive(name: "rows", value: rows) }
        guard columns <= Self.maximumSide, (rows ?? 1) <= Self.maximumSide else {
            throw .layout("a page has at most \(Self.maximumSide) columns and \(Self.maximumSide) rows")
        }
        if let rows, deleteKey, rows * columns < 2 {
            throw .layout("a page of \(rows)×\(columns) has no room for a face next to the delete key")
        }
        self.cells = cells
        self.columns = columns
        self.rows = rows
        self.deleteKey = deleteKey
    }

    /// How many content cells fit on one page (nil: all on one page).
    public var facesPerPage: Int? {
        rows.map { $0 * columns - (deleteKey ? 1 : 0) }
    }

    /// The pages, each a row-major list of cells (delete keys and padding included).
    public var pages: [[EmojiGrid.Cell]] {
        let perPage = facesPerPage ?? max(cells.count, 1)
        var pages: [[EmojiGrid.Cell]] = []
        var start = 0
        repeat {
            var page = Array(cells[start..<min(start + perPage, cells.count)])
            if deleteKey {
                if let rows { page += Array(repeating: .empty, count: rows * columns - 1 - page.count) }
                page.append(.deleteKey)
            }
            pages.append(page)
            start += perPage
        } while start < cells.count
        return pages
    }

    /// The rows of one page.
    public func rows(of page: [EmojiGrid.Cell]) -> [[EmojiGrid.Cell]] {
        stride(from: 0, to: page.count, by: columns).map { Array(page[$0..<min($0 + columns, page.count)]) }
    }

    static func cell(for scalar: Unicode.Scalar, catalog: FaceCatalog?) -> EmojiGrid.Cell {
        let properties = scalar.properties
        let isEmoji = properties.isEmoji && scalar.value > 0xFF || properties.isEmojiPresentation
        var text = String(scalar)
        if isEmoji && !properties.isEmojiPresentation { text += "\u{FE0F}" }
        return EmojiGrid.Cell(kind: .codePoint, text: text, codePoint: scalar.value,
                        tag: catalog?.face(forEmoji: text)?.tag, isEmoji: isEmoji)
    }
}
