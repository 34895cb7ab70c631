/// The loop of ``TextWrapper/Stream``: the input's units one by one (a catalog
/// tag, a grapheme cluster, an invalid byte), each measured, each with whether
/// a line may break before it, placed greedily on the current line.
///
/// For a sink that takes whole lines (the plain output), a line that
/// certainly fits (``FittingLine``) is passed without measuring its units.
///
/// Most units are one scalar that a scalar starting a cluster follows: those
/// are found and placed in a tight loop (``runSimple(_:end:_:)``) from the
/// tables' entries; the rest, and every unit near the end of what has come,
/// by the general way (``nextUnit(_:at:isFinal:)``), which the tests hold the
/// tight loop to.
struct WrapCore {
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
        /// The unit is the start of a cluster longer than ``TextWrapper/Stream/clusterLimit``.
        var cut: Bool
    }

    /// The wrapping of the current input line.
    struct LineState {
        /// The width of the current wrapped line so far.
        var column = 0
        /// The last place in the current wrapped line where it may break, or -1; and the width before it.
        var breakPoint = -1
        var breakColumn = 0
        /// With line breaking, the last place in the current wrapped line where a word too wide
        /// for it may be broken (a grapheme boundary before a unit that may start a line), or -1.
        var wordBreakPoint = -1
        var wordBreakColumn = 0
        /// With line breaking, the last place before a unit that may start a line, even after an
        /// opening mark: where a line of nothing but opening marks and words is broken.
        var looseBreakPoint = -1
        var looseBreakColumn = 0
        /// Where the last tab of the line is, or -1: a tab after a break is measured again.
        var lastTab = -1
        var breakState = LineBreakMachine.startState
        /// Whether the unit before opens something (no word is broken after it).
        var previousOpens = false
        /// The next piece continues a grapheme cluster cut at ``TextWrapper/Stream/clusterLimit``.
        var joinNext = false
    }

    let limit: Int
    let isLine: Bool
    let tables: WrapTables
    /// Where the next unit starts in the bytes held.
    var cursor = 0
    /// How much of the bytes held is handed on.
    var written = 0
    /// Whether the current input line has bytes (so an input without a final line feed still ends a line).
    var lineStarted = false
    var line = LineState()

    init(wrapper: TextWrapper, tables: WrapTables? = nil) {
        limit = wrapper.width
        isLine = wrapper.breaking == .line
        self.tables = tables ?? WrapTables(catalog: wrapper.catalog)
    }

    /// The line breaking decision before `next` in `state`, moving `state` on.
    @inline(__always)
    func step(_ state: inout UInt16, _ next: LineBreakClass) -> LineBreakRules.Decision {
        LineBreakMachine.step(tables.machine, &state, next)
    }

    /// Wraps what `bytes` holds from the cursor on, telling `sink`; stops where more input must come.
    mutating func run<Sink: TextWrapper.Sink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink, isFinal: Bool) {
        let end = bytes.count
        while cursor < end {
            if Self.takesWholeLines(Sink.self) && !lineStarted, let base = bytes.baseAddress {
                // Lines that certainly fit pass as they are, handed on with what follows them.
                while let next = FittingLine.end(base, from: cursor, end: end, limit: limit) { cursor = next }
                guard cursor < end else { break }
            }
            let before = cursor
            runSimple(bytes, end: end, &sink)
            guard cursor < end else { break }
            // The tight loop ended a line: the next may be one that fits.
            if Self.takesWholeLines(Sink.self) && !lineStarted && cursor != before { continue }
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
            if lead &- 0x0B < 2 || lead & 0xDF == 0xC2 {                 // VT, FF; C2 (NEL), E2 (U+2028, U+2029)
                guard let length = Self.mandatoryBreakLength(bytes, at: start, isFinal: isFinal) else { break }
                if length > 0 {
                    guard let follows = Self.lineEndingFollows(bytes, at: start + length, isFinal: isFinal) else { break }
                    endAtMandatoryBreak(bytes, start..<start + length, lineEndingFollows: follows, &sink)
                    continue
                }
            }
            guard let unit = nextUnit(bytes, at: start, isFinal: isFinal) else { break }
            place(unit, at: start, bytes, &sink)
        }
        // Hand on what no break can come before any more: places to break too far back are given up.
        let pendingLimit = TextWrapper.Stream.pendingLimit
        if line.breakPoint >= 0 && cursor - line.breakPoint > pendingLimit { line.breakPoint = -1 }
        if line.wordBreakPoint >= 0 && cursor - line.wordBreakPoint > pendingLimit { line.wordBreakPoint = -1 }
        if line.looseBreakPoint >= 0 && cursor - line.looseBreakPoint > pendingLimit { line.looseBreakPoint = -1 }
        let settled = min(line.breakPoint >= 0 ? line.breakPoint : cursor, line.wordBreakPoint >= 0 ? line.wordBreakPoint : cursor,
                          line.looseBreakPoint >= 0 ? line.looseBreakPoint : cursor)
        if settled > written {
            sink.text(UnsafeBufferPointer(rebasing: bytes[written..<settled]))
            written = settled
        }
    }

    /// Moves every position back by `count` bytes, which the stream no longer holds.
    mutating func discard(_ count: Int) {
        cursor -= count
        written -= count
        if line.breakPoint >= 0 { line.breakPoint -= count }
        if line.wordBreakPoint >= 0 { line.wordBreakPoint -= count }
        if line.looseBreakPoint >= 0 { line.looseBreakPoint -= count }
        line.lastTab = line.lastTab >= count ? line.lastTab - count : -1
        let search = tables.clusterSearch
        tables.clusterSearch = search.start >= count ? (search.start - count, search.reached - count) : (-1, 0)
    }

    /// Ends the current input line at `ending` (its LF or CRLF). A sink that
    /// takes whole lines (``takesWholeLines(_:)``) is handed it later, with what follows.
    mutating func endLine<Sink: TextWrapper.Sink>(_ bytes: UnsafeBufferPointer<UInt8>, ending: Range<Int>, _ sink: inout Sink) {
        if !Self.takesWholeLines(Sink.self) {
            sink.text(UnsafeBufferPointer(rebasing: bytes[written..<ending.lowerBound]))
            sink.lineEnd(UnsafeBufferPointer(rebasing: bytes[ending]), width: line.column)
            written = ending.upperBound
        }
        cursor = ending.upperBound
        line = LineState()
        lineStarted = false
    }

    /// Whether `Sink` takes whole lines as text (``WholeLineSink``): known once the loop is specialized for it.
    @inline(__always)
    static func takesWholeLines<Sink: TextWrapper.Sink>(_: Sink.Type) -> Bool {
        Sink.self is any WholeLineSink.Type
    }

    /// Ends the input: the last line, if it has no line feed.
    mutating func finish<Sink: TextWrapper.Sink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        if lineStarted || written < bytes.count {
            sink.text(UnsafeBufferPointer(rebasing: bytes[written...]))
            sink.lineEnd(UnsafeBufferPointer(rebasing: bytes[bytes.count...]), width: line.column)
        }
        (cursor, written, lineStarted, line) = (0, 0, false, LineState())
        tables.clusterSearch = (-1, 0)
    }

    /// Puts `unit` on the current line, or on a new one: at the last place a
    /// line may break when `unit` does not fit; else, with line breaking, at the
    /// last place a word may be broken (before a unit that may start a line, not
    /// after an opening mark); else at the last place before a unit that may
    /// start a line, even after an opening mark; else, for a run of closing
    /// marks wider than the line (`!!!!!!`, `好！！！…`), right before `unit`:
    /// closing marks keep off a line's start only while the line would not overflow.
    @inline(__always)
    mutating func place<Sink: TextWrapper.Sink>(_ unit: Unit, at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        let joined = line.joinNext
        // Places too far back are given up (the same wherever the input's chunks end).
        let pendingLimit = TextWrapper.Stream.pendingLimit
        if line.breakPoint >= 0 && start - line.breakPoint > pendingLimit { line.breakPoint = -1 }
        if line.wordBreakPoint >= 0 && start - line.wordBreakPoint > pendingLimit { line.wordBreakPoint = -1 }
        if line.looseBreakPoint >= 0 && start - line.looseBreakPoint > pendingLimit { line.looseBreakPoint = -1 }
        if line.column > 0 && !joined {
            // Closing marks never start a wrapped line, even where the rules allow a break (after a space).
            if unit.breakBefore && unit.mayStartLine { (line.breakPoint, line.breakColumn) = (start, line.column) }
            if isLine && unit.mayStartLine {
                if !line.previousOpens { (line.wordBreakPoint, line.wordBreakColumn) = (start, line.column) }
                (line.looseBreakPoint, line.looseBreakColumn) = (start, line.column)
            }
        }
        var width = unit.isTab ? 8 - line.column % 8 : unit.width
        if line.column + width > limit && line.column > 0 {
            // No break leaves a line of nothing but units of no width.
            for kind in 0..<4 where line.column + width > limit && line.column > 0 {
                let (point, pointColumn) = kind == 0 ? (line.breakPoint, line.breakColumn)
                    : kind == 1 ? (line.wordBreakPoint, line.wordBreakColumn)
                    : kind == 2 ? (line.looseBreakPoint, line.looseBreakColumn) : (joined ? -1 : start, line.column)
                guard point >= 0 else { continue }
                breakLine(at: point, width: pointColumn, bytes, &sink)
                line.column = columns(bytes, from: point, to: start, endingAt: line.column, dropping: pointColumn)
                // The places after this one stay, measured from it.
                if line.wordBreakPoint > point {
                    line.wordBreakColumn = columns(bytes, from: point, to: line.wordBreakPoint, endingAt: line.wordBreakColumn, dropping: pointColumn)
                } else {
                    line.wordBreakPoint = -1
                }
                if line.looseBreakPoint > point {
                    line.looseBreakColumn = columns(bytes, from: point, to: line.looseBreakPoint, endingAt: line.looseBreakColumn,
                                                    dropping: pointColumn)
                } else {
                    line.looseBreakPoint = -1
                }
                line.breakPoint = -1
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
    func columns(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, endingAt columnAtEnd: Int, dropping dropped: Int) -> Int {
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
    mutating func breakLine<Sink: TextWrapper.Sink>(at position: Int, width: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        sink.text(UnsafeBufferPointer(rebasing: bytes[written..<position]))
        sink.wrap(width: width)
        written = position
    }
}
