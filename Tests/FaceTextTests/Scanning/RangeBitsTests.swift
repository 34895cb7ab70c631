import Testing
@testable import FaceText

/// ``RangeBits`` must answer as the ``RangeTable`` it is built from, for
/// every scalar its bits hold, just past them and at the top of Unicode.
@Suite struct RangeBitsTests {
    static let tables: [(name: String, table: RangeTable)] = [
        ("always starts", ClusterStartRanges.alwaysStarts),
        ("prepend", ClusterStartRanges.prepend),
        ("linked consonants", ClusterStartRanges.linkedConsonants),
        // Ranges of one scalar, on the edges of a word, across words, up to and across U+20000.
        ("edges", RangeTable([0x0...0x0, 0x3F...0x40, 0x7F...0x7F, 0x80...0xBF, 0xC1...0x1FF, 0x1_0000...0x1_003E,
                              0x1FFC0...0x1FFFF, 0x2_0000...0x2_0000, 0x2_0041...0x2_0041])),
        ("across the limit", RangeTable([0x1FFFE...0x2_0003, 0xE_0000...0x10_FFFF])),
        ("none", RangeTable([])),
    ]

    @Test(arguments: tables.indices)
    func everyScalarIsInTheBitsAsInTheRanges(_ index: Int) {
        let (name, table) = Self.tables[index]
        let bits = RangeBits(table)
        var wrong: [UInt32] = []
        for value in Array(UInt32(0)...0x2_0100) + [0x2_FFFF, 0xE_0000, 0x10_FFFF] where bits.contains(value) != table.contains(value) {
            wrong.append(value)
            if wrong.count == 10 { break }
        }
        #expect(wrong.isEmpty, "\(name): \(wrong.map { "U+" + String($0, radix: 16, uppercase: true) })")
    }
}
