import Testing
import TestSupport
@testable import FaceText

/// The library's values are `Sendable` and immutable: one catalog, renderer,
/// tagger and scanner used from many tasks at once give the same results as
/// one task alone. (The compiler checks the `Sendable` captures below.)
@Suite struct ConcurrencyTests {
    @Test func manyTasksShareOneCatalogAndAgree() async {
        let catalog = FaceCatalog.default
        let renderer = FaceRenderer(catalog: catalog)
        let tagger = FaceTagger(catalog: catalog)
        let scanner = FaceScanner(catalog: catalog)
        var generator = HostileText(seed: 99)
        let inputs = (0..<200).map { _ in generator.next(maximumPieces: 40) }
        let expected = inputs.map { (renderer.render($0), tagger.tag($0), scanner.tokens(in: $0)) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var wrong = 0
                    for (index, input) in inputs.enumerated() {
                        var line = FaceLine(bytes: input, catalog: catalog)
                        line.backspaceBytes()
                        if renderer.render(input) != expected[index].0 || tagger.tag(input) != expected[index].1
                            || scanner.tokens(in: input) != expected[index].2 {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// A catalog's lookups by String are built on first use: many tasks asking
    /// a fresh catalog at once all get the answers one task alone gets.
    @Test func lookupsByStringBuiltOnFirstUseAgreeAcrossTasks() async {
        let faces = FaceCatalog.default.faces
        let queries = faces.flatMap(\.tags) + faces.compactMap(\.image) + ["[nope]", "x.png"]
        let alone = FaceCatalog(faces: faces)
        let expected = queries.map { alone.faceIndex(forTag: $0) ?? alone.face(forImage: $0).flatMap { face in faces.firstIndex(of: face) } }
        #expect(expected.filter { $0 != nil }.count == queries.count - 2)
        for _ in 0..<5 {
            let shared = FaceCatalog(faces: faces)
            let mismatches = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var wrong = 0
                        for (index, query) in queries.enumerated().reversed() {
                            let found = shared.faceIndex(forTag: query) ?? shared.face(forImage: query).flatMap { face in faces.firstIndex(of: face) }
                            if found != expected[index] { wrong += 1 }
                        }
                        return wrong
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(mismatches == 0)
        }
    }
}
