extension GraphemeBoundaries {
    /// The start of the last cluster of `line` when the line ends with an
    /// emoji cluster the rules decide from its own scalars and the one before
    /// it (the usual end of a line of emoji): a pictograph or a keycap base
    /// (`#`, `*`, `0`–`9`) with the extenders, ZWJs and pictographs joined
    /// after them (GB9, GB11), or regional indicators (GB12, GB13). Nil for
    /// anything else (a Prepend scalar or an invalid byte inside, a cluster
    /// that starts with something else, a line of extenders), which
    /// ``starts(in:from:to:)`` then decides; where this answers, it answers
    /// the same, walking back over the cluster's scalars once instead of
    /// asking at each whether a break before it is certain.
    static func lastEmojiCluster(in line: UnsafeBufferPointer<UInt8>) -> Int? {
        // Only the lead bytes of the scalars an emoji cluster may end with: a line of
        // letters, ideographs or punctuation leaves before anything is decoded.
        guard line.count > 0, mayEndEmoji(line[UTF8Decoder.lastLead(before: line.count, in: line)]),
              var current = scalar(endingAt: line.count, in: line) else { return nil }
        var flags = flags(current.value)
        if flags & EmojiProperties.regionalIndicator != 0 {
            return lastFlag(endingAt: line.count, lastStart: current.start, in: line)
        }
        while true {
            // GB9: no break before an extender or a ZWJ; the cluster goes on before it. (Only
            // over the extenders of emoji: a line of letters and marks leaves at once.)
            let extends = (current.value == EmojiProperties.zwj || flags & EmojiProperties.extend != 0) && isEmojiExtender(current.value)
            let pictograph = !extends && flags & EmojiProperties.pictographic != 0
            guard extends || pictograph || current.value < 0x80 && EmojiMatcher.isKeycapBase(UInt8(truncatingIfNeeded: current.value)) else {
                return nil
            }
            // Nil at the start of the line, or after an invalid byte (a unit of its own).
            let previous = scalar(endingAt: current.start, in: line)
            // GB11: a pictograph after `pictograph Extend* ZWJ` goes on with it.
            var joined = false
            if pictograph, let previous, previous.value == EmojiProperties.zwj {
                guard let ends = pictographEnds(before: previous.start, in: line) else { return nil }
                joined = ends
            }
            guard extends || joined else { return breaksAfter(previous?.value) ? current.start : nil }
            guard let previous else { return nil }
            current = previous
            flags = Self.flags(current.value)
        }
    }

    /// The start of the flag or lone regional indicator that ends at `end`
    /// (its last regional indicator at `lastStart`): regional indicators pair
    /// from the first of their run (GB12, GB13).
    private static func lastFlag(endingAt end: Int, lastStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 1
        var first = lastStart
        var before = scalar(endingAt: first, in: line)
        while let scalar = before, flags(scalar.value) & EmojiProperties.regionalIndicator != 0 {
            count += 1
            first = scalar.start
            before = Self.scalar(endingAt: first, in: line)
        }
        let start = count % 2 == 0 ? lastStart - (end - lastStart) : lastStart
        // After a regional indicator of the run, the pairing breaks; before the run's first, the scalar before decides.
        guard start > first || breaksAfter(before?.value) else { return nil }
        return start
    }

    /// Whether the scalar before the ZWJ at `joinerStart`, past any
    /// extenders, is a pictograph (so that GB11 joins a pictograph after the
    /// ZWJ); nil where an extender there is none of emoji's (for the general way).
    private static func pictographEnds(before joinerStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool? {
        var position = joinerStart
        while let (value, start) = scalar(endingAt: position, in: line) {
            let flags = EmojiProperties.flags(value)
            if flags & EmojiProperties.pictographic != 0 { return true }
            if flags & EmojiProperties.extend == 0 { return false }
            guard isEmojiExtender(value) else { return nil }
            position = start
        }
        return false
    }

    /// Whether `lead` leads a scalar an emoji cluster may end with: `#`, `*`,
    /// `0`–`9` (keycap bases), C2 (©, ®), E2 (U+2000–U+2FFF), E3 (〰, 〽,
    /// ㊗, ㊙), EF (U+FE0F), F0 (U+1F000–U+1FFFF), F3 (tag characters).
    /// Tested as a bit of a word, without a branch on which byte it is.
    @inline(__always)
    private static func mayEndEmoji(_ lead: UInt8) -> Bool {
        let keycapBases: UInt64 = 1 << 0x23 | 1 << 0x2A | 0x3FF << 0x30
        let leads: UInt64 = 1 << (0xC2 - 0xC0) | 1 << (0xE2 - 0xC0) | 1 << (0xE3 - 0xC0) | 1 << (0xEF - 0xC0)
            | 1 << (0xF0 - 0xC0) | 1 << (0xF3 - 0xC0)
        let word = lead < 0x40 ? keycapBases : lead >= 0xC0 ? leads : 0
        return word >> UInt64(lead & 63) & 1 != 0
    }

    /// Whether `value` is U+200D or one of the extenders emoji sequences are
    /// made of (all of them Extend): U+FE0E, U+FE0F, U+20E3, a skin tone, a tag character.
    @inline(__always)
    private static func isEmojiExtender(_ value: UInt32) -> Bool {
        value == EmojiProperties.zwj || value &- 0xFE0E < 2 || value == 0x20E3 || value &- 0x1F3FB < 5 || value &- 0xE0020 < 0x60
    }

    /// Whether a break comes after `previous` (nil: the start of the line,
    /// or an invalid byte) and before a scalar that no rule but GB9b joins
    /// to what precedes it (no extender, ZWJ, SpacingMark, regional
    /// indicator or Hangul jamo): unless `previous` is Prepend. A scalar with
    /// emoji flags is no Prepend (a test checks), which spares the search of
    /// the Prepend table.
    @inline(__always)
    private static func breaksAfter(_ previous: UInt32?) -> Bool {
        guard let previous else { return true }
        let emojiFlags = EmojiProperties.pictographic | EmojiProperties.extend | EmojiProperties.regionalIndicator
        return previous < 0x600 || flags(previous) & emojiFlags != 0 || cannotBePrepend(previous)
    }

    /// ``EmojiProperties/flags(_:)``, but 0 without asking for a scalar past
    /// U+32FF outside U+1F000–U+1FFFF (whose flags would cost a search of
    /// the property ranges), but for U+FE0E, U+FE0F and the tag characters:
    /// no pictograph or regional indicator is there (a test checks), nor an
    /// extender that the walk goes back over.
    @inline(__always)
    private static func flags(_ value: UInt32) -> UInt8 {
        value < 0x3300 || value &- 0x1F000 < 0x1000 || value &- 0xFE0E < 2 || value &- 0xE0020 < 0x60 ? EmojiProperties.flags(value) : 0
    }
}
