import Testing
import FaceText

@Suite struct ByteBufferTests {
    @Test(arguments: [0, 7, 9, 10, 11, 99, 100, 101, 999, 1000, 12345, 99_999_999, 100_000_000, 100_000_001, 123_456_789,
                      1_000_000_007, 10_000_000_000, 9_999_999_999_999_999, 10_000_000_000_000_000, -1, -10, -99, Int.max, Int.min])
    func decimalsAreWrittenAsSwiftPrintsThem(value: Int) {
        let buffer = StreamOutput(capacity: 4)
        buffer.append(Array("x".utf8))
        buffer.append(decimal: value)
        buffer.append(decimal: value)
        #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == "x\(value)\(value)")
    }

    @Test func piecesWrittenInPlaceGrowTheBufferAsNeeded() {
        let buffer = StreamOutput(capacity: 8)
        var expected = ""
        for number in 0..<1000 {
            buffer.append(maximumCount: 64) { start in
                var writer = ByteWriter(at: start)
                writer.put(Array("<".utf8))
                writer.put(decimal: number * 37)
                writer.put(UInt8(ascii: ">"))
                return writer.count
            }
            expected += "<\(number * 37)>"
        }
        #expect(buffer.count == expected.utf8.count)
        #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test func fourDigitsKeepTheirLeadingZeros() {
        for value in [0, 5, 10, 99, 100, 909, 1000, 1234, 9999] {
            let buffer = StreamOutput(capacity: 4)
            buffer.append(maximumCount: 8) { start in
                var writer = ByteWriter(at: start)
                writer.put(fourDigitsOf: value)
                return writer.count
            }
            let expected = String(repeating: "0", count: 4 - String(value).count) + String(value)
            #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
        }
    }

    @Test func blockCopiesKeepOnlyTheBytesGiven() {
        // Pieces shorter than, equal to and longer than the block size, one after
        // another: what a copy stores past its piece is overwritten by the next.
        let source = Array((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
        for size in [16, 64, 128] {
            let buffer = StreamOutput(capacity: 4)
            var expected: [UInt8] = []
            for count in [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 150] {
                buffer.append(maximumCount: 200 + size) { start in
                    var writer = ByteWriter(at: start)
                    source.withUnsafeBufferPointer { writer.put(UnsafeBufferPointer(rebasing: $0[..<count]), copyingUpTo: size) }
                    writer.put(UInt8(ascii: "|"))
                    return writer.count
                }
                expected += source[..<count] + [UInt8(ascii: "|")]
            }
            #expect(buffer.withBytes { Array($0) } == expected, "blocks of \(size)")
        }
    }
}
