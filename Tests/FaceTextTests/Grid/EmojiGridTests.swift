import Testing
@testable import FaceText

@Suite struct EmojiGridTests {
    @Test func theDefaultGridIsTheEmoticonsBlockInOrder() throws {
        let grid = try EmojiGrid(catalog: .default)
        #expect(grid.cells.count == 80)
        #expect(grid.cells.map(\.codePoint) == Array(0x1F600...0x1F64F).map { Optional(UInt32($0)) })
        #expect(grid.pages.count == 1)
        #expect(grid.rows(of: grid.pages[0]).map(\.count) == Array(repeating: 8, count: 10))
        #expect(grid.cells.allSatisfy { $0.isEmoji && $0.tag != nil })
    }

    @Test func excludingARangeLeavesTheRest() throws {
        let grid = try EmojiGrid(excluding: [0x1F641...0x1F644])
        #expect(grid.cells.count == 76)
        #expect(!grid.cells.contains { (0x1F641...0x1F644).contains($0.codePoint!) })
    }

    @Test func pagesWithADeleteKeyHoldEveryFaceExactlyOnce() throws {
        let grid = try EmojiGrid(columns: 7, rows: 3, deleteKey: true)
        let pages = grid.pages
        #expect(pages.count == 4)
        for page in pages {
            #expect(page.count == 21)
            #expect(page.last == .deleteKey)
            #expect(page.dropLast().allSatisfy { $0.kind != .deleteKey })
        }
        let faces = pages.flatMap { $0 }.compactMap(\.codePoint)
        #expect(faces == Array(0x1F600...0x1F64F).map { UInt32($0) })
    }

    @Test func aShortLastPageIsPaddedBeforeItsDeleteKey() throws {
        let grid = try EmojiGrid(ranges: [0x1F600...0x1F609], columns: 4, rows: 2, deleteKey: true)
        #expect(grid.pages.map { $0.filter { $0.kind == .codePoint }.count } == [7, 3])
        #expect(grid.pages[1].map(\.kind) == [.codePoint, .codePoint, .codePoint, .empty, .empty, .empty, .empty, .deleteKey])
    }

    @Test func codePointsThatAreNotEmojiAreShownButFlagged() throws {
        let grid = try EmojiGrid(ranges: [0x2600...0x2605, 0x41...0x41])
        #expect(grid.cells.map(\.text) == ["\u{2600}\u{FE0F}", "\u{2601}\u{FE0F}", "\u{2602}\u{FE0F}", "\u{2603}\u{FE0F}", "\u{2604}\u{FE0F}", "\u{2605}", "A"])
        #expect(grid.cells.map(\.isEmoji) == [true, true, true, true, true, false, false])
    }

    @Test func theCatalogsFacesMakeAGridInCatalogOrder() throws {
        let grid = try EmojiGrid(faces: .default, columns: 10)
        #expect(grid.cells.count == FaceCatalog.default.faces.count)
        #expect(grid.cells.first?.tag == "[最右]")
        #expect(grid.cells[3].text == "😃")
    }

    @Test(arguments: [
        ("1F64F-1F600", EmojiGrid.Error.reversedRange("1F64F-1F600")),
        ("10FFFF-110000", .rangeBeyondUnicode("10FFFF-110000")),
        ("D7FF-E000", .surrogateRange("D7FF-E000")),
        ("hello", .malformedRange("hello")),
        ("1F600-", .malformedRange("1F600-")),
    ])
    func invalidRangesAreErrors(text: String, error: EmojiGrid.Error) {
        #expect(throws: error) { try CodePointRange.parse(text) }
    }

    @Test(arguments: ["1F600-1F64F", "U+1F600-U+1F64F", "0x1F600-0x1F64F", "1f600..1f64f"])
    func rangesParseInEveryCommonSpelling(text: String) throws {
        #expect(try CodePointRange.parse(text) == 0x1F600...0x1F64F)
    }

    @Test func nonPositiveCountsAreErrors() {
        #expect(throws: EmojiGrid.Error.notPositive(name: "columns", value: 0)) { try EmojiGrid(columns: 0) }
        #expect(throws: EmojiGrid.Error.notPositive(name: "rows", value: -1)) { try EmojiGrid(rows: -1) }
    }
}
