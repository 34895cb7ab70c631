import Foundation
import Testing
@testable import FaceText

/// The relevance set (Tests/SearchRelevance/queries.tsv): queries a chat user
/// types, in Chinese, traditional Chinese, pinyin, initials and English, by
/// face names and face keywords, with the answers they expect first and
/// within the first three. The rates are reported in docs/search.md.
@Suite struct SearchRelevanceTests {
    struct Query {
        let text: String
        let kind: String
        let first: [String]
        let withinThree: [String]
    }

    static let queries: [Query] = {
        let url = Fixtures.root.appendingPathComponent("Tests/SearchRelevance/queries.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func answers(_ index: Int) -> [String] { fields.indices.contains(index) ? fields[index].split(separator: " ").map(String.init) : [] }
            return Query(text: fields[0], kind: fields[1], first: answers(2), withinThree: answers(2) + answers(3))
        }
    }()

    static func bare(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }

    static func isAnswer(_ result: FaceSearch.Result, _ answers: [String]) -> Bool {
        answers.contains { $0 == result.text || Self.bare($0) == Self.bare(result.emoji ?? "") }
    }

    @Test func aChatUserFindsWhatTheyMean() {
        let search = FaceSearch(catalog: .default)
        #expect(Self.queries.count >= 150)
        var firstMisses: [String] = [], threeMisses: [String] = []
        for query in Self.queries {
            let results = search.results(for: query.text)
            let top = results.prefix(3).map(\.text).joined(separator: " ")
            if !(results.first.map { Self.isAnswer($0, query.first) } ?? false) { firstMisses.append("\(query.text) → \(top)") }
            if !results.prefix(3).contains(where: { Self.isAnswer($0, query.withinThree) }) { threeMisses.append("\(query.text) → \(top)") }
        }
        let count = Double(Self.queries.count)
        let first = 1 - Double(firstMisses.count) / count, three = 1 - Double(threeMisses.count) / count
        print("search relevance: \(Self.queries.count) queries, top-1 \(String(format: "%.1f", first * 100))%, top-3 \(String(format: "%.1f", three * 100))%")
        #expect(first >= 0.9, "top 1 \(first): \(firstMisses)")
        #expect(three >= 0.95, "top 3 \(three): \(threeMisses)")
        print("not first: \(firstMisses)")
    }

    /// Every face of the built-in catalogs that has no emoji has keywords a person would type.
    @Test(arguments: FaceCatalog.builtInNames)
    func facesWithoutAnEmojiHaveKeywords(catalog: String) {
        let bare = FaceCatalog.builtIn(named: catalog)!.faces.filter { $0.emoji == nil && $0.keywords.isEmpty }
        #expect(bare.isEmpty, "\(bare.map(\.tag))")
    }
}
