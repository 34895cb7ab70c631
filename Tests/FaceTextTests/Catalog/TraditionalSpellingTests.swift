import Foundation
import Testing
@testable import FaceText

/// The built-in catalogs' traditional spellings: those a Taiwan or Hong Kong
/// user writes are tags of their faces, and catalogs/traditional-differences.tsv,
/// the spellings an independent conversion (scripts/check-traditional) gives
/// that the catalogs leave out on purpose, stays true.
@Suite struct TraditionalSpellingTests {
    @Test(arguments: [("default", "[噓]", "[嘘]"), ("default", "[陰險]", "[阴险]"), ("default", "[奧特曼]", "[奥特曼]"),
                      ("default", "[男孩兒]", "[男孩儿]"), ("default", "[女孩兒]", "[女孩儿]"), ("default", "[照相機]", "[照相机]"),
                      ("default", "[愛你]", "[爱你]"), ("wechat", "[捂臉]", "[捂脸]"), ("wechat", "[社會社會]", "[社会社会]")])
    func aTraditionalSpellingIsATagOfItsFace(catalog name: String, traditional: String, simplified: String) throws {
        let catalog = try #require(FaceCatalog.builtIn(named: name))
        #expect(catalog.face(forTag: traditional)?.tag == simplified)
        // And scan finds it as that face, not as a tag the catalog does not know.
        let tokens = FaceScanner(catalog: catalog).tokens(in: "好\(traditional)!")
        #expect(tokens.contains { $0.kind == .tag && $0.face.map { catalog.faces[$0].tag } == simplified })
    }

    @Test func everyListedDifferenceNamesAFaceThatLacksTheSpelling() throws {
        let url = Fixtures.root.appendingPathComponent("catalogs/traditional-differences.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count > 40)
        for row in rows {
            let fields = row.split(separator: "\t").map(String.init)
            try #require(fields.count == 4, "\(row)")
            let catalog = try #require(FaceCatalog.builtIn(named: fields[0]))
            #expect(catalog.face(forTag: fields[1])?.tag == fields[1], "\(row): no such face")
            #expect(catalog.face(forTag: fields[2]) == nil, "\(row): the catalog has it now; drop the row")
            #expect(!fields[3].isEmpty)
        }
    }
}
