import Testing
@testable import FaceText

/// The search's bounded, in-place closeness test (the fast path) agrees with the plain
/// edit distance (the reference) on every pair of short words over a small alphabet.
@Suite struct EditDistanceTests {
    @Test(arguments: [("laugh", "lauhg", 1), ("laugh", "laugh", 0), ("kitten", "sitting", 3), ("", "abc", 3), ("ab", "ba", 1)])
    func distance(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(Array(a), Array(b)) == expected)
    }

    @Test func closenessAgreesWithTheEditDistance() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcA".utf8)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 2...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let word = (0..<Int.random(in: 2...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! | 0x20 }
            for limit in 1...2 {
                let expected = EditDistance.between(text.map { $0 | 0x20 }, word) <= limit
                let close = text.withUnsafeBufferPointer { FoldedBytes.isClose($0, word, limit: limit) }
                if close != expected { disagreements.append("\(String(decoding: text, as: UTF8.self)) \(String(decoding: word, as: UTF8.self)) \(limit)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
