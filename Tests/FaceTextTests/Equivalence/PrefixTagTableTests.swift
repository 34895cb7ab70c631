import Testing
import TestSupport
@testable import FaceText

/// ``PrefixTagTable`` finds at every position the tag the trie finds: the
/// longest of those the bytes there start with, or none.
@Suite struct PrefixTagTableTests {
    static let tags: [(tag: [UInt8], face: Int32)] = [
        "/", "/:", "/::", "/::)", "/::))", "/:rose", "/:ros", "/:0123456789abcd", "/:0123456789abc", "/:哈哈", "/::)", "/x",
    ].enumerated().map { (Array($1.utf8), Int32($0)) }

    @Test func theLongestTagAtEveryPositionIsTheTriesOne() throws {
        let table = try #require(PrefixTagTable(tags: Self.tags))
        let trie = TagTrie(tags: Self.tags.map { (String(decoding: $0.tag, as: UTF8.self), $0.face) })
        let pieces = Self.tags.map(\.tag) + ["x", ":", ")", "\n", "\u{FF}", "哈"].map { Array($0.utf8) }
        var random = SeededGenerator(seed: 0x2F2F)
        for _ in 0..<200 {
            var input: [UInt8] = []
            for _ in 0..<30 { input += pieces[Int(random.next() % UInt64(pieces.count))] }
            input += [UInt8](repeating: 0x2D, count: 16)          // sixteen bytes readable after every position
            input.withUnsafeBufferPointer { bytes in
                for position in 0..<(bytes.count - 16) where bytes[position] == 0x2F {
                    let expected: (Int, Int32)? = switch trie.longestMatch(in: bytes, at: position, isFinal: true) {
                    case .tag(let length, let face): (length, face)
                    default: nil
                    }
                    let found = table.longestMatch(at: UnsafeRawPointer(bytes.baseAddress! + position))
                    #expect(found?.length == expected?.0 && found?.face == expected?.1, "\(Array(bytes[position...])) at \(position)")
                }
            }
        }
    }

    @Test func tagsOverSixteenBytesOrNoneAreLeftToTheTrie() {
        #expect(PrefixTagTable(tags: []) == nil)
        #expect(PrefixTagTable(tags: [(Array("/:0123456789abcde".utf8), 0)]) == nil)
        #expect(PrefixTagTable(tags: [(Array("/:0123456789abcd".utf8), 0)]) != nil)
    }
}
