import Testing
@testable import FaceText

/// A query of several words ranks each result by its weakest word: a face
/// that matches every word well comes before one that matches one word
/// exactly and another barely. Checked over pairs and triples of everyday
/// words in three languages.
@Suite struct MultiWordRankTests {
    static let search = FaceSearch(catalog: .default)
    static let words = ["cat", "face", "heart", "red", "happy", "xiao", "猫", "心", "haha"]

    /// The queries that start with `first`: it and each other word, and it with the next two.
    static func queries(startingWith first: String) -> [String] {
        let index = words.firstIndex(of: first)!
        return words.filter { $0 != first }.map { first + " " + $0 } + [([first] + words[(index + 1)...].prefix(2)).joined(separator: " ")]
    }

    @Test(arguments: words)
    func eachResultRanksAsItsWeakestWord(first: String) {
        var differing = 0
        for query in Self.queries(startingWith: first) {
            let results = Self.search.results(for: query)
            #expect(zip(results, results.dropFirst()).allSatisfy { $0.rank <= $1.rank }, "\(query): not in rank order")
            let wordCount = query.split(separator: " ").count
            for result in results where result.matches.count == wordCount {
                let weakest = result.matches.map(\.rank).max()!
                #expect(result.rank == weakest, "\(query): \(result.text) ranks \(result.rank), its weakest word \(weakest)")
                if Set(result.matches.map(\.rank)).count > 1 { differing += 1 }
            }
        }
        #expect(differing > 0, "results whose words match at different ranks")
    }
}
