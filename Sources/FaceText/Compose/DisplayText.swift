/// Text made safe to show on a terminal and measured in columns: what
/// `compose` draws, and every table, grid and message the command line shows.
package enum DisplayText {
    /// `text` with every control character (C0 but line feed and tab, DEL,
    /// C1), bidirectional override and isolate (U+202A–U+202E, U+2066–U+2069)
    /// and U+FFFD-decoded byte shown as U+FFFD, so that nothing in a message
    /// can move the cursor, change the terminal's state or turn a row around.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `text` made safe for a single row: line feeds, line and paragraph separators and tabs are spaces too.
    package static func oneRow(_ text: String) -> String {
        // Most names and faces hold no byte that starts a control character, a line break or a
        // tab (controls are below U+0020, U+007F to U+009F; U+2028 and U+2029 start with E2): as they are.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 }) { return text }
        return oneRowByCharacters(text)
    }

    /// ``oneRow(_:)`` character by character: the reference for its shortcut.
    package static func oneRowByCharacters(_ text: String) -> String {
        let text = safe(text)
        func breaks(_ character: Character) -> Bool {
            character == "\n" || character == "\t" || character == "\r\n" || character == "\u{2028}" || character == "\u{2029}"
        }
        guard text.contains(where: breaks) else { return text }
        return String(text.map { breaks($0) ? " " : $0 })
    }

    /// The columns a terminal may draw `character` in: ``DisplayWidth``'s
    /// count, or, for a cluster that is not drawn as one emoji, the sum of its
    /// scalars' own widths when that is more. Terminals that place scalar by
    /// scalar (as `wcwidth` does) draw a Hangul syllable of leading jamo, a
    /// Devanagari conjunct or a Thai SARA AM wider than one cluster, and a soft
    /// hyphen as a column; a row cut by this measure never reaches the next.
    package static func terminalColumns(of character: Character) -> Int {
        let counted = DisplayWidth.columns(of: character)
        let scalars = character.unicodeScalars
        guard scalars.count > 1 || scalars.first == "\u{AD}" else { return counted }
        var sum = 0
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return counted   // drawn as one emoji
            case 0x200D where counted == 2: return counted                             // an emoji ZWJ sequence
            case 0xAD: sum += 1
            case 0x1160...0x11FF, 0xD7B0...0xD7FF: break                                // vowel and final jamo join the syllable
            default: sum += DisplayWidth.columns(of: Character(scalar))
            }
        }
        return max(counted, sum)
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // (The bidirectional overrides and isolates too: an unclosed one reverses the rest of a row, frame and all.)
        return value < 0x20 && value != 0x0A && value != 0x09 || value >= 0x7F && value < 0xA0
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The longest start of `text` (safe, one row) at most `width` columns wide, and its width:
    /// a character is never cut.
    package static func clipped(_ text: String, to width: Int) -> (text: String, width: Int) {
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
