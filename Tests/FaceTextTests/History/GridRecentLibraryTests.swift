import Testing
@testable import FaceText

@Suite struct GridRecentLibraryTests {
    @Test func recentKeysComeFirstEachOnceThenTheCatalog() throws {
        let catalog = FaceCatalog.default
        let grid = try EmojiGrid(faces: catalog, recent: ["😂", "[笑哭了]", "🚀", "[旧表情]", "[心]"], columns: 4)
        #expect(grid.cells.prefix(4).map(\.kind) == [.recent, .recent, .recent, .recent])
        #expect(grid.cells.prefix(4).map { $0.tag ?? $0.text } == ["[笑cry]", "🚀", "[旧表情]", "[心]"])
        #expect(grid.cells.count == catalog.faces.count + 2)
        #expect(Set(grid.cells.compactMap(\.tag)).count == catalog.faces.count + 1)
    }
}
