/// The geometry of a face picker panel: how many icons fit, and where each goes.
///
/// ```swift
/// let layout = try GridLayout(width: 320, height: 216, icon: 25)
/// layout.columns, layout.rows            // 10, 6
/// layout.left, layout.top                // 12.5, 20.5
/// layout.frame(row: 0, column: 1)        // x 42.5, y 20.5, 25 × 25
/// ```
///
/// Icons are `icon` points square with `gap` points between them. As many
/// columns and rows fit as leave at least `margin` points at each edge; the
/// space left over becomes the real outer margins, split evenly so the grid is
/// centred, and `left + columns×icon + (columns−1)×gap + right == width`
/// (the same for rows and height).
public struct GridLayout: Sendable, Equatable {
    /// A cell's rectangle, in points from the panel's top-left corner.
    public struct Frame: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
    }

    public let width: Double
    public let height: Double
    public let icon: Double
    public let gap: Double
    /// The smallest outer margin asked for.
    public let minimumMargin: Double
    public let columns: Int
    public let rows: Int
    public let left: Double
    public let right: Double
    public let top: Double
    public let bottom: Double

    /// Computes the layout; throws when the sizes are not positive or not even one icon fits.
    public init(width: Double, height: Double, icon: Double, gap: Double = 5, margin: Double = 10) throws(GridError) {
        for (name, value) in [("panel width", width), ("panel height", height), ("icon size", icon)] where !(value > 0) || !value.isFinite {
            throw .layout("\(name) must be a positive number, not \(Self.format(value))")
        }
        for (name, value) in [("gap", gap), ("margin", margin)] where !(value >= 0) || !value.isFinite {
            throw .layout("\(name) must not be negative, not \(Self.format(value))")
        }
        let fitColumns = ((width - 2 * margin + gap) / (icon + gap)).rounded(.down)
        let fitRows = ((height - 2 * margin + gap) / (icon + gap)).rounded(.down)
        guard fitColumns <= Double(EmojiGrid.maximumSide), fitRows <= Double(EmojiGrid.maximumSide) else {
            throw .layout("\(Self.format(icon))-point icons make \(Self.format(fitColumns))×\(Self.format(fitRows)) cells on a page; "
                          + "a page has at most \(EmojiGrid.maximumSide) columns and rows")
        }
        let columns = Int(max(fitColumns, 0)), rows = Int(max(fitRows, 0))
        guard columns >= 1, rows >= 1 else {
            throw .layout("a \(Self.format(icon))-point icon with \(Self.format(margin))-point margins does not fit a \(Self.format(width))×\(Self.format(height)) panel")
        }
        self.width = width
        self.height = height
        self.icon = icon
        self.gap = gap
        minimumMargin = margin
        self.columns = columns
        self.rows = rows
        let usedWidth = Double(columns) * icon + Double(columns - 1) * gap
        let usedHeight = Double(rows) * icon + Double(rows - 1) * gap
        left = (width - usedWidth) / 2
        right = width - usedWidth - left
        top = (height - usedHeight) / 2
        bottom = height - usedHeight - top
    }

    /// Cells on one page.
    public var cellsPerPage: Int { columns * rows }

    /// Pages needed for `count` cells (at least one).
    public func pages(for count: Int) -> Int {
        max(1, (count + cellsPerPage - 1) / cellsPerPage)
    }

    /// The frame of the cell at `row`, `column` (0-based) on any page.
    public func frame(row: Int, column: Int) -> Frame {
        Frame(x: left + Double(column) * (icon + gap), y: top + Double(row) * (icon + gap), width: icon, height: icon)
    }

    /// Every cell's frame on a page, row by row.
    public var frames: [Frame] {
        (0..<rows).flatMap { row in (0..<columns).map { frame(row: row, column: $0) } }
    }

    /// A number without a needless `.0`.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
