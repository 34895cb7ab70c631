/// What Unicode's CLDR calls an emoji: its short name and keywords in English,
/// simplified Chinese and traditional Chinese.
///
/// The built-in table has every fully-qualified emoji of Emoji 17.0 without a
/// skin-tone modifier (1,914), in emoji-test.txt's order, with CLDR's
/// annotations and derived annotations (`🇨🇳` is `flag: China`, `旗: 中国`;
/// versions in Tests/UnicodeData/SOURCES.md). An emoji the annotations lack
/// has emoji-test.txt's English name only.
public struct EmojiAnnotation: Sendable, Hashable {
    /// The emoji, fully qualified (U+FE0F where it belongs).
    public let emoji: String
    /// The English short name (`face with tears of joy`).
    public let englishName: String
    /// The English keywords (`joy`, `laugh`, `tear`, …).
    public let englishKeywords: [String]
    /// The simplified Chinese short name (`笑哭了`), empty if CLDR has none.
    public let chineseName: String
    /// The simplified Chinese keywords.
    public let chineseKeywords: [String]
    /// The traditional Chinese short name (`zh_Hant`), empty if CLDR has none.
    public let traditionalName: String
    /// The traditional Chinese keywords.
    public let traditionalKeywords: [String]

    /// Every annotated emoji, in emoji-test.txt's order.
    public static var all: [EmojiAnnotation] {
        let table = AnnotationTable.shared
        return (0..<table.count).map(table.annotation)
    }

    /// The annotation of `emoji`, compared without U+FE0F; toned emoji have none.
    public static func annotation(for emoji: String) -> EmojiAnnotation? {
        let table = AnnotationTable.shared
        return table.line(of: emoji).map(table.annotation)
    }
}
