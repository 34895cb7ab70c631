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
    ])
    func columnsOfTrickyStrings(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns)
    }

    @Test func paddingUsesDisplayColumns() {
        #expect(DisplayWidth.padded("好", to: 4) == "好  ")
        #expect(DisplayWidth.padded("😀x", to: 2) == "😀x")
    }
}
