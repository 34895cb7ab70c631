import Testing
import TestSupport
@testable import FaceText

/// HTML escaping, which finds what to escape eight bytes at a time, must
/// escape exactly the five bytes at any position of text of any length.
@Suite struct HTMLEscapingTests {
    private func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = OutputBuffer(capacity: 16)
        bytes.withUnsafeBufferPointer { HTMLEscaping.append($0, to: &buffer) }
        var out: [UInt8] = []
        buffer.moveAll(to: &out)
        return out
    }

    private func reference(_ bytes: [UInt8]) -> [UInt8] {
        let references: [UInt8: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;"]
        return bytes.flatMap { references[$0].map { Array($0.utf8) } ?? [$0] }
    }

    @Test func everyEscapedByteAtEveryPosition() {
        for length in 0...20 {
            for position in 0..<max(length, 1) {
                for special: UInt8 in [0x26, 0x3C, 0x3E, 0x22, 0x27, 0x25, 0x3D, 0xA6, 0xBC] {
                    var bytes = Array("好abcdefghijklmnopqrstu".utf8.prefix(length))
                    if position < length { bytes[position] = special }
                    #expect(escaped(bytes) == reference(bytes), "\(bytes)")
                }
            }
        }
    }

    @Test func randomTextEscapesAsByteByByte() {
        var generator = SeededGenerator(seed: 21)
        let alphabet = Array("&<>\"'a 好\n".utf8) + [0xFF, 0x00]
        for _ in 0..<2000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            #expect(escaped(bytes) == reference(bytes), "\(bytes)")
        }
    }
}
