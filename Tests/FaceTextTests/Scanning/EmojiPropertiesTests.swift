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

    @Test func cachedFlagsEqualComputedFlagsOutsideTheCache() {
        for value in [UInt32(0x1F600), 0x2764, 0x0301, 0xFE0F, 0x1F3FB, 0x1F1E6, 0xE0067, 0x31, 0x4E00] {
            let flags = EmojiProperties.flags(value)
            let computed = EmojiProperties.compute(value)
            #expect(flags == computed, "U+\(String(value, radix: 16))")
        }
        #expect(EmojiProperties.flags(0x31) & EmojiProperties.emoji == 0)
        #expect(EmojiProperties.flags(0xE0067) & EmojiProperties.emojiExtend != 0)
    }
}
