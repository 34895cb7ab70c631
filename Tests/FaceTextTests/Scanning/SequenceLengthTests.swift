import Testing
@testable import FaceText

/// The long-cluster table of the run loop is keyed by a cluster's whole
/// bytes, as far as ``ClusterMemo/sequenceLength(at:)`` reads a sequence
/// there. The key only chooses where to look, but one that takes in too
/// little or too much would find nothing again.
@Suite struct SequenceLengthTests {
    static let cases: [(text: String, length: Int)] = [
        // ZWJ sequences: after a plain pictograph, U+FE0F or a skin tone.
        ("👩‍💻", 11), ("🧑🏽‍💻", 15), ("🏳️‍🌈", 14), ("❤️‍🔥", 13), ("🐻‍❄️", 13), ("👁️‍🗨️", 17),
        ("👨‍👩‍👧‍👦", 25), ("👩🏻‍❤️‍👨🏼", 28), ("🧑🏻‍🤝‍🧑🏼", 26), ("🏃🏽‍♀️", 17), ("⛹🏻‍♀️", 16),
        // A tag sequence.
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 28),
        // Single scalars and pairs: what follows is not joined.
        ("😀", 4), ("😀😀", 4), ("❤️", 6), ("👍🏽", 8), ("☀", 3),
        // None: a joiner with no pictograph after it (no table keeps a cluster ending in one),
        // longer than 32 bytes (a kiss with skin tones), no pictograph first.
        ("👨\u{200D}a", 0), ("👩🏻‍❤️‍💋‍👨🏼", 0), ("a👩‍💻", 0), ("#️⃣", 0),
        // A flag reads as its first scalar: too short for the table, which is all that matters.
        ("🇨🇳", 4),
    ]

    @Test(arguments: cases)
    func readsAsFarAsTheSequenceGoes(_ sample: (text: String, length: Int)) {
        // Padded, as in the scanner, which asks only where that many bytes follow.
        let bytes = Array(sample.text.utf8) + [UInt8](repeating: 0x61, count: ClusterMemo.sequenceWindow)
        let length = bytes.withUnsafeBytes { ClusterMemo.sequenceLength(at: $0.baseAddress!) }
        #expect(length == sample.length, "\(EmojiName.codePoints(of: sample.text))")
    }
}
