import Testing
@testable import FaceText

/// The generated property ranges must agree with the standard library the
/// package is built with; after a toolchain update, run
/// `swift scripts/generate-emoji-properties.swift`.
@Suite struct EmojiPropertiesTests {
    @Test func generatedRangesAgreeWithTheStandardLibrary() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            if EmojiPropertyRanges.emoji.contains(value) != properties.isEmoji
                || EmojiPropertyRanges.emojiPresentation.contains(value) != properties.isEmojiPresentation
                || EmojiPropertyRanges.graphemeExtend.contains(value) != properties.isGraphemeExtend {
                mismatches.append(String(value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
    }

    @Test func cachedFlagsEqualComputedFlags() {
        // Every scalar of the cached blocks (U+0000–U+FFFF, U+1F000–U+1FFFF), and some beyond.
        var mismatches: [String] = []
        for value in Array(UInt32(0)..<0x10000) + Array(0x1F000..<0x20000) + [0xE0067, 0xE0100, 0x20000, 0x10FFFF]
        where EmojiProperties.flags(value) != EmojiProperties.compute(value) {
            mismatches.append("U+" + String(value, radix: 16))
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
        #expect(EmojiProperties.flags(0x31) & EmojiProperties.emoji == 0)
        #expect(EmojiProperties.flags(0xE0067) & EmojiProperties.emojiExtend != 0)
    }
}
