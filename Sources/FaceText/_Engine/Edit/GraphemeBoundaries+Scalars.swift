/// The scalar properties the boundary rules ask about: which scalars always
/// start a cluster, which join what comes before or after them (Hangul jamo,
/// conjunct linkers, Prepend), and which are pictographs.
extension GraphemeBoundaries {
    /// Whether `value` may stand between a virama and the consonant GB9c joins
    /// to it (the standard library's InCB Linker and Extend): the marks of
    /// Grapheme_Extend but U+200C, the ZWJ, and the skin tones. A test checks
    /// this against the standard library.
    static func continuesConjunct(_ value: UInt32) -> Bool {
        if value == EmojiProperties.zwj || (0x1F3FB...0x1F3FF).contains(value) { return true }
        return value != 0x200C && EmojiPropertyRanges.graphemeExtend.contains(value)
    }

    /// Hangul syllables (LV and LVT): a break comes before them but after a leading jamo (GB6).
    @inline(__always)
    static func isHangulSyllable(_ value: UInt32) -> Bool {
        value &- 0xAC00 <= 0xD7A3 - 0xAC00
    }

    /// Leading jamo (Hangul L), which join a following syllable.
    static func isLeadingJamo(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0xA960...0xA97C).contains(value)
    }

    /// Extended_Pictographic scalars that are neither Extend nor regional
    /// indicators: no rule but GB11 (after a ZWJ) keeps a break from before them.
    static func isLonePictograph(_ value: UInt32) -> Bool {
        let flags = EmojiProperties.flags(value)
        return flags & EmojiProperties.pictographic != 0
            && flags & (EmojiProperties.extend | EmojiProperties.regionalIndicator) == 0
    }

    /// Scalars before which no rule forbids a break (but GB9b, after a Prepend
    /// scalar): the common ones of chat text by ranges (printable ASCII,
    /// general and CJK punctuation, kana, CJK ideographs, fullwidth forms), the
    /// rest from ``ClusterStartRanges/alwaysStarts`` (read as
    /// ``ClusterStartBits``): letters of most scripts, symbols, CJK beyond the
    /// BMP; not marks, joiners, Hangul jamo and syllables, regional indicators
    /// or pictographs.
    @inline(__always)
    static func startsCluster(_ value: UInt32) -> Bool {
        // The commonest ends of a chat line first: printable ASCII, CJK ideographs.
        if value &- 0x20 <= 0x7E - 0x20 || value &- 0x4E00 <= 0x9FFF - 0x4E00 { return true }
        return startsClusterElsewhere(value)
    }

    /// ``startsCluster(_:)`` past its first two ranges.
    @inline(never)
    static func startsClusterElsewhere(_ value: UInt32) -> Bool {
        if isEmojiEnd(value) { return false }
        switch value {
        case 0x2010...0x2027, 0x2030...0x203B, 0x203D...0x2048, 0x204A...0x205E,
             0x3001...0x3029, 0x3031...0x303C, 0x303E...0x303F, 0x3041...0x3096, 0x30A1...0x30FA,
             0x3400...0x4DBF, 0xFF01...0xFF5E:
            return true
        default:
            return ClusterStartBits.alwaysStarts.contains(value)
        }
    }

    /// Whether `value` is one of ``ClusterStartRanges/linkedConsonants``.
    @inline(__always)
    static func isLinkedConsonant(_ value: UInt32) -> Bool {
        !isEmojiEnd(value) && ClusterStartBits.linkedConsonants.contains(value)
    }

    /// Whether `value` is a scalar lines of emoji are made of: U+FE0F, U+200D,
    /// or a pictograph, extender or regional indicator of U+2000–U+2FFF or
    /// U+1F000–U+1FFFF. None of them always starts a cluster or is a linked
    /// consonant (a test checks), so the tables of those need not be searched
    /// for them; other scalars are left to the tables (their flags would cost
    /// a lookup in a larger table).
    @inline(__always)
    static func isEmojiEnd(_ value: UInt32) -> Bool {
        if value == 0xFE0F || value == EmojiProperties.zwj { return true }
        return (value &- 0x1F000 < 0x1000 || value &- 0x2000 < 0x1000)
            && EmojiProperties.flags(value) & (EmojiProperties.pictographic | EmojiProperties.extend | EmojiProperties.regionalIndicator) != 0
    }

    /// Whether `value` is not Prepend (a few Arabic, Syriac, Malayalam and
    /// historic-script signs that join what follows them).
    static func cannotBePrepend(_ value: UInt32) -> Bool {
        value < 0x600 || !ClusterStartBits.prepend.contains(value)
    }
}
