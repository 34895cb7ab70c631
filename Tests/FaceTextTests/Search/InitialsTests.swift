import Testing
@testable import FaceText

/// Initials of a two-syllable name (`ws` for 握手) find it among the first ten
/// whenever they are unambiguous: at most ten results match them as well
/// (ties are ordered faces first, then by how closely they matched, then
/// catalog and Unicode order). The rate over every name is printed too.
@Suite struct InitialsTests {
    @Test func twoSyllableNamesAreFoundByTheirInitials() {
        let search = FaceSearch(catalog: .default)
        // Every two-ideograph tag of the catalog and Chinese name of an emoji, with its result text.
        var names: [(name: String, text: String)] = []
        for face in FaceCatalog.default.faces {
            let bare = String(face.tag.dropFirst().dropLast())
            if bare.unicodeScalars.count == 2, bare.unicodeScalars.allSatisfy({ FaceSearch.Pinyin.reading(of: $0) != nil }) { names.append((bare, face.tag)) }
        }
        let faced = Set(FaceCatalog.default.faces.compactMap(\.emoji))
        for annotation in EmojiAnnotation.all where annotation.chineseName.unicodeScalars.count == 2 {
            guard annotation.chineseName.unicodeScalars.allSatisfy({ FaceSearch.Pinyin.reading(of: $0) != nil }) else { continue }
            names.append((annotation.chineseName, faced.contains(annotation.emoji) ? "" : annotation.emoji))
        }
        func initials(_ name: String) -> String { String(name.unicodeScalars.map { FaceSearch.Pinyin.reading(of: $0)!.first! }) }
        var found = 0, tried = 0, foundOfAll = 0, all = 0, missed: [String] = []
        for (name, text) in names where !text.isEmpty {
            let results = search.results(for: initials(name))
            let top = results.prefix(10).map(\.text)
            all += 1
            if top.contains(text) { foundOfAll += 1 }
            guard results.prefix(while: { $0.rank <= .initials }).count <= 10 else { continue }
            tried += 1
            if top.contains(text) { found += 1 } else { missed.append("\(initials(name)) \(name)") }
        }
        let rate = Double(found) / Double(tried)
        print("initials of two-syllable names: \(found) of \(tried) unambiguous in the first ten (\(String(format: "%.1f", rate * 100))%); \(foundOfAll) of \(all) in all")
        #expect(tried > 300)
        #expect(rate >= 0.95, "\(missed.prefix(40))")
    }
}
