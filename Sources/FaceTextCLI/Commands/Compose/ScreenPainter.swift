import FaceText

/// Draws ``Composer/Screen``s on a terminal: each frame is one write of the
/// rows that changed since the last one, then the cursor.
///
/// Inline (the default) it owns the rows from where the cursor was down, as
/// many as the screen has, growing by line feeds (which scroll at the
/// bottom) and clearing what it no longer needs; the messages are printed
/// above those rows (``printAbove(_:width:)``), so they go into the
/// terminal's scrollback as any output does and stay there when compose
/// leaves, which clears only its own rows. Full screen it draws on the
/// alternate screen and leaves the main screen as it was.
///
/// No row it draws can reach another: autowrap is off while it owns the
/// terminal (a row too wide stops at the right edge instead of going on below),
/// rows are placed by moves from the row the cursor is known to be on, and each
/// row is cut at the screen's width as a terminal may draw it
/// (``DisplayText/terminalColumns(of:)``), for terminals that keep autowrap on.
struct ScreenPainter {
    let fullscreen: Bool
    let colour: Bool
    /// The rows drawn last (nil: draw everything).
    private var drawn: [[Composer.Screen.Span]]?
    /// The row of its area and the column the terminal's cursor is on.
    private var cursorRow = 0
    private var cursorColumn = 0
    /// The rows it owns, from the top of its area (inline).
    private var areaRows = 1

    init(fullscreen: Bool, colour: Bool) {
        self.fullscreen = fullscreen
        self.colour = colour
    }

    /// Sets the terminal up: bracketed paste, autowrap off, and the alternate
    /// screen, or (inline) an area that starts on the cursor's row.
    mutating func start() -> [UInt8] {
        var out = "\u{1B}[?2004h\u{1B}[?7l"
        if fullscreen {
            out += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
        } else {
            out += "\r\u{1B}[J"
        }
        drawn = nil
        (cursorRow, cursorColumn, areaRows) = (0, 0, 1)
        return Array(out.utf8)
    }

    /// Puts the terminal back: its own rows cleared (inline; what was printed
    /// above stays) or the main screen back, the cursor shown.
    mutating func finish() -> [UInt8] {
        var out = "\u{1B}[0m"
        if fullscreen {
            out += "\u{1B}[?1049l"
        } else {
            out += up(cursorRow) + "\r\u{1B}[J"
        }
        out += "\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h"
        drawn = nil
        (cursorRow, cursorColumn, areaRows) = (0, 0, 1)
        return Array(out.utf8)
    }

    /// Forgets what is on the screen, so the next frame draws every row.
    mutating func invalidate() { drawn = nil }

    /// Prints `rows` (a screen `width` wide) above the area, as output, and
    /// starts the area again below them: the next frame draws it whole.
    mutating func printAbove(_ rows: [[Composer.Screen.Span]], width: Int) -> [UInt8] {
        guard !rows.isEmpty else { return [] }
        var out = "\u{1B}[?25l" + up(cursorRow) + "\r\u{1B}[J"
        for spans in rows { out += paint(spans, width: width) + "\u{1B}[0m\r\n" }
        drawn = nil
        (cursorRow, cursorColumn, areaRows) = (0, 0, 1)
        return Array(out.utf8)
    }

    /// The bytes that turn the last frame into `screen`.
    mutating func frame(_ screen: Composer.Screen) -> [UInt8] {
        // Nothing changed: nothing to write (a followed file is read every 200 ms).
        if drawn == screen.rows && cursorRow == screen.cursor.row && cursorColumn == screen.cursor.column { return [] }
        var out = "\u{1B}[?25l"
        let count = max(1, screen.rows.count)
        if !fullscreen && count > areaRows {
            // More rows: line feeds from the area's last row make them (scrolling at the bottom).
            out += down(areaRows - 1 - cursorRow) + String(repeating: "\n", count: count - areaRows)
            cursorRow = count - 1
            areaRows = count
        }
        out += up(cursorRow) + "\r"
        var row = 0
        for (index, spans) in screen.rows.enumerated() {
            if let drawn, index < drawn.count, drawn[index] == spans { continue }
            out += down(index - row) + "\r" + paint(spans, width: screen.width) + "\u{1B}[0m\u{1B}[K"
            row = index
        }
        if !fullscreen && count < areaRows {
            // Fewer rows: the ones below are cleared and given back.
            out += down(count - row) + "\r\u{1B}[J"
            row = count
            areaRows = count
        }
        out += "\r" + (screen.cursor.row >= row ? down(screen.cursor.row - row) : up(row - screen.cursor.row))
        if screen.cursor.column > 0 { out += "\u{1B}[\(screen.cursor.column)C" }
        out += "\u{1B}[?25h"
        drawn = screen.rows
        (cursorRow, cursorColumn) = (screen.cursor.row, screen.cursor.column)
        return Array(out.utf8)
    }

    private func up(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)A" : "" }
    private func down(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)B" : "" }

    /// A row's spans with their styles: colours only when `colour`; the chosen cell always in reverse video.
    private func paint(_ spans: [Composer.Screen.Span], width: Int) -> String {
        var out = ""
        var used = 0
        for var span in spans {
            // Cut where a terminal would pass the right edge.
            var end = span.text.endIndex
            for index in span.text.indices {
                used += DisplayText.terminalColumns(of: span.text[index])
                if used > width {
                    end = index
                    break
                }
            }
            if end != span.text.endIndex { span.text = String(span.text[..<end]) }
            let style: String
            switch span.style {
            case .plain: style = ""
            case .selected: style = "\u{1B}[7m"
            case .label: style = colour ? "\u{1B}[4;36m" : "\u{1B}[4m"
            case .faint, .theirs: style = colour ? "\u{1B}[90m" : ""
            case .mine: style = colour ? "\u{1B}[32m" : ""
            case .error: style = colour ? "\u{1B}[31m" : "\u{1B}[1m"
            }
            out += style.isEmpty ? span.text : style + span.text + "\u{1B}[0m"
            if used > width { break }
        }
        return out
    }
}
