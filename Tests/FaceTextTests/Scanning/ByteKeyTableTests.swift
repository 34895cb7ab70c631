import Testing
import TestSupport
@testable import FaceText

/// The byte-keyed table compares keys of up to 16 bytes as two words: it must
/// still tell apart keys that differ in any one byte, at every length.
@Suite struct ByteKeyTableTests {
    @Test func keysDifferingInAnyOneByteAreToldApart() {
        var random = SeededGenerator(seed: 0xFACE_0012)
        var keys: [[UInt8]] = []
        for length in 0...40 {
            for _ in 0..<3 { keys.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }) }
        }
        let unique = Array(Set(keys))
        let table = ByteKeyTable(unique.enumerated().map { ($0.element, Int32($0.offset)) })
        for (index, key) in unique.enumerated() {
            #expect(table.value(for: key) == Int32(index), "\(key)")
            for position in key.indices {
                var near = key
                near[position] ^= 0x01 << UInt8.random(in: 0...7, using: &random)
                if !Set(unique).contains(near) { #expect(table.value(for: near) == nil, "\(near)") }
            }
            #expect(table.value(for: key + [0]) == nil || Set(unique).contains(key + [0]))
        }
    }

    @Test func aKeyGivenTwiceKeepsItsFirstValue() {
        let long = Array("[失望但如释重负]".utf8)           // over 16 bytes: compared byte by byte
        let table = ByteKeyTable([(Array("[a]".utf8), 1), (long, 2), (Array("[a]".utf8), 3), (long, 4), (Array("[b]".utf8), 5)])
        #expect(table.value(for: Array("[a]".utf8)) == 1)
        #expect(table.value(for: long) == 2)
        #expect(table.value(for: Array("[b]".utf8)) == 5)
        #expect(table.count == 3)
    }
}
