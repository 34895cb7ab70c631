import Testing
@testable import FaceText

@Suite struct GridLayoutTests {
    @Test func aPhonePanelOf320By216WithIcons25() throws {
        // Hand computed: columns ⌊(320 − 2·10 + 5) / 30⌋ = 10, rows ⌊(216 − 20 + 5) / 30⌋ = 6;
        // used width 10·25 + 9·5 = 295, margins (320 − 295) / 2 = 12.5; used height 6·25 + 5·5 = 175, margins 20.5.
        let layout = try EmojiGrid.Layout(width: 320, height: 216, icon: 25)
        #expect((layout.columns, layout.rows) == (10, 6))
        #expect((layout.left, layout.right, layout.top, layout.bottom) == (12.5, 12.5, 20.5, 20.5))
        #expect(layout.cellsPerPage == 60)
        #expect(layout.pages(for: 80) == 2)
        #expect(layout.frame(row: 0, column: 1) == .init(x: 42.5, y: 20.5, width: 25, height: 25))
        #expect(layout.frame(row: 5, column: 9) == .init(x: 282.5, y: 170.5, width: 25, height: 25))
        #expect(layout.frames.count == 60)
    }

    @Test func aPanel375Wide() throws {
        // Columns ⌊(375 − 20 + 5) / 30⌋ = 12, used 12·25 + 11·5 = 355, margins 10 and 10.
        let layout = try EmojiGrid.Layout(width: 375, height: 216, icon: 25)
        #expect((layout.columns, layout.left, layout.right) == (12, 10, 10))
        // Icons of 32, gaps of 8: ⌊(375 − 20 + 8) / 40⌋ = 9 columns, used 352, margins 11.5;
        // ⌊(258 − 20 + 8) / 40⌋ = 6 rows, used 6·32 + 5·8 = 232, margins 13.
        let large = try EmojiGrid.Layout(width: 375, height: 258, icon: 32, gap: 8)
        #expect((large.columns, large.rows, large.left, large.top) == (9, 6, 11.5, 13))
    }

    @Test(arguments: [(320.0, 216.0), (375, 216), (414, 300), (100, 100), (321, 217)])
    func marginsAndCellsAddUpExactlyToThePanel(width: Double, height: Double) throws {
        let layout = try EmojiGrid.Layout(width: width, height: height, icon: 25)
        #expect(layout.left + Double(layout.columns) * 25 + Double(layout.columns - 1) * 5 + layout.right == width)
        #expect(layout.top + Double(layout.rows) * 25 + Double(layout.rows - 1) * 5 + layout.bottom == height)
        #expect(layout.left >= 10 && layout.top >= 10)
    }

    @Test(arguments: [
        (0.0, 216.0, 25.0, 5.0, 10.0), (320, -1, 25, 5, 10), (320, 216, 0, 5, 10),
        (20, 20, 25, 5, 10), (320, 216, 25, -5, 10), (320, 216, 25, 5, -1), (320, 216, .nan, 5, 10),
    ])
    func degenerateInputsAreClearErrors(width: Double, height: Double, icon: Double, gap: Double, margin: Double) {
        #expect(throws: EmojiGrid.Error.self) { try EmojiGrid.Layout(width: width, height: height, icon: icon, gap: gap, margin: margin) }
    }
}
