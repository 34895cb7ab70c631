import Foundation
import Testing

/// Every face of every built-in catalog through the real binary: `render | tag`
/// gives each tag back, or for a face whose emoji an earlier face owns, that
/// face's tag; `catalog check` finds every built-in catalog clean.
@Suite struct BuiltInCatalogsEndToEndTests {
    static let names = ["default", "wechat", "weibo"]

    @Test func catalogsNamesEveryBuiltInCatalog() throws {
        let listed = try BinaryRunner.run(["catalog", "list", "--catalogs"]).text.split(separator: "\n")
        #expect(listed.map { String($0.prefix { $0 != " " }) } == Self.names)
    }

    @Test(arguments: names)
    func renderThenTagGivesEveryTagBack(name: String) throws {
        let listing = try BinaryRunner.run(["--catalog", name, "catalog", "list", "--json"])
        let faces = try #require(try JSONSerialization.jsonObject(with: listing.stdout) as? [[String: Any]])
        #expect(faces.count > 100)
        let tags = faces.map { $0["tag"] as! String }
        // The first face of each emoji is the one `tag` writes for it (compared without U+FE0F).
        var owners: [String: String] = [:]
        for face in faces {
            if let emoji = face["emoji"] as? String, owners[emoji.replacingOccurrences(of: "\u{FE0F}", with: "")] == nil {
                owners[emoji.replacingOccurrences(of: "\u{FE0F}", with: "")] = face["tag"] as? String
            }
        }
        let expected = faces.map { face in
            (face["emoji"] as? String).flatMap { owners[$0.replacingOccurrences(of: "\u{FE0F}", with: "")] } ?? face["tag"] as! String
        }
        let input = tags.map { "<\($0)>" }.joined(separator: "\n") + "\n"
        let piped = try BinaryRunner.run(["--catalog", name, "render"], stdin: Data(input.utf8))
        #expect(piped.status == 0)
        let back = try BinaryRunner.run(["--catalog", name, "tag"], stdin: piped.stdout)
        #expect(back.status == 0)
        let lines = back.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines == expected.map { "<\($0)>" })
    }

    @Test(arguments: names)
    func checkFindsTheBuiltInCatalogClean(name: String) throws {
        let result = try BinaryRunner.run(["--catalog", name, "catalog", "check"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.text == "1 catalog checked: 0 errors, 0 warnings\n")
    }
}
