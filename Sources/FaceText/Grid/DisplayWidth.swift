/// How many terminal columns text takes, measured per grapheme cluster.
///
/// ```swift
/// DisplayWidth.columns(of: "好😀")     // 4
/// DisplayWidth.columns(of: "e\u{301}") // 1
/// ```
///
/// A cluster is 2 columns when it is shown as emoji (an Emoji_Presentation
/// base without U+FE0E, any emoji base with U+FE0F, a keycap, a flag) or when
/// its base is East Asian Wide or Fullwidth; 0 when its base is a control
/// character (tab, CR, LF and the other C0/C1 controls: terminals do not
/// draw them) or a mark or format character with nothing to attach to;
/// otherwise 1. Marks, ZWJ and variation selectors inside a cluster add nothing.
public enum DisplayWidth {
    /// The columns of a whole string.
    public static func columns(of text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns of one grapheme cluster.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        let properties = base.properties
        switch properties.generalCategory {
        case .control: return 0
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return 0 }
        let textStyle = scalars.contains("\u{FE0E}")
        let emojiStyle = scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}")
        if (0x1F1E6...0x1F1FF).contains(base.value) { return scalars.count > 1 ? 2 : 1 }
        if properties.isEmoji && emojiStyle { return 2 }
        if properties.isEmojiPresentation && !textStyle { return 2 }
        if scalars.contains("\u{200D}") && properties.isEmojiPresentation { return 2 }
        return EastAsianWide.contains(base.value) ? 2 : 1
    }

    /// `text` followed by spaces up to `width` columns (unchanged if wider).
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(of: text)))
    }
}
