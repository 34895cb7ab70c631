import Testing
@testable import FaceText

/// A query is searched up to a stated size (256 bytes, 16 words), so no
/// query, typed or pasted, makes a search take long.
@Suite struct QueryLimitTests {
    @Test(arguments: [
        ("笑 哭", "笑 哭"),
        (String(repeating: "a", count: 256), String(repeating: "a", count: 256)),
        (String(repeating: "a", count: 300), String(repeating: "a", count: 256)),
        (String(repeating: "好", count: 90), String(repeating: "好", count: 85)),         // never inside a character
        (String(repeating: "ab ", count: 20), String(repeating: "ab ", count: 16)),       // words after the 16th are left
        (" \t cat  ", " \t cat  "),
    ])
    func queriesAreCutToWhatIsSearched(query: String, searched: String) {
        #expect(String(FaceSearch.searched(query)) == searched)
        #expect(FaceSearch.searched(query).utf8.count <= FaceSearch.maximumQueryBytes)
    }

    /// A long query gives what its searched start gives.
    @Test func aLongQueryIsSearchedAsItsStart() {
        let search = FaceSearch(catalog: .default)
        let long = String(repeating: "cat ", count: 10_000)
        #expect(search.results(for: long).map(\.text) == search.results(for: String(FaceSearch.searched(long))).map(\.text))
        #expect(!search.results(for: long).isEmpty)
    }
}
