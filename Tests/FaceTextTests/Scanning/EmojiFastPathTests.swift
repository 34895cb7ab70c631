import Testing
@testable import FaceText

/// The emoji matcher's table-driven fast path must answer exactly as the full
/// cluster matcher does, for every scalar it covers and whatever follows it.
@Suite struct EmojiFastPathTests {
    /// What may follow an emoji: plain text, CJK, punctuation, extenders of
    /// every kind, other emoji, invalid and cut-off bytes.
    static let followers: [[UInt8]] = [
        Array("a".utf8), Array("\n".utf8), Array("好".utf8), Array("。".utf8), Array("，".utf8), Array("…".utf8),
        Array("\u{FE0F}a".utf8), Array("\u{FE0F}\u{200D}\u{1F525}".utf8), Array("\u{FE0F}\u{FE0F}".utf8), Array("\u{FE0E}".utf8),
        Array("\u{200D}\u{1F525}".utf8), Array("\u{200C}x".utf8), Array("\u{1F3FD}".utf8), Array("\u{0301}".utf8),
        Array("\u{3099}".utf8), Array("\u{302A}".utf8), Array("\u{FF9E}".utf8), Array("\u{20E3}".utf8), Array("\u{20D0}".utf8),
        Array("\u{E0067}\u{E007F}".utf8), Array("\u{E0100}".utf8), Array("\u{1F600}".utf8), Array("\u{2764}".utf8),
        Array("\u{1F1E8}".utf8), Array("\u{1D165}".utf8), [0xFF], [0x80], [0xF0, 0x9F], [0xE2], [],
    ]

    @Test func everyScalarOfTheTwoBlocksMatchesAsTheFullMatcherDoes() {
        for catalog in [FaceCatalog.default, FaceCatalog.wechat] {
            let fast = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: true)
            let full = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: false)
            let scalars = Array(UInt32(0x2000)..<0x3000) + Array(UInt32(0x1F000)..<0x20000)
            var differences: [String] = []
            for value in scalars {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let head = Array(String(scalar).utf8)
                // Each follower at the very end and with text after it (the fast path needs a few bytes of lookahead).
                for follower in Self.followers + Self.followers.map({ $0 + Array("xyz".utf8) }) {
                    let bytes = head + follower
                    for isFinal in [true, false] {
                        let (a, b) = bytes.withUnsafeBufferPointer {
                            (fast.match(in: $0, at: 0, isFinal: isFinal), full.match(in: $0, at: 0, isFinal: isFinal))
                        }
                        if a != b { differences.append("U+\(String(value, radix: 16)) + \(follower): \(a) ≠ \(b)") }
                    }
                }
            }
            #expect(differences.isEmpty, "\(differences.prefix(10))")
        }
    }

    @Test func noScalarFromU4000ToU9FFFExtendsACluster() {
        // The fast path reads lead bytes E4–E9 as "cannot extend" without decoding.
        for value in UInt32(0x4000)..<0xA000 {
            #expect(EmojiProperties.flags(value) & EmojiProperties.extend == 0 && value != EmojiProperties.zwj)
        }
    }
}
