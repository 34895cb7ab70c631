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
        guard var (value, start) = scalar(endingAt: line.count, in: line) else { return nil }
        if EmojiProperties.flags(value) & EmojiProperties.regionalIndicator != 0 {
            return lastFlag(endingAt: line.count, lastStart: start, in: line)
        }
        while true {
            let flags = EmojiProperties.flags(value)
            if value == EmojiProperties.zwj || flags & EmojiProperties.extend != 0 {
                // GB9: no break before an extender or a ZWJ; the cluster goes on before it.
            } else if flags & EmojiProperties.pictographic != 0 {
                // GB11: a pictograph after `pictograph Extend* ZWJ` goes on with it.
                guard let (joiner, joinerStart) = scalar(endingAt: start, in: line), joiner == EmojiProperties.zwj,
                      pictographEnds(before: joinerStart, in: line) else {
                    return breaksBefore(start, in: line) ? start : nil
                }
            } else if EmojiMatcher.isKeycapBase(UInt8(truncatingIfNeeded: value)) && value < 0x80 {
                return breaksBefore(start, in: line) ? start : nil
            } else {
                return nil
            }
            guard let previous = scalar(endingAt: start, in: line) else { return nil }
            (value, start) = previous
        }
    }

    /// The start of the flag or lone regional indicator that ends at `end`
    /// (its last regional indicator at `lastStart`): regional indicators pair
    /// from the first of their run (GB12, GB13).
    private static func lastFlag(endingAt end: Int, lastStart: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 1
        var first = lastStart
        while let (value, start) = scalar(endingAt: first, in: line),
              EmojiProperties.flags(value) & EmojiProperties.regionalIndicator != 0 {
            count += 1
            first = start
        }
        let start = count % 2 == 0 ? lastStart - (end - lastStart) : lastStart
        guard line[start] == 0xF0, start > first || breaksBefore(start, in: line) else { return nil }
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

    /// Whether a break comes before the scalar at `start` that no rule but
    /// GB9b joins to what precedes it (it is no extender, ZWJ, SpacingMark,
    /// regional indicator or Hangul jamo): at the start of the line, after an
    /// invalid byte, and after any scalar that is not Prepend.
    private static func breaksBefore(_ start: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start > 0 else { return true }
        guard let (previous, _) = scalar(endingAt: start, in: line) else { return true }
        return isEmojiEnd(previous) || cannotBePrepend(previous)
    }

    /// The valid scalar that ends at `end` and its start; nil at the start of
    /// the line, or where the bytes before `end` are no whole scalar.
    @inline(__always)
    private static func scalar(endingAt end: Int, in line: UnsafeBufferPointer<UInt8>) -> (value: UInt32, start: Int)? {
        guard end > 0 else { return nil }
        let lead = UTF8Decoder.lastLead(before: end, in: line)
        guard case .scalar(let value, let length) = UTF8Decoder.decode(UnsafeBufferPointer(rebasing: line[..<end]), at: lead),
              lead + length == end else { return nil }
        return (value, lead)
    }
}
