import Testing
@testable import FaceText

@Suite struct WordMaskTests {
    /// Against the definition with branches, and on a string's bytes: the
    /// masked first word keeps the string's bytes (up to eight), and the last
    /// word read ends at the string's end.
    @Test(arguments: 0...40)
    func theMaskKeepsTheFirstBytesOfAStringAndTheLastWordEndsWithIt(count: Int) {
        let expected: UInt64 = count >= 8 ? ~0 : (1 << UInt64(8 * count)) - 1
        #expect(WordMask.first(count) == expected)
        #expect(WordMask.lastWordOffset(count) == max(count - 8, 0))
        let bytes: [UInt8] = (0..<48).map { UInt8($0 + 1) }
        let kept: [UInt8] = bytes.withUnsafeBytes { raw in
            let word = raw.loadUnaligned(as: UInt64.self) & WordMask.first(count)
            return withUnsafeBytes(of: word.littleEndian) { Array($0) }
        }
        let prefix = Array(bytes.prefix(min(count, 8)))
        #expect(kept == prefix + [UInt8](repeating: 0, count: 8 - prefix.count))
    }
}
