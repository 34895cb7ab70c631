/// How ``WrapCore`` finds the unit at its cursor the general way: a catalog
/// tag, an unknown bracketed tag, a grapheme cluster (emoji clusters whole),
/// or an invalid byte, with its width and whether a line may break before it.
extension WrapCore {
    /// The unit at `start` (not a line ending), or nil when more input must come to tell.
    @inline(__always)
    func nextUnit(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Unit? {
        let lead = bytes[start]
        if tables.tagStarts[Int(lead)] {
            switch tagMatch(bytes, at: start, isFinal: isFinal) {
            case .needMore: return nil
            case .tag(let length, let face): return tagUnit(bytes, start: start, length: length, face: face)
            case .none: break
            }
        }
        if lead == UInt8(ascii: "[") || lead == 0xE3 && (start + 2 >= bytes.count || bytes[start + 1] == 0x80 && bytes[start + 2] == 0x90) {
            // A bracketed tag the catalog does not have (`[抱抱]`, `【图片】`) is kept whole too.
            switch UnknownTagMatcher.match(in: bytes, at: start, isFinal: isFinal) {
            case .needMore: return nil
            case .tag(let length):
                return tagUnit(bytes, start: start, length: length,
                               width: tables.columns(ofTag: UnsafeBufferPointer(rebasing: bytes[start..<start + length])))
            case .none: break
            }
        }
        let scalar: UInt32, length: Int
        switch UTF8Decoder.decode(bytes, at: start) {
        case .scalar(let value, let count): (scalar, length) = (value, count)
        case .truncated where !isFinal: return nil
        case .truncated, .invalid:
            // A byte that is not UTF-8: one column, and a letter to the line breaking rules (as U+FFFD is).
            var unit = simpleUnit(length: 1, entry: UInt16(LineBreakClass.AL.rawValue) | 1 << 6, value: 0xFFFD)
            if isLine {
                var state = line.breakState
                unit.breakBefore = step(&state, .AL) != .noBreak
                unit.breakState = state
            }
            return unit
        }
        // A cluster of one scalar when the next always starts one (and this one is no Prepend).
        let next = start + length
        if next == bytes.count {
            if !isFinal { return nil }
        } else if GraphemeBoundaries.cannotBePrepend(scalar) {
            let following = bytes[next]
            if following < 0x80 {
                return simpleUnit(bytes, start: start, length: length, value: scalar, isFinal: isFinal)
            }
            switch UTF8Decoder.decode(bytes, at: next) {
            case .scalar(let value, _):
                if WrapTables.clusterEnds(tables.entry(scalar), scalar, before: tables.entry(value)) {
                    return simpleUnit(bytes, start: start, length: length, value: scalar, isFinal: isFinal)
                }
            case .invalid: return simpleUnit(bytes, start: start, length: length, value: scalar, isFinal: isFinal)
            case .truncated: if !isFinal { return nil }
            }
        }
        return clusterUnit(bytes, start: start, isFinal: isFinal)
    }

    /// A unit of one scalar (`value`, `length` bytes at `start`).
    @inline(__always)
    func simpleUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, value: UInt32, isFinal: Bool) -> Unit? {
        let entry = tables.entry(value)
        var unit = simpleUnit(length: length, entry: entry, value: value)
        if isLine {
            let lineBreakClass = WrapTables.lineBreakClass(entry)
            var state = line.breakState
            switch step(&state, lineBreakClass) {
            case .noBreak: unit.breakBefore = false
            case .allowed: unit.breakBefore = true
            case .allowedUnlessNumberFollows:
                guard let number = numberFollows(bytes, from: start + length, isFinal: isFinal) else { return nil }
                unit.breakBefore = !number
            }
            unit.breakState = state
            unit.mayStartLine = Self.mayStartLine(lineBreakClass, value)
            unit.opens = Self.opens(lineBreakClass, value)
        }
        return unit
    }

    @inline(__always)
    func simpleUnit(length: Int, entry: UInt16, value: UInt32) -> Unit {
        Unit(length: length, width: WrapTables.width(entry), isTab: value == 9, breakBefore: true, mayStartLine: true,
             breakState: line.breakState, opens: false, cut: false)
    }

    /// Whether a word too wide for a whole line may be broken before a unit
    /// that starts with `value` of this class: not before closing punctuation,
    /// `!` `?` and the like, small kana and iteration marks, ellipses (the
    /// classes rules LB13, LB21 and LB22 keep off a line's start), nor a
    /// closing quotation mark.
    @inline(__always)
    static func mayStartLine(_ lineBreakClass: LineBreakClass, _ value: UInt32) -> Bool {
        switch lineBreakClass {
        case .CL, .CP, .CPEastAsian, .EX, .IS, .SY, .NS, .IN: return false
        case .QU: return !(value == 0x2019 || value == 0x201D || value == 0xBB || value == 0x203A)
        default: return true
        }
    }

    /// Whether a unit that ends with `value` of this class opens something:
    /// opening punctuation or an opening quotation mark.
    @inline(__always)
    static func opens(_ lineBreakClass: LineBreakClass, _ value: UInt32) -> Bool {
        lineBreakClass.isOpening || lineBreakClass == .QU && (value == 0x2018 || value == 0x201C || value == 0xAB || value == 0x2039)
    }

    /// Whether the next class after `position`, past marks and joiners, is NU
    /// (LB25 looks ahead so); nil when more input must come to tell.
    func numberFollows(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, isFinal: Bool) -> Bool? {
        var index = position
        while index < bytes.count && index - position < 64 {
            guard case .scalar(let value, let length) = UTF8Decoder.decode(bytes, at: index) else {
                if case .truncated = UTF8Decoder.decode(bytes, at: index), !isFinal { return nil }
                return false
            }
            let lineBreakClass = WrapTables.lineBreakClass(tables.entry(value))
            if lineBreakClass != .CM && lineBreakClass != .ZWJ { return lineBreakClass == .NU }
            index += length
        }
        return index < bytes.count || isFinal ? false : nil
    }

    /// The catalog tag at `start` (a byte that may start one), if any.
    @inline(__always)
    func tagMatch(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> TagTrie.Match {
        bytes[start] == UInt8(ascii: "[") && tables.bracketTags != nil
            ? tables.bracketTags.unsafelyUnwrapped.match(in: bytes, at: start, isFinal: isFinal)
            : tables.tagTrie.longestMatch(in: bytes, at: start, isFinal: isFinal)
    }

    /// The width of the tag of `face` in `bytes[start..<start + length]`.
    @inline(__always)
    func tagWidth(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, face: Int32) -> Int {
        tables.tagWidth(face: Int(face)) ?? tables.columns(ofTag: UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
    }

    /// A catalog tag: one unit, that breaks as an ideograph does.
    func tagUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, face: Int32) -> Unit {
        tagUnit(bytes, start: start, length: length, width: tagWidth(bytes, start: start, length: length, face: face))
    }

    /// A tag `width` columns wide: one unit, that breaks as an ideograph does.
    func tagUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, width: Int) -> Unit {
        var unit = Unit(length: length, width: width, isTab: false, breakBefore: true, mayStartLine: true,
                        breakState: line.breakState, opens: false, cut: false)
        if isLine {
            var state = line.breakState
            unit.breakBefore = step(&state, .ID) != .noBreak
            unit.breakState = state
        }
        return unit
    }

    /// A grapheme cluster of several scalars (or one that the next scalar
    /// may join), found by the grapheme rules up to the next certain break.
    func clusterUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> Unit? {
        switch emojiCluster(bytes, start: start, isFinal: isFinal) {
        case .needMore: return nil
        case .found(let end, let width): return withLineBreaking(Unit(length: end - start, width: width, isTab: false, breakBefore: true,
                                                                      mayStartLine: true, breakState: line.breakState, opens: false,
                                                                      cut: false), bytes, start: start, isFinal: isFinal)
        case .unknown: break
        }
        // The next place a break is certain, or the end of what there is.
        var safe = -1
        var index = start + 1
        // Where the search stopped last time for want of input (a few bytes back: a scalar may have been cut there).
        if tables.clusterSearch.start == start { index = max(index, tables.clusterSearch.reached - 4) }
        let searchEnd = min(bytes.count, start + TextWrapper.Stream.clusterLimit)
        while index < searchEnd {
            if GraphemeBoundaries.isSafe(index, bytes, bytes.count) { safe = index; break }
            index += 1
        }
        var cut = false
        if safe < 0 {
            if searchEnd == bytes.count && !isFinal && bytes.count - start <= TextWrapper.Stream.clusterLimit {
                // More must come; the search goes on from here then, so a cluster fed a byte at a time stays linear.
                tables.clusterSearch = (start, index)
                return nil
            }
            if searchEnd == bytes.count && isFinal {
                safe = bytes.count
            } else {
                // A cluster longer than the limit: its start, cut where a scalar starts.
                var end = searchEnd
                while end > start + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
                safe = end
                cut = true
            }
        }
        let starts = GraphemeBoundaries.starts(in: bytes, from: start, to: safe)
        var end = starts.count > 1 ? starts[1] : safe
        // A tag that starts inside the cluster (after a Prepend scalar) is a unit of its own, as the scanner finds it.
        var inside = start + 1
        while inside < end {
            if tables.tagStarts[Int(bytes[inside])] {
                switch tables.tagTrie.longestMatch(in: bytes, at: inside, isFinal: isFinal) {
                case .needMore: return nil
                case .tag: end = inside
                case .none: break
                }
            }
            inside += 1
        }
        let cluster = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text = String(decoding: cluster, as: UTF8.self)
        let width = text.first.map { DisplayWidth.columns(of: $0) } ?? 1
        return withLineBreaking(Unit(length: end - start, width: width, isTab: cluster.count == 1 && cluster[0] == 0x09, breakBefore: true,
                                     mayStartLine: true, breakState: line.breakState, opens: false, cut: cut && end == safe),
                                bytes, start: start, isFinal: isFinal)
    }

    /// `unit`, a cluster at `start`, with whether a line may break before it and
    /// what it leaves the line breaking state: every scalar of it goes through
    /// the rules, the first deciding; nil when more input must come to tell.
    func withLineBreaking(_ unit: Unit, _ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> Unit? {
        guard isLine else { return unit }
        var unit = unit
        let cluster = UnsafeBufferPointer(rebasing: bytes[start..<start + unit.length])
        var state = line.breakState
        var first = true
        var position = 0
        while position < cluster.count {
            var value: UInt32 = 0xFFFD, length = 1
            if case .scalar(let scalar, let count) = UTF8Decoder.decode(cluster, at: position) { (value, length) = (scalar, count) }
            let lineBreakClass = WrapTables.lineBreakClass(tables.entry(value))
            let decision = step(&state, lineBreakClass)
            if first {
                first = false
                unit.mayStartLine = Self.mayStartLine(lineBreakClass, value)
                switch decision {
                case .noBreak: unit.breakBefore = false
                case .allowed: unit.breakBefore = true
                case .allowedUnlessNumberFollows:
                    guard let number = numberFollows(bytes, from: start + length, isFinal: isFinal) else { return nil }
                    unit.breakBefore = !number
                }
            }
            if lineBreakClass != .CM && lineBreakClass != .ZWJ { unit.opens = Self.opens(lineBreakClass, value) }
            position += length
        }
        unit.breakState = state
        return unit
    }

    enum EmojiCluster {
        case found(end: Int, width: Int)
        case needMore
        case unknown
    }

    /// The end and width of the cluster at `start` when it is one the rules
    /// GB9, GB11, GB12 and GB13 alone make: an emoji, a flag or a printable
    /// ASCII character, then extenders and joiners (and pictographs joined by
    /// them), up to a scalar that always starts a cluster. `.unknown` for
    /// anything else, which ``GraphemeBoundaries`` then decides.
    func emojiCluster(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> EmojiCluster {
        guard case .scalar(let base, let baseLength) = UTF8Decoder.decode(bytes, at: start) else { return .unknown }
        let baseFlags = EmojiProperties.flags(base)
        let regional = baseFlags & EmojiProperties.regionalIndicator != 0
        guard base >= 0x20 && base < 0x7F
                || baseFlags & (EmojiProperties.pictographic | EmojiProperties.emoji | EmojiProperties.regionalIndicator) != 0
                && baseFlags & EmojiProperties.extend == 0 else { return .unknown }
        var position = start + baseLength
        var count = 1, textSelector = false, emojiSelector = false
        var pictographic = baseFlags & EmojiProperties.pictographic != 0, joined = false, pairable = regional
        while true {
            // A long run of extenders is left to the general way, which bounds what it holds.
            if position - start > 1024 { return .unknown }
            if position >= bytes.count { if isFinal { break } else { return .needMore } }
            let value: UInt32, length: Int
            switch UTF8Decoder.decode(bytes, at: position) {
            case .scalar(let scalar, let size): (value, length) = (scalar, size)
            case .truncated where !isFinal: return .needMore
            case .truncated, .invalid: return .found(end: position, width: DisplayWidth.columns(base: base, single: count == 1,
                                                     textSelector: textSelector, emojiSelector: emojiSelector))
            }
            let flags = EmojiProperties.flags(value)
            if value == EmojiProperties.zwj {
                joined = pictographic                                    // GB9; GB11 may join a pictograph after it
                pictographic = false
            } else if flags & EmojiProperties.extend != 0 {
                if value == 0xFF9E || value == 0xFF9F { return .unknown }  // a voiced mark takes a column of its own
                joined = false                                           // GB9
                textSelector = textSelector || value == 0xFE0E
                emojiSelector = emojiSelector || value == 0xFE0F || value == 0x20E3
            } else if flags & EmojiProperties.pictographic != 0 && joined {
                joined = false                                           // GB11
                pictographic = true
            } else if pairable && flags & EmojiProperties.regionalIndicator != 0 {
                pictographic = false                                     // GB12, GB13: a flag
            } else if value < 0x80 || flags & (EmojiProperties.pictographic | EmojiProperties.regionalIndicator) != 0
                        || tables.entry(value) & WrapTables.startsCluster != 0 {
                break                                                    // GB999
            } else {
                return .unknown
            }
            // A scalar of the cluster that may start a tag: the general way looks for tags inside.
            if tables.tagStarts[Int(bytes[position])] { return .unknown }
            pairable = false
            count += 1
            position += length
        }
        return .found(end: position, width: DisplayWidth.columns(base: base, single: count == 1, textSelector: textSelector,
                                                                 emojiSelector: emojiSelector))
    }
}
