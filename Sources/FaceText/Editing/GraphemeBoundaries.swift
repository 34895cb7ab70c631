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
/// always break whatever came before (before an ASCII printable, a CJK
/// ideograph, or a pictograph not after a ZWJ; after a scalar that cannot be
/// Prepend).
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
    static func safePoint(before end: Int, in bytes: UnsafeBufferPointer<UInt8>, minimumDistance: Int = 64) -> Int {
        var position = end - minimumDistance
        while position > 0 {
            if isSafe(position, bytes, end) { return position }
            position -= 1
        }
        return 0
    }

    /// Whether a break before `position` is certain: the scalar there always
    /// starts a cluster (a pictograph does unless a ZWJ comes before it), and
    /// the scalar before it cannot be Prepend.
    static func isSafe(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        guard case .scalar(let value, _) = UTF8Decoder.decode(limited, at: position) else { return false }
        let always = startsCluster(value)
        guard always || isLonePictograph(value) else { return false }
        // Find the scalar before: back over continuation bytes to its lead.
        var lead = position - 1
        while lead > 0, lead > position - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard case .scalar(let previous, let length) = UTF8Decoder.decode(limited, at: lead), lead + length == position else {
            return true    // an invalid byte before: always a unit boundary
        }
        if previous == 0x0D && value == 0x0A { return false }
        if !always && previous == EmojiProperties.zwj { return false }     // GB11 may join them
        return cannotBePrepend(previous)
    }

    /// Extended_Pictographic scalars that are neither Extend nor regional
    /// indicators: no rule but GB11 (after a ZWJ) keeps a break from before them.
    private static func isLonePictograph(_ value: UInt32) -> Bool {
        let flags = EmojiProperties.flags(value)
        return flags & EmojiProperties.pictographic != 0
            && flags & (EmojiProperties.extend | EmojiProperties.regionalIndicator) == 0
    }

    /// Scalars before which no rule forbids a break: printable ASCII, general
    /// punctuation (but the joiners U+200B–U+200F, the separators U+2028–U+202F
    /// and the pictographs ‼ ⁉), CJK ideographs, CJK punctuation (but
    /// U+302A–U+302F, which are combining, and the pictographs U+3030, U+303D),
    /// kana, and fullwidth forms.
    private static func startsCluster(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0x2010...0x2027, 0x2030...0x203B, 0x203D...0x2048, 0x204A...0x205E,
             0x3001...0x3029, 0x3031...0x303C, 0x303E...0x303F, 0x3041...0x3096, 0x30A1...0x30FA,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF5E:
            return true
        default:
            return false
        }
    }

    /// The start of the last unit before `end` when it is a lone scalar that
    /// certainly starts a cluster (the common end of a chat line), else nil.
    @inline(__always)
    static func simpleLastUnit(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard end > 0 else { return nil }
        var lead = end - 1
        while lead > 0, lead > end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let limited = UnsafeBufferPointer(rebasing: bytes[0..<end])
        guard case .scalar(let value, let length) = UTF8Decoder.decode(limited, at: lead), lead + length == end,
              startsCluster(value) || isLonePictograph(value) else { return nil }
        return lead == 0 || isSafe(lead, bytes, end) ? lead : nil
    }

    /// Ranges that hold no Prepend scalar (those are a few Arabic, Syriac,
    /// Indic and historic-script marks): Latin to Hebrew, punctuation and
    /// symbols, CJK, Hangul, variation selectors, fullwidth forms, emoji, tags.
    private static func cannotBePrepend(_ value: UInt32) -> Bool {
        value < 0x600 || (0x2000...0x2BFF).contains(value) || (0x2E80...0x9FFF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xFE00...0xFE0F).contains(value)
            || (0xFF00...0xFFEF).contains(value) || (0x1F000...0x1FAFF).contains(value)
            || (0xE0000...0xE007F).contains(value)
    }
}
