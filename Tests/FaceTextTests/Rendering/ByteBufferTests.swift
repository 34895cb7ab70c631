import Testing
import FaceText

@Suite struct ByteBufferTests {
    @Test(arguments: [0, 7, 9, 10, 11, 99, 100, 101, 999, 1000, 12345, 99_999_999, 100_000_000, 123_456_789, 1_000_000_007, -1, -10, -99, Int.max, Int.min])
    func decimalsAreWrittenAsSwiftPrintsThem(value: Int) {
        let buffer = ByteBuffer(capacity: 4)
        buffer.append(Array("x".utf8))
        buffer.append(decimal: value)
        buffer.append(decimal: value)
        #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == "x\(value)\(value)")
    }

    @Test func piecesWrittenInPlaceGrowTheBufferAsNeeded() {
        let buffer = ByteBuffer(capacity: 8)
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
}
