import Testing
import TestSupport
@testable import FaceText

/// ``ByteSearch`` finds and counts line feeds as a byte-by-byte loop does,
/// wherever they are: in the first word, past it, in the last bytes, or nowhere.
@Suite struct ByteSearchTests {
    static func buffers() -> [[UInt8]] {
        var random = SeededGenerator(seed: 0x0A0A)
        var buffers: [[UInt8]] = [[], [0x0A], [0x0B], Array(repeating: 0x0A, count: 70)]
        for length in 0...140 {
            for density in [0, 1, 3, 10] {
                // Bytes near the line feed too (0x09, 0x0B, 0x8A), which a word test may confuse with it.
                buffers.append((0..<length).map { _ in
                    Int.random(in: 0..<12, using: &random) < density ? 0x0A : [0x09, 0x0B, 0x8A, 0x61, 0xE5, 0x00][Int.random(in: 0..<6, using: &random)]
                })
            }
        }
        return buffers
    }

    @Test func theFirstLineFeedFromEveryStartIsTheOneALoopFinds() {
        for buffer in Self.buffers() {
            buffer.withUnsafeBufferPointer { bytes in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex(of: 0x0A)
                    #expect(ByteSearch.lineFeed(in: bytes, from: start) == expected, "\(buffer) from \(start)")
                }
            }
        }
    }

    /// The search for either of two bytes (`render`'s kernel: `[` and WeChat's `/`), in the same buffers,
    /// whichever comes first, in either of the two words read at once or in the bytes after them.
    @Test func theFirstOfTwoBytesFromEveryStartIsTheOneALoopFinds() {
        for buffer in Self.buffers() {
            // The line feeds become one byte or the other; 0x0B and 0x09 stand next to both.
            let mixed = buffer.enumerated().map { $1 == 0x0A ? ($0 % 3 == 0 ? UInt8(0x2F) : 0x5B) : $1 }
            mixed.withUnsafeBufferPointer { bytes in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex { $0 == 0x5B || $0 == 0x2F }
                    #expect(ByteSearch.firstIndex(of: 0x5B, or: 0x2F, in: bytes, from: start) == expected, "\(mixed) from \(start)")
                }
            }
        }
    }

    @Test func lineFeedsAreCountedInEverySlice() {
        for buffer in Self.buffers() {
            buffer.withUnsafeBufferPointer { bytes in
                for start in stride(from: 0, through: bytes.count, by: 3) {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start...])
                    #expect(ByteSearch.lineFeedCount(in: slice) == slice.filter { $0 == 0x0A }.count, "\(buffer) from \(start)")
                }
            }
        }
    }
}
