import Foundation
import Testing

/// docs/library.md lists the library's public types: every type public at
/// the top level is in the table, no more than twenty-four of them, and each
/// type the table nests in one is declared public.
@Suite struct LibraryDocTests {
    static let rows = DocumentTables.table(under: "## The public types", in: DocumentTables.document("docs/library.md"))
    static let librarySources = DocumentTables.swiftFiles.filter { $0.path.hasPrefix("Sources/FaceText/") }

    /// The names declared `public` by lines that start as `prefix` does (no indent: top level).
    static func publicTypes(indented: Bool) -> Set<String> {
        var names: Set<String> = []
        for file in librarySources {
            for line in file.text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard (trimmed.count < line.count) == indented, trimmed.hasPrefix("public ") else { continue }
                let words = trimmed.split(separator: " ")
                if let kind = words.firstIndex(where: { ["struct", "enum", "class", "protocol", "typealias"].contains($0) }), kind + 1 < words.count {
                    names.insert(String(words[kind + 1].prefix { $0.isLetter || $0.isNumber }))
                }
            }
        }
        return names
    }

    @Test func theTableListsEveryPublicTopLevelType() {
        let listed = Set(Self.rows.compactMap { DocumentTables.quoted($0[0]).first })
        #expect(listed == Self.publicTypes(indented: false))
        #expect(listed.count <= 24)
    }

    @Test func everyTypeTheTableNestsIsPublic() {
        let nested = Self.publicTypes(indented: true)
        var checked = 0
        for row in Self.rows where row.count > 2 {
            for name in DocumentTables.quoted(row[2]) {
                #expect(nested.contains(name), "docs/library.md nests \(name) in \(row[0]), but no public type has that name")
                checked += 1
            }
        }
        #expect(checked > 30)
    }
}
