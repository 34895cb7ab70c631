/// Extended grapheme cluster boundaries of UTF-8 bytes, computed by the Swift
/// standard library on the valid runs, with every byte that is not part of a
/// valid UTF-8 sequence as a unit of its own.
///
/// The standard library (Swift 6.3) applies rule GB11 only to emoji, not to
/// every Extended_Pictographic scalar (`✁ ZWJ ✁` comes out as two clusters);
/// those joins are restored here from Unicode's own property data.
///
/// To stay linear on long lines, boundaries are computed only from a *safe
/// point* back from the position of interest: a place where Unicode's rules
/// always break whatever came before (before a letter, ideograph, symbol or
/// punctuation that nothing joins, or a pictograph not after a ZWJ; after a
/// scalar that is not Prepend).
enum GraphemeBoundaries {
    /// The unit starts in `bytes[start..<end]`, ascending; `start` must be a break.
    static func starts(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> [Int] {
        var starts: [Int] = []
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        var index = start
        var runStart = start
        func flushRun(until runEnd: Int) {
            guard runStart < runEnd else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd])
            let first = starts.count
            var offset = runStart
            for character in String(decoding: run, as: UTF8.self) {
                starts.append(offset)
                offset += character.utf8.count
            }
            restoreGB11(&starts, from: first, in: run, base: runStart)
        }
        while index < end {
            if case .scalar(_, let length) = UTF8Decoder.decode(limited, at: index) {
                index += length
                continue
            }
            flushRun(until: index)
            starts.append(index)
            index += 1
            runStart = index
        }
        flushRun(until: end)
        return starts
    }

    /// Whether `bytes[start..<end]` is one cluster by rules GB9 and GB11
    /// alone (`start` must be a break): a pictograph or a printable ASCII
    /// character, then only extenders and ZWJs, and pictographs right after
    /// a ZWJ that follows a pictograph and extenders. That is how emoji
    /// sequences, skin tones and keycaps end a line; for them this answers
    /// without the standard library's breaking. False for anything else,
    /// which ``starts(in:from:to:)`` then decides.
    static func isOneCluster(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        guard case .scalar(let first, var length) = UTF8Decoder.decode(limited, at: start) else { return false }
        // Not a control (GB4 breaks after it), nor a scalar that may join what follows in other ways.
        var pictographic = EmojiProperties.flags(first) & EmojiProperties.pictographic != 0
        guard pictographic || first &- 0x21 <= 0x7E - 0x21 else { return false }
        var joined = false
        var index = start + length
        while index < end {
            guard case .scalar(let value, let next) = UTF8Decoder.decode(limited, at: index) else { return false }
            length = next
            let flags = EmojiProperties.flags(value)
            if value == EmojiProperties.zwj {
                joined = pictographic                                      // GB9, and GB11 may join a pictograph after it
                pictographic = false
            } else if flags & EmojiProperties.extend != 0 {
                joined = false                                             // GB9
            } else if flags & EmojiProperties.pictographic != 0 && joined {
                joined = false                                             // GB11
                pictographic = true
            } else {
                return false
            }
            index += length
        }
        return true
    }

    /// Removes the breaks the standard library puts between `ExtPict Extend* ZWJ`
    /// and a following Extended_Pictographic scalar (UAX #29 GB11).
    private static func restoreGB11(_ starts: inout [Int], from first: Int, in run: UnsafeBufferPointer<UInt8>, base: Int) {
        enum State { case none, pictographic, joined }
        var state = State.none
        var index = 0
        var next = first + 1
        var remove: [Int] = []
        while index < run.count {
            guard case .scalar(let value, let length) = UTF8Decoder.decode(run, at: index) else { break }
            while next < starts.count && starts[next] < base + index { next += 1 }
            let flags = EmojiProperties.flags(value)
            let isPictographic = flags & EmojiProperties.pictographic != 0
            if next < starts.count, starts[next] == base + index, state == .joined, isPictographic {
                remove.append(next)
            }
            if isPictographic {
                state = .pictographic
            } else if flags & EmojiProperties.extend != 0, state == .pictographic {
                state = .pictographic
            } else if value == EmojiProperties.zwj, state == .pictographic {
                state = .joined
            } else {
                state = .none
            }
            index += length
        }
        for position in remove.reversed() { starts.remove(at: position) }
    }

    /// A position before `end` (at least `minimumDistance` bytes back when the
    /// line allows) at which a grapheme break is certain; 0 if there is none.
    /// Every byte that is not part of a valid scalar is a unit of its own, so
    /// a break before and after it is certain (a line of invalid bytes has one
    /// at every byte); in a run of regional indicators, a break comes before
    /// every one an even number of them follows in the run (GB12, GB13). The
    /// walk back is linear in the distance it goes.
    static func safePoint(before end: Int, in bytes: UnsafeBufferPointer<UInt8>, minimumDistance: Int = 64) -> Int {
        var position = end - minimumDistance
        while position > 0 {
            if bytes[position] & 0xC0 == 0x80 {
                // A continuation byte starts no scalar, but one that belongs to none is an invalid byte.
                if isStrayContinuation(position, bytes, end) { return position }
            } else if isSafe(position, bytes, end) {
                return position
            } else if let (runStart, safe) = regionalIndicatorBreak(atOrBefore: position, in: bytes, end: end) {
                if let safe { return safe }
                position = runStart
            }
            position -= 1
        }
        return 0
    }

    /// Whether a break before `position` is certain: the scalar there always
    /// starts a cluster (a pictograph does unless a ZWJ comes before it), and
    /// the scalar before it cannot be Prepend; or an invalid byte is there or
    /// right before it.
    static func isSafe(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        switch UTF8Decoder.decode(limited, at: position) {
        case .invalid:
            // An invalid byte, unless it is a continuation byte of a valid scalar before it.
            return bytes[position] & 0xC0 != 0x80 || isStrayContinuation(position, bytes, end)
        case .truncated: return false
        case .scalar(let value, _):
            guard let kind = StartKind(value) else {
                // A mark, a joiner: a unit start only after an invalid byte.
                return position > 0 && scalar(endingAt: position, in: bytes) == nil
            }
            return breaks(before: position, value, kind, bytes)
        }
    }

    /// Whether the continuation byte at `position` belongs to no valid scalar (an invalid byte).
    private static func isStrayContinuation(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        var lead = position - 1
        while lead >= 0 && lead >= position - 3 {
            if bytes[lead] & 0xC0 != 0x80 {
                if case .scalar(_, let length) = UTF8Decoder.decode(limited, at: lead), lead + length > position { return false }
                if case .truncated = UTF8Decoder.decode(limited, at: lead) { return false }
                return true
            }
            lead -= 1
        }
        return true
    }

    /// When a regional indicator is at `position`: where its run starts, and
    /// the last certain break at or before `position` within the run (after
    /// an even number of them), if any. Nil for anything else.
    private static func regionalIndicatorBreak(atOrBefore position: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                               end: Int) -> (runStart: Int, safe: Int?)? {
        guard position + 4 <= end, EmojiMatcher.isRegionalIndicator(UnsafeRawPointer(bytes.baseAddress! + position).unalignedUnit())
        else { return nil }
        var start = position
        while start >= 4, EmojiMatcher.isRegionalIndicator(UnsafeRawPointer(bytes.baseAddress! + start - 4).unalignedUnit()) {
            start -= 4
        }
        let pairs = (position - start) / 8
        let candidate = start + pairs * 8
        if candidate > start { return (start, candidate) }
        // The run's first: the scalar before it decides (only Prepend joins a regional indicator to it).
        let previous = scalar(endingAt: start, in: bytes)
        return (start, previous.map { cannotBePrepend($0.value) } ?? true ? start : nil)
    }

    /// How a scalar may start a cluster, for ``isSafe(_:_:_:)``: the kinds
    /// whose break before them the scalar before alone decides.
    enum StartKind {
        /// ``startsCluster(_:)``: after anything but Prepend.
        case always
        /// A Hangul syllable: not after a leading jamo either (GB6).
        case syllable
        /// A pictograph: not after a ZWJ either (GB11 may join them).
        case lone
        /// A consonant GB9c joins to a virama before it.
        case consonant

        @inline(__always)
        init?(_ value: UInt32) {
            if startsCluster(value) {
                self = .always
            } else if isHangulSyllable(value) {
                self = .syllable
            } else if isLonePictograph(value) {
                self = .lone
            } else if isLinkedConsonant(value) {
                self = .consonant
            } else {
                return nil
            }
        }
    }

    /// Whether a break before `position`, where `value` of `kind` starts, is
    /// certain: what the scalar before it is decides.
    private static func breaks(before position: Int, _ value: UInt32, _ kind: StartKind,
                               _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (previous, _) = scalar(endingAt: position, in: bytes) else {
            return true    // an invalid byte before: always a unit boundary
        }
        if previous == 0x0D && value == 0x0A { return false }
        switch kind {
        case .syllable: return !isLeadingJamo(previous) && cannotBePrepend(previous)     // GB6
        case .consonant: return !continuesConjunct(previous) && cannotBePrepend(previous)     // GB9c
        case .lone: return previous != EmojiProperties.zwj && cannotBePrepend(previous)     // GB11 may join them
        case .always: return cannotBePrepend(previous)
        }
    }

    /// The start of the last unit before `end` when it is a lone scalar that
    /// certainly starts a cluster (the common end of a chat line), else nil.
    @inline(__always)
    static func simpleLastUnit(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let (value, lead) = scalar(endingAt: end, in: bytes), let kind = StartKind(value) else { return nil }
        // The scalar decoded and its kind told once, for both questions.
        return breaks(before: lead, value, kind, bytes) ? lead : nil
    }

    /// The valid scalar that ends at `end` and its start; nil at the start of
    /// the line, or where the bytes before `end` are no whole scalar. The
    /// scalars lines of emoji are made of (ASCII, E2 xx xx, EF xx xx, F0 9F
    /// xx xx) are read in place; any other goes through the decoder.
    /// Both the emoji walk (``lastEmojiCluster(in:)``) and the last unit's
    /// break (``simpleLastUnit(before:in:)``) read scalars back this way.
    /// (`@inline(always)` where the compiler has it: past its cost limit it
    /// left this one a call at each of its uses.)
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    static func scalar(endingAt end: Int, in line: UnsafeBufferPointer<UInt8>) -> (value: UInt32, start: Int)? {
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
