/// How many terminal columns text takes, measured per grapheme cluster.
///
/// ```swift
/// DisplayWidth.columns(of: "好😀")     // 4
/// DisplayWidth.columns(of: "e\u{301}") // 1
/// ```
///
/// A cluster is 2 columns when it is shown as emoji (an Emoji_Presentation
/// base without U+FE0E, an emoji base with U+FE0F or U+20E3, a flag) or when
/// its base is East Asian Wide or Fullwidth; 0 when its base is a control
/// character (tab, CR, LF and the other C0/C1 controls: terminals do not
/// draw them), a line or paragraph separator, or a mark or format character
/// with nothing to attach to (wide combining marks such as U+3099 too);
/// otherwise 1. Marks, ZWJ and variation selectors inside a cluster add
/// nothing, but a halfwidth voiced sound mark (U+FF9E, U+FF9F) takes its own
/// column, in a cluster (`ﾊﾞ` is 2) or alone. U+FE0F after a letter that is
/// no emoji (`i️`) changes nothing.
public enum DisplayWidth {
    /// The columns of a whole string.
    public static func columns(of text: String) -> Int {
        // Printable ASCII is a column a byte (a quick answer for tables of many keys).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns of one grapheme cluster.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        var count = 0, textStyle = false, emojiStyle = false, voicedMarks = 0
        for scalar in scalars {
            count += 1
            switch scalar.value {
            case 0xFE0E: textStyle = true
            case 0xFE0F, 0x20E3: emojiStyle = true
            case 0xFF9E, 0xFF9F: if count > 1 { voicedMarks += 1 }
            default: break
            }
        }
        return columns(base: base.value, single: count == 1, textSelector: textStyle, emojiSelector: emojiStyle) + voicedMarks
    }

    /// The columns of a cluster that starts with `base`: `single` if it is
    /// alone, `textSelector` if U+FE0E is in the cluster, `emojiSelector` if
    /// U+FE0F or U+20E3 is (the wrapper measures clusters from their scalars
    /// so). A voiced sound mark after the base is not counted here.
    static func columns(base value: UInt32, single: Bool, textSelector: Bool, emojiSelector: Bool) -> Int {
        let textStyle = !single && textSelector, emojiStyle = !single && emojiSelector
        if value < 0x80 {
            // A keycap (`1️⃣`) or `#️` is an emoji; otherwise printable ASCII is 1 and controls 0.
            if emojiStyle && (value == 0x23 || value == 0x2A || value >= 0x30 && value <= 0x39) { return 2 }
            return value >= 0x20 && value < 0x7F ? 1 : 0
        }
        if value < 0xA0 { return 0 }       // C1 controls
        let flags = EmojiProperties.flags(value)
        if flags & EmojiProperties.regionalIndicator != 0 { return single ? 1 : 2 }
        if flags & EmojiProperties.emoji != 0 && emojiStyle { return 2 }
        if flags & EmojiProperties.presentation != 0 && !textStyle { return 2 }
        if value == 0xFF9E || value == 0xFF9F { return 1 }
        if EastAsianWide.contains(value) {
            // A wide combining mark alone draws nothing of its own; a skin tone (an extender too) is an emoji.
            return flags & EmojiProperties.extend != 0 && isMark(value) ? 0 : 2
        }
        if flags & EmojiProperties.extend != 0 { return 0 }
        guard let properties = Unicode.Scalar(value)?.properties else { return 1 }
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator: return 0
        default: return properties.isDefaultIgnorableCodePoint ? 0 : 1
        }
    }

    private static func isMark(_ value: UInt32) -> Bool {
        switch Unicode.Scalar(value)?.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// `text` followed by spaces up to `width` columns (unchanged if wider).
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(of: text)))
    }
}
