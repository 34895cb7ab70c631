import Synchronization

/// The input bar's text laid out in rows of a given width, as a bubble's text
/// is wrapped (``TextWrapper``, by UAX #14): words stay whole, a face is never
/// cut, a line break ends the row, a tab goes to the next multiple of 8 in
/// its row, and a unit wider than a whole row stands alone, clipped. Faces
/// may be shown as their emoji (what is typed and sent stays the tags);
/// control characters are shown as U+FFFD. The cursor stands before the unit
/// at its offset; at the end of a full row it stands at the start of a new one.
///
/// A layout is made at every change of the input, so it does the least for
/// a long one: the text as shown is made from the two halves around the
/// cursor (which never stands inside a face), the wrapper finds where the
/// rows end, and a row's text is made only when it is drawn (``row(_:)``).
struct InputLayout: Equatable {
    /// The input as shown, and where each row is in it, with its width.
    private let shown: [UInt8]
    private let ranges: [(start: Int, end: Int, width: Int)]
    let width: Int
    /// The number of rows.
    let rowCount: Int
    /// The cursor's row and column.
    let cursor: Composer.Screen.Position

    static func == (a: InputLayout, b: InputLayout) -> Bool {
        a.shown == b.shown && a.width == b.width && a.cursor == b.cursor && a.rowCount == b.rowCount
    }

    /// `line` laid out `width` columns wide, knowing `catalog`'s faces; with a
    /// `renderer`, a tag of a face with an emoji is shown as the emoji.
    init(_ line: FaceLine, width: Int, catalog: FaceCatalog, renderer: FaceRenderer? = nil, tables: InputWrapTables? = nil) {
        let width = max(1, width)
        self.width = width
        func form(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var text = String(decoding: bytes, as: UTF8.self)
            if text.utf8.contains(0x0D) { text = text.replacing("\r\n", with: "\n") }
            if let renderer { text = renderer.render(text) }
            return Array(DisplayText.safe(text).utf8)
        }
        let before = form(line.bytes[..<line.cursor])
        let shown = before + form(line.bytes[line.cursor...])
        let cursorAt = before.count
        // Wrapped as a bubble's text is; each row a range of the shown bytes.
        var sink = RowSink()
        (tables ?? InputWrapTables(catalog: catalog)).wrap(shown, width: width, catalog: catalog, to: &sink)
        if shown.isEmpty || shown.last == 0x0A { sink.rows.append((sink.start, shown.count, 0)) }
        var ranges = sink.rows
        // The cursor's row: the last that starts at or before it (at a wrap, the next row's start;
        // before a line ending or a break, the end of its row).
        var low = 0, high = ranges.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if ranges[middle].start <= cursorAt { low = middle } else { high = middle - 1 }
        }
        let row = ranges[low]
        var column = Self.shownRow(shown[row.start..<row.end], cursorAt: min(cursorAt, row.end) - row.start, width: width).cursor ?? 0
        var cursorRow = low
        if column >= width && cursorAt >= row.end && low == ranges.count - 1 {
            ranges.append((shown.count, shown.count, 0))
            (cursorRow, column) = (ranges.count - 1, 0)
        }
        self.shown = shown
        self.ranges = ranges
        rowCount = ranges.count
        cursor = .init(row: cursorRow, column: min(column, width))
    }

    /// Row `index`'s text (safe to show) and width.
    func row(_ index: Int) -> (text: String, width: Int) {
        let range = ranges[index]
        return Self.shownRow(shown[range.start..<range.end], cursorAt: -1, width: width).row
    }

    /// A row's bytes as shown (tabs as spaces to their stops, clipped to
    /// `width`), and the column of the offset `cursorAt` in it, if it is there.
    private static func shownRow(_ bytes: ArraySlice<UInt8>, cursorAt: Int, width: Int) -> (row: (text: String, width: Int), cursor: Int?) {
        var text = ""
        var column = 0, offset = 0
        var cursor: Int?
        var clipped = false
        for character in String(decoding: bytes, as: UTF8.self) {
            if offset == cursorAt { cursor = column }
            let isTab = character == "\t"
            let columns = isTab ? 8 - column % 8 : DisplayWidth.columns(of: character)
            if !clipped && column + columns > width {
                // A unit wider than the row: what fits of it.
                clipped = true
                if isTab {
                    text += String(repeating: " ", count: width - column)
                    column = width
                } else if column == 0 {
                    (text, column) = DisplayText.clipped(String(character), to: width)
                }
            }
            if !clipped {
                text += isTab ? String(repeating: " ", count: columns) : String(character)
                column += columns
            }
            offset += character.utf8.count
        }
        if offset == cursorAt { cursor = column }
        return ((text, column), cursor)
    }

    /// Where the wrapped rows start and end in the shown bytes.
    private struct RowSink: TextWrapper.Sink {
        var rows: [(start: Int, end: Int, width: Int)] = []
        var start = 0
        var position = 0

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { position += bytes.count }

        mutating func wrap(width: Int) {
            rows.append((start, position, width))
            start = position
        }

        mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) {
            rows.append((start, position, width))
            position += ending.count
            start = position
        }

        mutating func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) {
            rows.append((start, position, width))
            position += character.count
            start = position
        }
    }
}

/// The wrapper's tables for one catalog, kept from one layout of the input
/// to the next (filling them is most of a short layout's work), used by one
/// layout at a time (under a lock).
final class InputWrapTables: @unchecked Sendable {
    /// Used only while `lock` is held.
    private let tables: WrapTables
    private let lock = Mutex(())

    init(catalog: FaceCatalog) {
        tables = WrapTables(catalog: catalog)
    }

    /// Wraps `bytes` `width` columns wide by line breaking, telling `sink`.
    func wrap<Sink: TextWrapper.Sink>(_ bytes: [UInt8], width: Int, catalog: FaceCatalog, to sink: inout Sink) {
        lock.withLock { _ in
            var stream = TextWrapper.Stream(wrapper: TextWrapper(width: width, catalog: catalog, breaking: .line), tables: tables)
            bytes.withUnsafeBufferPointer { stream.feed($0, to: &sink) }
            stream.finish(to: &sink)
        }
    }
}
