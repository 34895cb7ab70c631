/// Text made safe to show on a terminal and measured in columns.
enum DisplayText {
    /// `text` with every control character (C0 but line feed and tab, DEL,
    /// C1) and U+FFFD-decoded byte shown as U+FFFD, so that nothing in a
    /// message can move the cursor or change the terminal's state.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `text` made safe for a single row: line feeds and tabs are spaces too.
    static func oneRow(_ text: String) -> String {
        let text = safe(text)
        guard text.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r\n" }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 && value != 0x0A && value != 0x09 || value >= 0x7F && value < 0xA0
    }

    /// The longest start of `text` (safe, one row) at most `width` columns wide, and its width:
    /// a character is never cut.
    static func clipped(_ text: String, to width: Int) -> (text: String, width: Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let columns = DisplayWidth.columns(of: text[index])
            if used + columns > width { break }
            used += columns
            end = text.index(after: index)
        }
        return (String(text[..<end]), used)
    }
}
