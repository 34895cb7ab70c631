import Testing
@testable import FaceText

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("好", 2), ("好😀", 4), ("ｈ", 2), ("e\u{0301}", 1), ("\u{0301}", 0),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2), ("\u{1F1E8}\u{1F1F3}", 2), ("\u{1F1E8}", 1),
        ("1\u{FE0F}\u{20E3}", 2), ("#\u{20E3}", 2), ("\u{1F44D}\u{1F3FD}", 2),
        ("\u{263A}", 1), ("\u{263A}\u{FE0F}", 2), ("\u{263A}\u{FE0E}", 1), ("\u{1F600}\u{FE0E}", 2),
        ("\t", 0), ("\r\n", 0), ("\u{0}", 0), ("\u{7F}", 0), ("\u{200B}", 0), ("\u{AC00}", 2), ("\u{232B}", 1),
        ("[哈哈]", 6),
        // An ASCII letter is no emoji base: U+FE0F and U+20E3 after it change nothing.
        ("i\u{FE0F}", 1), ("WiFi\u{FE0F}", 4), ("a\u{20E3}", 1), ("#\u{FE0F}", 2), ("5\u{FE0F}", 2),
        // Halfwidth voiced sound marks take a column, in a cluster or alone.
        ("ﾊﾞ", 2), ("ﾊﾟﾊﾞ", 4), ("\u{FF9E}", 1), ("\u{FF9F}", 1),
        // Wide combining marks alone draw nothing; a skin tone alone is an emoji.
        ("\u{302A}", 0), ("\u{302F}", 0), ("\u{3099}", 0), ("\u{309A}", 0), ("か\u{3099}", 2), ("\u{1F3FB}", 2),
        ("\u{2028}", 0), ("\u{2029}", 0),
    ])
    func columnsOfTrickyStrings(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns)
    }

    /// The wrapper measures as DisplayWidth does, by its quick ways too.
    @Test(arguments: TextWrapper.Breaking.allCases)
    func wrappedLinesUseTheSameColumns(breaking: TextWrapper.Breaking) {
        let cases: [(text: String, width: Int, lines: [String])] = [
            ("ﾊﾞﾊﾞﾊﾞ", 4, ["ﾊﾞﾊﾞ", "ﾊﾞ"]),
            ("👍ﾞ👍ﾞ", 3, ["👍ﾞ", "👍ﾞ"]),
            ("i\u{FE0F}i\u{FE0F}i\u{FE0F}", 2, ["i\u{FE0F}i\u{FE0F}", "i\u{FE0F}"]),
            ("\u{302A}\u{302A}ab", 2, ["\u{302A}\u{302A}ab"]),
        ]
        for (text, width, lines) in cases {
            let wrapped = TextWrapper(width: width, catalog: .default, breaking: breaking).lines(of: text)
            #expect(wrapped.map(\.text) == lines, "\(text) at \(width)")
            #expect(wrapped.map(\.width) == lines.map { DisplayWidth.columns(of: $0) })
        }
    }

    @Test func paddingUsesDisplayColumns() {
        #expect(DisplayWidth.padded("好", to: 4) == "好  ")
        #expect(DisplayWidth.padded("😀x", to: 2) == "😀x")
    }
}
