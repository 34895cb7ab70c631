extension EmojiGrid {
    /// The geometry of a face picker panel: how many icons fit, and where each goes.
    ///
    /// ```swift
    /// let layout = try EmojiGrid.Layout(width: 320, height: 216, icon: 25)
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
    ///
    /// A fixed number of columns (or rows) spreads them evenly instead, the way a
    /// chat keyboard's "more" panel does: equal spaces between the icons and at
    /// both edges, `(width − columns×icon) / (columns + 1)` each.
    public struct Layout: Sendable, Equatable {
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
        /// The space between icons asked for, where the number of columns or rows is not fixed.
        public let gap: Double
        /// The space between two columns: `gap`, or the even spacing of a fixed number of columns.
        public let columnGap: Double
        /// The space between two rows: `gap`, or the even spacing of a fixed number of rows.
        public let rowGap: Double
        /// Whether the number of columns was given, and they are spread evenly.
        public let evenColumns: Bool
        /// Whether the number of rows was given, and they are spread evenly.
        public let evenRows: Bool
        /// The smallest outer margin asked for.
        public let minimumMargin: Double
        public let columns: Int
        public let rows: Int
        public let left: Double
        public let right: Double
        public let top: Double
        public let bottom: Double

        /// Computes the layout; throws when the sizes are not positive or not even
        /// one icon fits. `columns` (or `rows`) fixes their number and spreads them
        /// evenly, with the same space between them and at the edges.
        public init(width: Double, height: Double, icon: Double, gap: Double = 5, margin: Double = 10,
                    columns fixedColumns: Int? = nil, rows fixedRows: Int? = nil) throws(EmojiGrid.Error) {
            for (name, value) in [("panel width", width), ("panel height", height), ("icon size", icon)] where !(value > 0) || !value.isFinite {
                throw .layout("\(name) must be a positive number, not \(Self.format(value))")
            }
            for (name, value) in [("gap", gap), ("margin", margin)] where !(value >= 0) || !value.isFinite {
                throw .layout("\(name) must not be negative, not \(Self.format(value))")
            }
            let horizontal = try Self.axis(length: width, icon: icon, gap: gap, margin: margin, fixed: fixedColumns, name: ("columns", "width"))
            let vertical = try Self.axis(length: height, icon: icon, gap: gap, margin: margin, fixed: fixedRows, name: ("rows", "height"))
            guard horizontal.count >= 1, vertical.count >= 1 else {
                throw .layout("a \(Self.format(icon))-point icon with \(Self.format(margin))-point margins does not fit a \(Self.format(width))×\(Self.format(height)) panel")
            }
            self.width = width
            self.height = height
            self.icon = icon
            self.gap = gap
            minimumMargin = margin
            columns = horizontal.count
            rows = vertical.count
            columnGap = horizontal.gap
            rowGap = vertical.gap
            evenColumns = fixedColumns != nil
            evenRows = fixedRows != nil
            (left, right) = (horizontal.start, horizontal.end)
            (top, bottom) = (vertical.start, vertical.end)
        }

        /// One direction of the layout: how many icons, the space between them, and the margins at its two ends.
        private static func axis(length: Double, icon: Double, gap: Double, margin: Double, fixed: Int?,
                                 name: (cells: String, length: String)) throws(EmojiGrid.Error) -> (count: Int, gap: Double, start: Double, end: Double) {
            if let fixed {
                guard (1...EmojiGrid.maximumSide).contains(fixed) else {
                    throw .layout("a page has 1 to \(EmojiGrid.maximumSide) \(name.cells), not \(fixed)")
                }
                let spacing = (length - Double(fixed) * icon) / Double(fixed + 1)
                guard spacing >= 0 else {
                    throw .layout("\(fixed) \(name.cells) of \(format(icon))-point icons do not fit a \(format(length))-point \(name.length)")
                }
                return (fixed, spacing, spacing, length - Double(fixed) * icon - Double(fixed - 1) * spacing - spacing)
            }
            let fit = ((length - 2 * margin + gap) / (icon + gap)).rounded(.down)
            guard fit <= Double(EmojiGrid.maximumSide) else {
                throw .layout("\(format(icon))-point icons make \(format(fit)) \(name.cells) on a page; "
                              + "a page has at most \(EmojiGrid.maximumSide) columns and rows")
            }
            let count = Int(max(fit, 0))
            let used = Double(count) * icon + Double(max(count - 1, 0)) * gap
            let start = (length - used) / 2
            return (count, gap, start, length - used - start)
        }

        /// Cells on one page.
        public var cellsPerPage: Int { columns * rows }

        /// Pages needed for `count` cells (at least one).
        public func pages(for count: Int) -> Int {
            max(1, (count + cellsPerPage - 1) / cellsPerPage)
        }

        /// The frame of the cell at `row`, `column` (0-based) on any page.
        public func frame(row: Int, column: Int) -> Frame {
            Frame(x: left + Double(column) * (icon + columnGap), y: top + Double(row) * (icon + rowGap), width: icon, height: icon)
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
}
