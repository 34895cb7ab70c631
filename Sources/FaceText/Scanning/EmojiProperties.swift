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

    private static let lowLimit: UInt32 = 0x3400
    private static let highBase: UInt32 = 0x1F000
    private static let highLimit: UInt32 = 0x1FC00

    private static let lowTable: [UInt8] = (0..<lowLimit).map(compute)
    private static let highTable: [UInt8] = (highBase..<highLimit).map(compute)

    @inline(__always)
    static func flags(_ value: UInt32) -> UInt8 {
        if value < lowLimit { return lowTable[Int(value)] }
        if value >= highBase && value < highLimit { return highTable[Int(value - highBase)] }
        return compute(value)
    }

    static func compute(_ value: UInt32) -> UInt8 {
        guard let scalar = Unicode.Scalar(value) else { return 0 }
        let properties = scalar.properties
        var flags: UInt8 = 0
        let isModifier = (0x1F3FB...0x1F3FF).contains(value)
        let isTag = (0xE0020...0xE007F).contains(value)
        let isRegional = (0x1F1E6...0x1F1FF).contains(value)
        if properties.isGraphemeExtend || isModifier { flags |= extend }
        if isModifier || isTag || value == 0xFE0F || value == 0x20E3 { flags |= emojiExtend | extend }
        if isRegional { flags |= regionalIndicator }
        if properties.isEmoji && value >= 0x80 { flags |= emoji }
        if properties.isEmojiPresentation && value >= 0x80 { flags |= presentation }
        if ExtendedPictographic.contains(value) { flags |= pictographic }
        return flags
    }
}
