import Testing
import TestSupport
@testable import FaceText

/// The byte writer of JSON strings gives what the `String` one gives.
@Suite struct JSONTextTests {
    private func escaped(_ bytes: [UInt8]) -> [UInt8] {
        let out = StreamOutput()
        out.append(maximumCount: JSONText.escapedSize(bytes.count) + 8) { start in
            var writer = ByteWriter(at: start)
            bytes.withUnsafeBufferPointer { JSONText.write(escaping: $0, to: &writer) }
            return writer.count
        }
        return out.withBytes { Array($0) }
    }

    /// What the String writer puts between its quotes.
    private func reference(_ bytes: [UInt8]) -> [UInt8] {
        Array(JSONText.quoted(String(decoding: bytes, as: UTF8.self)).utf8.dropFirst().dropLast())
    }

    @Test(arguments: [
        Array("plain 好 😀".utf8), Array(#"say "hi" \ now"#.utf8), [0x00, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x7F],
        Array("a\u{2028}b\u{2029}c\u{2027}".utf8),
        // Ill-formed: each maximal subpart is one U+FFFD.
        [0xFF], [0x80, 0x80], [0xE2, 0x80], [0xE2, 0x80, 0x41], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x41],
        [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x41], [0x61, 0xC3],
    ])
    func writesWhatTheStringWriterWrites(bytes: [UInt8]) {
        #expect(escaped(bytes) == reference(bytes))
        #expect(bytes.withUnsafeBufferPointer(JSONText.isVerbatim) == (reference(bytes) == bytes))
    }

    @Test func agreesOnRandomBytes() {
        // Bytes that matter to UTF-8 and to JSON, strung together at random.
        let alphabet: [UInt8] = [0x00, 0x0A, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xA8, 0xBF,
                                 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5000 {
            let bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            #expect(escaped(bytes) == reference(bytes), "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer(JSONText.isVerbatim) == (reference(bytes) == bytes), "\(bytes)")
        }
    }

    @Test func textEscapedInTwoPartsSplitAtAUnitBoundaryIsTheWholeEscaped() {
        let alphabet: [UInt8] = [0x0A, 0x22, 0x41, 0x80, 0x8F, 0x9F, 0xA0, 0xA8, 0xBF, 0xC2, 0xE0, 0xE2, 0xE4, 0xB8, 0xED,
                                 0xF0, 0xF4, 0xFF]
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<5000 {
            let bytes = (0..<Int(1 + generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            for wanted in 0...bytes.count {
                let split = bytes.withUnsafeBufferPointer { JSONText.unitBoundary(atOrBefore: wanted, in: $0) }
                #expect(split <= wanted && split >= wanted - 3, "\(bytes) at \(wanted)")
                #expect(escaped(Array(bytes[..<split])) + escaped(Array(bytes[split...])) == escaped(bytes), "\(bytes) at \(wanted)")
            }
        }
    }
}
