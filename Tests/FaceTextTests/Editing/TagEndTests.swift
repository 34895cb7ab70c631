import Testing
import TestSupport
@testable import FaceText

/// A backspace finds the tag that ends at the cursor: by one hash from the
/// nearest `[` when every tag ending in `]` starts with `[`, else through the
/// reversed tag trie. Both must name the same start.
@Suite struct TagEndTests {
    static let catalogs: [(name: String, catalog: FaceCatalog)] = [
        ("default", .default),
        ("WeChat", .wechat),
        ("tags of one to three bytes between brackets, and others",
         FaceCatalog(faces: [Face(tag: "[a]"), Face(tag: "[ab]"), Face(tag: "[b]"), Face(tag: "[]"),
                             Face(tag: "/::)"), Face(tag: "[哈哈]"), Face(tag: "[一二三四五六七八九十]")])),
        ("a tag that ends in ] without starting with [",
         FaceCatalog(faces: [Face(tag: "哈]"), Face(tag: "[哈哈]"), Face(tag: "[哈]"), Face(tag: "a[b]")])),
    ]

    @Test(arguments: catalogs.indices)
    func everyEndOfRandomTextFindsTheTagTheReversedTrieFinds(_ index: Int) {
        let (name, catalog) = Self.catalogs[index]
        let tags = catalog.faces.flatMap(\.tags).filter { $0.hasPrefix("[") || $0.hasSuffix("]") }
        let pieces = tags + ["[", "]", "[[", "]]", "哈", "a", "b", "[哈", "哈]", "\n", "\u{1F600}", "一二三四五六七八九十"]
        let finder = UnitFinder(catalog: catalog, anyTag: false)
        var random = SeededGenerator(seed: 0xFACE_0E4D)
        var ends = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for end in 1...buffer.count where buffer[end - 1] == UInt8(ascii: "]") {
                    let expected = catalog.index.reversedTagTrie.longestMatch(endingAt: end, in: buffer)?.start
                    #expect(finder.tagStart(endingAt: end, in: buffer) == expected, "\(name): \(text.debugDescription) up to byte \(end)")
                    ends += 1
                }
            }
        }
        #expect(ends > 3_000)
    }

    @Test func theHashIsUsedOnlyWhenNoTagEndsInABracketItDoesNotOpen() {
        #expect(Self.catalogs.map { $0.catalog.index.bracketTags?.decidesTagEnds } == [true, true, true, false])
    }
}
