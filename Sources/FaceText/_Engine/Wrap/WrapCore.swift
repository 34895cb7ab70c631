/// The loop of ``TextWrapper/Stream``: the input's units one by one (a catalog
/// tag, a grapheme cluster, an invalid byte), each measured, each with whether
/// a line may break before it, placed greedily on the current line.
extension TextWrapper.Stream {
    /// A unit found at the cursor.
    struct Unit {
        var length: Int
        var width: Int
        var isTab: Bool
        /// Whether a line may break before it (by the breaking the wrapper uses).
        var breakBefore: Bool
        /// Whether a word too wide for a line may be broken before it.
        var mayStartLine: Bool
        var breakState: UInt16
        /// Whether it ends with opening punctuation or an opening quotation mark (no word is broken after it).
        var opens: Bool
        /// The unit is the start of a cluster longer than ``clusterLimit``.
        var cut: Bool
    }

    mutating func run<Sink: WrapSink>(_ sink: inout Sink, isFinal: Bool) {
        let bytesArray = held
        bytesArray.withUnsafeBufferPointer { bytes in
            let end = bytes.count
            while cursor < end {
                let start = cursor
                let lead = bytes[start]
                if lead == 0x0A {
                    endLine(bytes, ending: start..<start + 1, &sink)
                    continue
                }
                if lead == 0x0D {
                    if start + 1 == end && !isFinal { break }
                    if start + 1 < end && bytes[start + 1] == 0x0A {
                        endLine(bytes, ending: start..<start + 2, &sink)
                        continue
                    }
                }
                guard let unit = nextUnit(bytes, at: start, isFinal: isFinal) else { break }
                place(unit, at: start, bytes, &sink)
            }
            // Hand on what no break can come before any more: places to break too far back are given up.
            if line.breakPoint >= 0 && cursor - line.breakPoint > Self.pendingLimit { line.breakPoint = -1 }
            if line.wordBreakPoint >= 0 && cursor - line.wordBreakPoint > Self.pendingLimit { line.wordBreakPoint = -1 }
            let settled = min(line.breakPoint >= 0 ? line.breakPoint : cursor, line.wordBreakPoint >= 0 ? line.wordBreakPoint : cursor)
            if settled > written {
                sink.text(UnsafeBufferPointer(rebasing: bytes[written..<settled]))
                written = settled
            }
        }
        if written > 0 {
            held.removeFirst(written)
            cursor -= written
            if line.breakPoint >= 0 { line.breakPoint -= written }
            if line.wordBreakPoint >= 0 { line.wordBreakPoint -= written }
            line.lastTab = line.lastTab >= written ? line.lastTab - written : -1
            written = 0
        }
    }

    /// Ends the current input line at `ending` (its LF or CRLF).
    private mutating func endLine<Sink: WrapSink>(_ bytes: UnsafeBufferPointer<UInt8>, ending: Range<Int>, _ sink: inout Sink) {
        sink.text(UnsafeBufferPointer(rebasing: bytes[written..<ending.lowerBound]))
        sink.lineEnd(UnsafeBufferPointer(rebasing: bytes[ending]), width: line.column)
        written = ending.upperBound
        cursor = ending.upperBound
        line = LineState()
        lineStarted = false
    }

    /// Puts `unit` on the current line, or on a new one: at the last place a
    /// line may break when `unit` does not fit; else, with line breaking, at the
    /// last place a word may be broken (before `unit` if it may start a line).
    @inline(__always)
    private mutating func place<Sink: WrapSink>(_ unit: Unit, at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        let limit = wrapper.width
        let joined = line.joinNext
        // Places too far back are given up (the same wherever the input's chunks end).
        if line.breakPoint >= 0 && start - line.breakPoint > Self.pendingLimit { line.breakPoint = -1 }
        if line.wordBreakPoint >= 0 && start - line.wordBreakPoint > Self.pendingLimit { line.wordBreakPoint = -1 }
        if line.column > 0 && !joined {
            // Closing marks never start a wrapped line, even where the rules allow a break (after a space).
            if unit.breakBefore && unit.mayStartLine { (line.breakPoint, line.breakColumn) = (start, line.column) }
            if wrapper.breaking == .line && unit.mayStartLine && !line.previousOpens {
                (line.wordBreakPoint, line.wordBreakColumn) = (start, line.column)
            }
        }
        var width = unit.isTab ? 8 - line.column % 8 : unit.width
        if line.column + width > limit && line.column > 0 {
            if line.breakPoint >= 0 {
                let point = line.breakPoint
                breakLine(at: point, width: line.breakColumn, bytes, &sink)
                line.column = columns(bytes, from: point, to: start, endingAt: line.column, dropping: line.breakColumn)
                if line.wordBreakPoint > point {
                    line.wordBreakColumn = columns(bytes, from: point, to: line.wordBreakPoint, endingAt: line.wordBreakColumn,
                                                   dropping: line.breakColumn)
                } else {
                    line.wordBreakPoint = -1
                }
                line.breakPoint = -1
                if unit.isTab { width = 8 - line.column % 8 }
            }
            if line.column + width > limit && line.wordBreakPoint >= 0 {
                let point = line.wordBreakPoint
                breakLine(at: point, width: line.wordBreakColumn, bytes, &sink)
                line.column = columns(bytes, from: point, to: start, endingAt: line.column, dropping: line.wordBreakColumn)
                line.wordBreakPoint = -1
                if unit.isTab { width = 8 - line.column % 8 }
            }
        }
        if unit.isTab { line.lastTab = start }
        line.column += width
        line.breakState = unit.breakState
        line.previousOpens = unit.opens
        line.joinNext = unit.cut
        lineStarted = true
        cursor = start + unit.length
    }

    /// The width of `bytes[from..<to]` at the start of a line, once the line
    /// before it has been broken off: `columnAtEnd` (the column at `to` so far)
    /// less the `dropped` columns, unless a tab is there, which may now reach
    /// another tab stop (then the units are measured again).
    private func columns(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, endingAt columnAtEnd: Int, dropping dropped: Int) -> Int {
        guard line.lastTab >= from else { return columnAtEnd - dropped }
        var column = 0
        var position = from
        while position < to, let unit = nextUnit(bytes, at: position, isFinal: true) {
            column += unit.isTab ? 8 - column % 8 : unit.width
            position += unit.length
        }
        return column
    }

    /// Hands on the line up to `position` and ends it there.
    private mutating func breakLine<Sink: WrapSink>(at position: Int, width: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        sink.text(UnsafeBufferPointer(rebasing: bytes[written..<position]))
        sink.wrap(width: width)
        written = position
    }

    /// The unit at `start` (not a line ending), or nil when more input must come to tell.
    @inline(__always)
    private func nextUnit(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Unit? {
        let lead = bytes[start]
        if tagStarts[Int(lead)] {
            switch wrapper.catalog.index.tagTrie.longestMatch(in: bytes, at: start, isFinal: isFinal) {
            case .needMore: return nil
            case .tag(let length, _): return tagUnit(bytes, start: start, length: length)
            case .none: break
            }
        }
        let scalar: UInt32, length: Int
        switch UTF8Decoder.decode(bytes, at: start) {
        case .scalar(let value, let count): (scalar, length) = (value, count)
        case .truncated where !isFinal: return nil
        case .truncated, .invalid:
            // A byte that is not UTF-8: one column, and a letter to the line breaking rules (as U+FFFD is).
            var unit = simpleUnit(length: 1, entry: LineBreakClass.AL.rawValue | 1 << 6, value: 0xFFFD)
            if wrapper.breaking == .line {
                var state = line.breakState
                unit.breakBefore = LineBreakMachine.shared.step(&state, .AL) != .noBreak
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
                if GraphemeBoundaries.startsCluster(value) {
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
    private func simpleUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, value: UInt32, isFinal: Bool) -> Unit? {
        let entry = info.entry(value)
        var unit = simpleUnit(length: length, entry: entry, value: value)
        if wrapper.breaking == .line {
            let lineBreakClass = ScalarInfoTable.lineBreakClass(entry)
            var state = line.breakState
            switch LineBreakMachine.shared.step(&state, lineBreakClass) {
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
    private func simpleUnit(length: Int, entry: UInt8, value: UInt32) -> Unit {
        Unit(length: length, width: Int(ScalarInfoTable.width(entry)), isTab: value == 9, breakBefore: true, mayStartLine: true,
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
    private func numberFollows(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, isFinal: Bool) -> Bool? {
        var index = position
        while index < bytes.count && index - position < 64 {
            guard case .scalar(let value, let length) = UTF8Decoder.decode(bytes, at: index) else {
                if case .truncated = UTF8Decoder.decode(bytes, at: index), !isFinal { return nil }
                return false
            }
            let lineBreakClass = ScalarInfoTable.lineBreakClass(info.entry(value))
            if lineBreakClass != .CM && lineBreakClass != .ZWJ { return lineBreakClass == .NU }
            index += length
        }
        return index < bytes.count || isFinal ? false : nil
    }

    /// A catalog tag: one unit, that breaks as an ideograph does.
    private func tagUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Unit {
        let tag = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
        var width = 0
        var index = 0
        // Most tags are letters and ideographs that are clusters of their own: their widths add up.
        while index < tag.count {
            guard case .scalar(let value, let count) = UTF8Decoder.decode(tag, at: index),
                  GraphemeBoundaries.startsCluster(value) else {
                width = DisplayWidth.columns(of: String(decoding: tag, as: UTF8.self))
                break
            }
            width += Int(ScalarInfoTable.width(info.entry(value)))
            index += count
        }
        var unit = Unit(length: length, width: width, isTab: false, breakBefore: true, mayStartLine: true,
                        breakState: line.breakState, opens: false, cut: false)
        if wrapper.breaking == .line {
            var state = line.breakState
            unit.breakBefore = LineBreakMachine.shared.step(&state, .ID) != .noBreak
            unit.breakState = state
        }
        return unit
    }

    /// A grapheme cluster of several scalars (or one that the next scalar
    /// may join), found by the grapheme rules up to the next certain break.
    private func clusterUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> Unit? {
        // The next place a break is certain, or the end of what there is.
        var safe = -1
        var index = start + 1
        let searchEnd = min(bytes.count, start + Self.clusterLimit)
        while index < searchEnd {
            if GraphemeBoundaries.isSafe(index, bytes, bytes.count) { safe = index; break }
            index += 1
        }
        var cut = false
        if safe < 0 {
            if searchEnd == bytes.count && !isFinal && bytes.count - start <= Self.clusterLimit { return nil }
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
            if tagStarts[Int(bytes[inside])] {
                switch wrapper.catalog.index.tagTrie.longestMatch(in: bytes, at: inside, isFinal: isFinal) {
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
        var unit = Unit(length: end - start, width: width, isTab: cluster.count == 1 && cluster[0] == 0x09, breakBefore: true, mayStartLine: true,
                        breakState: line.breakState, opens: false, cut: cut && end == safe)
        var state = line.breakState
        var first = true
        var position = 0
        while position < cluster.count {
            var value: UInt32 = 0xFFFD, length = 1
            if case .scalar(let scalar, let count) = UTF8Decoder.decode(cluster, at: position) { (value, length) = (scalar, count) }
            let lineBreakClass = ScalarInfoTable.lineBreakClass(info.entry(value))
            let decision = LineBreakMachine.shared.step(&state, lineBreakClass)
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
        if wrapper.breaking == .line {
            unit.breakState = state
        } else {
            unit.breakBefore = true
            unit.mayStartLine = true
        }
        return unit
    }
}
