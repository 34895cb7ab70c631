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
        guard var current = scalar(endingAt: line.count, in: line) else { return nil }
        var flags = EmojiProperties.flags(current.value)
        if flags & EmojiProperties.regionalIndicator != 0 {
            return lastFlag(endingAt: line.count, lastStart: current.start, in: line)
        }
        while true {
            // GB9: no break before an extender or a ZWJ; the cluster goes on before it.
            let extends = current.value == EmojiProperties.zwj || flags & EmojiProperties.extend != 0
            let pictograph = !extends && flags & EmojiProperties.pictographic != 0
            guard extends || pictograph || current.value < 0x80 && EmojiMatcher.isKeycapBase(UInt8(truncatingIfNeeded: current.value)) else {
                return nil
            }
            // Nil at the start of the line, or after an invalid byte (a unit of its own).
            let previous = scalar(endingAt: current.start, in: line)
            let previousFlags = previous.map { EmojiProperties.flags($0.value) } ?? 0
            // GB11: a pictograph after `pictograph Extend* ZWJ` goes on with it.
            let joined = pictograph && previous?.value == EmojiProperties.zwj && pictographEnds(before: previous!.start, in: line)
            guard extends || joined else {
                return breaksAfter(previous?.value, flags: previousFlags) ? current.start : nil
            }
            guard let previous else { return nil }
            (current, flags) = (previous, previousFlags)
        }
    }

    /// The start of the flag or lone regional indicator that ends at `end`
    /// (its last regional indicator at `lastStart`): regional indicators pair
    /// from the first of their run (GB12, GB13).
    private static func lastFlag(endingAt end: Int, lastStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 1
        var first = lastStart
        var before = scalar(endingAt: first, in: line)
        var beforeFlags = before.map { EmojiProperties.flags($0.value) } ?? 0
        while let scalar = before, beforeFlags & EmojiProperties.regionalIndicator != 0 {
            count += 1
            first = scalar.start
            before = Self.scalar(endingAt: first, in: line)
            beforeFlags = before.map { EmojiProperties.flags($0.value) } ?? 0
        }
        let start = count % 2 == 0 ? lastStart - (end - lastStart) : lastStart
        // After a regional indicator of the run, the pairing breaks; before the run's first, the scalar before decides.
        guard start > first || breaksAfter(before?.value, flags: beforeFlags) else { return nil }
        return start
    }

    /// Whether the scalar before the ZWJ at `joinerStart`, past any
    /// extenders, is a pictograph (so that GB11 joins a pictograph after the ZWJ).
    private static func pictographEnds(before joinerStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = joinerStart
        while let (value, start) = scalar(endingAt: position, in: line) {
            let flags = EmojiProperties.flags(value)
            if flags & EmojiProperties.pictographic != 0 { return true }
            guard flags & EmojiProperties.extend != 0 else { return false }
            position = start
        }
        return false
    }

    /// Whether a break comes after `previous` (nil: the start of the line,
    /// or an invalid byte) and before a scalar that no rule but GB9b joins
    /// to what precedes it (no extender, ZWJ, SpacingMark, regional
    /// indicator or Hangul jamo): unless `previous` is Prepend. `flags` are
    /// its ``EmojiProperties`` flags: a scalar with any of these is no Prepend
    /// (a test checks), which spares the search of the Prepend table.
    @inline(__always)
    private static func breaksAfter(_ previous: UInt32?, flags: UInt8) -> Bool {
        guard let previous else { return true }
        let emojiFlags = EmojiProperties.pictographic | EmojiProperties.extend | EmojiProperties.regionalIndicator
        return flags & emojiFlags != 0 || cannotBePrepend(previous)
    }

    /// The valid scalar that ends at `end` and its start; nil at the start of
    /// the line, or where the bytes before `end` are no whole scalar. The
    /// scalars lines of emoji are made of (ASCII, E2 xx xx, EF xx xx, F0 9F
    /// xx xx) are read in place; any other goes through the decoder.
    @inline(__always)
    private static func scalar(endingAt end: Int, in line: UnsafeBufferPointer<UInt8>) -> (value: UInt32, start: Int)? {
        guard end > 0 else { return nil }
        let last = line[end - 1]
        if last < 0x80 { return (UInt32(last), end - 1) }
        if end >= 3 && last & 0xC0 == 0x80 && line[end - 2] & 0xC0 == 0x80 {
            let second = UInt32(line[end - 2] & 0x3F) << 6 | UInt32(last & 0x3F), lead = line[end - 3]
            if lead == 0xE2 || lead == 0xEF { return (UInt32(lead & 0x0F) << 12 | second, end - 3) }
            if lead == 0x9F && end >= 4 && line[end - 4] == 0xF0 { return (0x1F000 | second, end - 4) }
        }
        let lead = UTF8Decoder.lastLead(before: end, in: line)
        guard case .scalar(let value, let length) = UTF8Decoder.decode(line, at: lead), lead + length == end else { return nil }
        return (value, lead)
    }
}
