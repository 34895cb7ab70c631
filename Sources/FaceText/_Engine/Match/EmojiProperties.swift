/// The per-scalar facts the emoji matcher needs, taken from the Swift
/// standard library's Unicode tables (so they agree with `Character`), and
/// cached in a small table for the blocks where emoji live.
enum EmojiProperties {
    static let emoji: UInt8 = 1
    /// Emoji_Presentation: shown as emoji without U+FE0F.
    static let presentation: UInt8 = 2
    /// Grapheme_Cluster_Break=Extend (combining marks, U+FE0F, skin tones, tag characters).
    static let extend: UInt8 = 4
    static let regionalIndicator: UInt8 = 8
    /// Extended_Pictographic (from Unicode's emoji-data.txt).
    static let pictographic: UInt8 = 16
    /// An extender that belongs to emoji: U+FE0F, U+20E3, skin tones, tag characters.
    static let emojiExtend: UInt8 = 32

    static let zwj: UInt32 = 0x200D

    private static let lowLimit: UInt32 = 0x10000
    private static let highBase: UInt32 = 0x1F000
    private static let highLimit: UInt32 = 0x20000

    private static let lowTable: [UInt8] = table(0, lowLimit)
    private static let highTable: [UInt8] = table(highBase, highLimit)

    @inline(__always)
    static func flags(_ value: UInt32) -> UInt8 {
        if value < lowLimit { return lowTable[Int(value)] }
        if value >= highBase && value < highLimit { return highTable[Int(value - highBase)] }
        return compute(value)
    }

    /// The flags of `low..<high`, filled range by range from the generated tables.
    private static func table(_ low: UInt32, _ high: UInt32) -> [UInt8] {
        var flags = [UInt8](repeating: 0, count: Int(high - low))
        func mark(_ table: RangeTable, _ flag: UInt8) {
            for range in table.ranges where range.upperBound >= low && range.lowerBound < high {
                for value in max(range.lowerBound, low)...min(range.upperBound, high - 1) { flags[Int(value - low)] |= flag }
            }
        }
        mark(EmojiPropertyRanges.emoji, emoji)
        mark(EmojiPropertyRanges.emojiPresentation, presentation)
        mark(EmojiPropertyRanges.graphemeExtend, extend)
        mark(ExtendedPictographic.table, pictographic)
        mark(RangeTable([0x1F3FB...0x1F3FF]), extend | emojiExtend)
        mark(RangeTable([0x1F1E6...0x1F1FF]), regionalIndicator)
        mark(RangeTable([0x20E3...0x20E3, 0xFE0F...0xFE0F]), extend | emojiExtend)
        for value in 0..<min(high, 0x80) where value >= low { flags[Int(value - low)] &= ~(emoji | presentation) }
        return flags
    }

    /// The flags of one scalar outside the cached blocks.
    static func compute(_ value: UInt32) -> UInt8 {
        var flags: UInt8 = 0
        if value >= 0x80 && EmojiPropertyRanges.emoji.contains(value) { flags |= emoji }
        if value >= 0x80 && EmojiPropertyRanges.emojiPresentation.contains(value) { flags |= presentation }
        if EmojiPropertyRanges.graphemeExtend.contains(value) { flags |= extend }
        if ExtendedPictographic.contains(value) { flags |= pictographic }
        if (0xE0020...0xE007F).contains(value) || value == 0xFE0F || value == 0x20E3 || (0x1F3FB...0x1F3FF).contains(value) {
            flags |= extend | emojiExtend
        }
        if (0x1F1E6...0x1F1FF).contains(value) { flags |= regionalIndicator }
        return flags
    }

    /// Whether `value` is Grapheme_Cluster_Break=SpacingMark (GB9a: no break
    /// before it), as the standard library's grapheme breaking has it: after a
    /// pictograph, only Extend, ZWJ and SpacingMark go on with the cluster.
    static func isSpacingMark(_ value: UInt32) -> Bool {
        // None below U+0903, in U+2000–U+A7FF (punctuation, symbols, emoji, CJK) or past U+1EFFF:
        // the scalars emoji and chat text are made of are answered without the recognizer.
        guard value >= 0x903, value &- 0x2000 >= 0xA800 - 0x2000, value < 0x1F000,
              let scalar = Unicode.Scalar(value), value != zwj, flags(value) & extend == 0 else { return false }
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: "\u{1F600}")
        return !recognizer.hasBreak(before: scalar)
    }
}
