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
    mutating func run<Sink: WrapSink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink, isFinal: Bool) {
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

    /// Places units of one scalar each, as long as they are plain: a well-formed
    /// scalar that may not start a tag, is no line ending or tab, and that a
    /// scalar after which a cluster always ends follows (so it is a cluster of
    /// its own). The same placing as ``place(_:at:_:_:)``, with the line's state
    /// in registers: breaking by character, a unit that does not fit starts a
    /// line (each scalar read by ``QuickScalar``, the same way for every script);
    /// breaking by line,
    /// the places to break are recorded and a unit that does not fit is handed
    /// to ``place(_:at:_:_:)``. The decision LB25 takes by looking ahead is
    /// left to the general way. (A place to break that is too far back is
    /// given up where it would be used, in ``place(_:at:_:_:)`` and when the
    /// bytes are handed on: the same as giving it up at every unit.)
    @inline(__always)
    mutating func runSimple<Sink: WrapSink>(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, _ sink: inout Sink) {
        guard !line.joinNext, let base = bytes.baseAddress else { return }
        // Room for the scalar after the next one to be read whole.
        let stop = end - 8
        guard cursor < stop else { return }
        if isLine { runSimpleLines(base, bytes, stop: stop, &sink) } else { runSimpleCharacters(base, bytes, stop: stop, &sink) }
    }

    @inline(__always)
    private mutating func runSimpleCharacters<Sink: WrapSink>(_ base: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
                                                              stop: Int, _ sink: inout Sink) {
        // One way for every script, each scalar read with few branches: mixed text changes script often.
        let tables = self.tables, limit = self.limit, shapes = UnsafePointer(tables.quickShapes)
        let asciiRuns = tables.asciiTagStarts != nil, asciiTagStarts = tables.asciiTagStarts ?? (0, 0, 0)
        let ideographRuns = tables.ideographRuns
        var index = cursor
        var (value, length) = QuickScalar.read(base, index, shapes)
        guard length > 0 else { return }
        var entry = tables.entry(value)
        var column = line.column
        var first = index
        scalars: while true {
            // Printable ASCII seven at a time: eight bytes of it that may start no tag, so that each
            // of the first seven is followed by ASCII (a cluster of its own), one column each.
            if asciiRuns, case var word = UInt64(littleEndian: UnsafeRawPointer(base + index).unalignedWord()),
               WrapTables.isPlainASCII(word, asciiTagStarts) {
                repeat {
                    let runEnd = index &+ 7
                    while index < runEnd {
                        if column >= limit && column > 0 {
                            breakLine(at: index, width: column, bytes, &sink)
                            column = 0
                        }
                        let count = min(limit &- column, runEnd &- index)
                        column &+= count
                        index &+= count
                    }
                    guard index < stop else { break scalars }
                    word = UInt64(littleEndian: UnsafeRawPointer(base + index).unalignedWord())
                } while WrapTables.isPlainASCII(word, asciiTagStarts)
                (value, length) = (UInt32(base[index]), 1)
                entry = tables.entry(value)
            } else if ideographRuns && value &- 0x4E00 < 0x5200 {           // U+4E00–U+9FFF, one test
                // A run of ideographs, each followed by ASCII or another, two columns each: all but
                // the last placed at once, the last left to be placed with what follows it.
                let runEnd = Self.ideographRunEnd(base, from: index, stop: stop) &- 3
                if runEnd > index {
                    while index < runEnd {
                        if column &+ 2 > limit && column > 0 {
                            breakLine(at: index, width: column, bytes, &sink)
                            column = 0
                        }
                        let count = min(max(1, (limit &- column) / 2), (runEnd &- index) / 3)
                        column &+= 2 &* count
                        index &+= 3 &* count
                    }
                    (value, length) = QuickScalar.read(base, index, shapes)
                    entry = tables.entry(value)
                }
            }
            let next = index &+ length
            guard next < stop else { break }
            let (nextValue, nextLength) = QuickScalar.read(base, next, shapes)
            let nextEntry: UInt16
            if nextLength > 0 {
                nextEntry = tables.entry(nextValue)
            } else if base[next] < 0x80 {
                nextEntry = WrapTables.startsCluster          // a line ending, a control or a tag's first byte
            } else {
                break
            }
            guard WrapTables.quickClusterEnds(entry, before: nextEntry) || WrapTables.clusterEnds(entry, value, before: nextEntry) else { break }
            let width = WrapTables.width(entry)
            if column &+ width > limit && column > 0 {
                breakLine(at: index, width: column, bytes, &sink)
                column = 0
            }
            column &+= width
            index = next
            if nextLength > 0 {
                (value, length, entry) = (nextValue, nextLength, nextEntry)
                continue
            }
            // Catalog tags, each a unit, one after another.
            while tables.tagStarts[Int(base[index])], case .tag(let tagLength, let face) = tagMatch(bytes, at: index, isFinal: false) {
                let tagWidth = tagWidth(bytes, start: index, length: tagLength, face: face)
                if column &+ tagWidth > limit && column > 0 {
                    breakLine(at: index, width: column, bytes, &sink)
                    column = 0
                }
                column &+= tagWidth
                index &+= tagLength
                guard index < stop else { break scalars }
                (value, length) = QuickScalar.read(base, index, shapes)
                if length > 0 {
                    entry = tables.entry(value)
                    continue scalars
                }
            }
            // A line feed ends the line as the general way does, and the loop goes on with the next.
            guard base[index] == 0x0A else { break }
            (line.column, cursor, lineStarted) = (column, index, true)
            endLine(bytes, ending: index..<index + 1, &sink)
            // The next line may be one that certainly fits, which the loop of `run` passes.
            if Self.takesWholeLines(Sink.self) { return }
            (index, column, first) = (index + 1, 0, index + 1)
            guard index < stop else { return }
            (value, length) = QuickScalar.read(base, index, shapes)
            guard length > 0 else { return }
            entry = tables.entry(value)
        }
        guard index > first else { return }
        line.column = column
        line.breakPoint = -1
        cursor = index
        lineStarted = true
    }

    @inline(__always)
    private mutating func runSimpleLines<Sink: WrapSink>(_ base: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
                                                         stop: Int, _ sink: inout Sink) {
        let tables = self.tables, tagStarts = tables.tagStarts, machine = tables.machine, limit = self.limit
        var index = cursor
        var (value, length) = Self.plainScalar(base, index)
        guard length > 0 else { return }
        var entry = tables.entry(value)
        var column = line.column, state = line.breakState, previousOpens = line.previousOpens
        var breakPoint = line.breakPoint, breakColumn = line.breakColumn
        var wordPoint = line.wordBreakPoint, wordColumn = line.wordBreakColumn
        var loosePoint = line.looseBreakPoint, looseColumn = line.looseBreakColumn
        let first = index
        let ascii = tables.ascii, ideographRuns = tables.ideographRuns, ideographState = tables.ideographState
        while index < stop && !tagStarts[Int(base[index])] {
            if length == 1 {
                // Printable ASCII followed by ASCII: a cluster of one column, its class from the ASCII entries.
                while index < stop, case let byte = base[index], byte >= 0x20 && byte < 0x7F && !tagStarts[Int(byte)],
                      base[index + 1] < 0x80 {
                    let entry = ascii[Int(byte)]
                    let step = machine[Int(state) &* LineBreakMachine.classCount &+ Int(entry & 63)]
                    let decision = step & 3
                    if decision == UInt16(LineBreakRules.Decision.allowedUnlessNumberFollows.rawValue) { break }
                    let mayStart = entry & WrapTables.mayStartLine != 0, opens = entry & WrapTables.opens != 0
                    if column >= limit && column > 0 {
                        (line.column, line.breakState, line.previousOpens) = (column, state, previousOpens)
                        (line.breakPoint, line.breakColumn, line.wordBreakPoint, line.wordBreakColumn) = (breakPoint, breakColumn, wordPoint, wordColumn)
                (line.looseBreakPoint, line.looseBreakColumn) = (loosePoint, looseColumn)
                        place(Unit(length: 1, width: 1, isTab: false, breakBefore: decision == UInt16(LineBreakRules.Decision.allowed.rawValue),
                                   mayStartLine: mayStart, breakState: step >> 2, opens: opens, cut: false), at: index, bytes, &sink)
                        (column, state, previousOpens) = (line.column, line.breakState, line.previousOpens)
                        (breakPoint, breakColumn, wordPoint, wordColumn) = (line.breakPoint, line.breakColumn, line.wordBreakPoint, line.wordBreakColumn)
                (loosePoint, looseColumn) = (line.looseBreakPoint, line.looseBreakColumn)
                    } else {
                        if column > 0 && mayStart {
                            if decision == UInt16(LineBreakRules.Decision.allowed.rawValue) { (breakPoint, breakColumn) = (index, column) }
                            if !previousOpens { (wordPoint, wordColumn) = (index, column) }
                            (loosePoint, looseColumn) = (index, column)
                        }
                        column += 1
                        state = step >> 2
                        previousOpens = opens
                    }
                    index += 1
                }
                (value, length) = Self.plainScalar(base, index)
                guard length > 0, index < stop, !tagStarts[Int(base[index])] else { break }
                entry = tables.entry(value)
            } else if length == 3 && state == ideographState && ideographRuns && WrapTables.isIdeograph(base, index) {
                // Ideographs after an ideograph: a break is allowed before each (LB31), each may start a line.
                let runEnd = Self.ideographRunEnd(base, from: index, stop: stop)
                while index < runEnd {
                    if column + 2 > limit && column > 0 {
                        // What `place` does here: the break recorded before this ideograph is taken, and
                        // every place before it given up with it.
                        breakLine(at: index, width: column, bytes, &sink)
                        column = 0
                        (breakPoint, wordPoint, loosePoint) = (-1, -1, -1)
                    }
                    if column > 0 {
                        (breakPoint, breakColumn, wordPoint, wordColumn) = (index, column, index, column)
                        (loosePoint, looseColumn) = (index, column)
                    }
                    column += 2
                    index += 3
                }
                previousOpens = false
                (value, length) = Self.plainScalar(base, index)
                guard length > 0, index < stop, !tagStarts[Int(base[index])] else { break }
                entry = tables.entry(value)
            }
            guard let (nextValue, nextLength, nextEntry) = plainFollower(base, index, value, length, entry) else { break }
            let width = WrapTables.width(entry)
            let step = machine[Int(state) &* LineBreakMachine.classCount &+ Int(entry & 63)]
            let decision = step & 3
            if decision == UInt16(LineBreakRules.Decision.allowedUnlessNumberFollows.rawValue) { break }
            let breakBefore = decision == UInt16(LineBreakRules.Decision.allowed.rawValue)
            let mayStart = entry & WrapTables.mayStartLine != 0, opens = entry & WrapTables.opens != 0
            if column + width > limit && column > 0 {
                // It does not fit: the general placing breaks the line.
                (line.column, line.breakState, line.previousOpens) = (column, state, previousOpens)
                (line.breakPoint, line.breakColumn, line.wordBreakPoint, line.wordBreakColumn) = (breakPoint, breakColumn, wordPoint, wordColumn)
                (line.looseBreakPoint, line.looseBreakColumn) = (loosePoint, looseColumn)
                place(Unit(length: length, width: width, isTab: false, breakBefore: breakBefore, mayStartLine: mayStart,
                           breakState: step >> 2, opens: opens, cut: false), at: index, bytes, &sink)
                (column, state, previousOpens) = (line.column, line.breakState, line.previousOpens)
                (breakPoint, breakColumn, wordPoint, wordColumn) = (line.breakPoint, line.breakColumn, line.wordBreakPoint, line.wordBreakColumn)
                (loosePoint, looseColumn) = (line.looseBreakPoint, line.looseBreakColumn)
            } else {
                if column > 0 && mayStart {
                    if breakBefore { (breakPoint, breakColumn) = (index, column) }
                    if !previousOpens { (wordPoint, wordColumn) = (index, column) }
                    (loosePoint, looseColumn) = (index, column)
                }
                column += width
                state = step >> 2
                previousOpens = opens
            }
            index += length
            (value, length, entry) = (nextValue, nextLength, nextEntry)
        }
        guard index > first else { return }
        (line.column, line.breakState, line.previousOpens) = (column, state, previousOpens)
        (line.breakPoint, line.breakColumn, line.wordBreakPoint, line.wordBreakColumn) = (breakPoint, breakColumn, wordPoint, wordColumn)
        (line.looseBreakPoint, line.looseBreakColumn) = (loosePoint, looseColumn)
        cursor = index
        lineStarted = true
    }

    /// The scalar after the plain scalar at `index` (`value`, `length` bytes, `entry`), when
    /// that one is a unit of its own (a cluster always ends after it) and no tab; else nil.
    @inline(__always)
    private func plainFollower(_ base: UnsafePointer<UInt8>, _ index: Int, _ value: UInt32, _ length: Int,
                               _ entry: UInt16) -> (UInt32, Int, UInt16)? {
        let (nextValue, nextLength) = Self.plainScalar(base, index + length)
        let nextEntry: UInt16
        if nextLength > 0 {
            nextEntry = tables.entry(nextValue)
        } else if base[index + length] < 0x80 {
            nextEntry = WrapTables.startsCluster          // a line ending: a cluster always ends before it
        } else {
            return nil
        }
        guard WrapTables.clusterEnds(entry, value, before: nextEntry), WrapTables.width(entry) != Int(WrapTables.tabWidth) else { return nil }
        return (nextValue, nextLength, nextEntry)
    }

    /// Where the run of ideographs from `index` (an ideograph) ends: each one in
    /// it is followed by ASCII or by another ideograph. Each scalar is looked at once.
    @inline(__always)
    static func ideographRunEnd(_ base: UnsafePointer<UInt8>, from index: Int, stop: Int) -> Int {
        var end = index
        while end < stop {
            let next = end + 3
            if base[next] < 0x80 { return next }
            guard WrapTables.isIdeograph(base, next) else { return end }
            end = next
        }
        return end
    }

    /// The scalar at `index` when it is one of the forms the tight loop reads
    /// (ASCII but line endings, or a well-formed sequence of two to four
    /// bytes), and its length; length 0 for anything else.
    @inline(__always)
    static func plainScalar(_ base: UnsafePointer<UInt8>, _ index: Int) -> (UInt32, Int) {
        let lead = base[index]
        if lead < 0x80 {
            return lead == 0x0A || lead == 0x0D ? (0, 0) : (UInt32(lead), 1)
        }
        let second = base[index + 1]
        guard second & 0xC0 == 0x80 else { return (0, 0) }
        if lead >= 0xC2 && lead <= 0xDF {
            return (UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F), 2)
        }
        let third = base[index + 2]
        guard third & 0xC0 == 0x80 else { return (0, 0) }
        if lead >= 0xE1 && lead <= 0xEF && lead != 0xED || lead == 0xE0 && second >= 0xA0 || lead == 0xED && second < 0xA0 {
            return (UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F), 3)
        }
        let fourth = base[index + 3]
        guard fourth & 0xC0 == 0x80 else { return (0, 0) }
        if lead == 0xF0 && second >= 0x90 || lead >= 0xF1 && lead <= 0xF3 || lead == 0xF4 && second < 0x90 {
            return (UInt32(lead & 0x07) << 18 | UInt32(second & 0x3F) << 12 | UInt32(third & 0x3F) << 6 | UInt32(fourth & 0x3F), 4)
        }
        return (0, 0)
    }

    /// Ends the current input line at `ending` (its LF or CRLF). A sink that
    /// takes whole lines (``takesWholeLines(_:)``) is handed it later, with what follows.
    private mutating func endLine<Sink: WrapSink>(_ bytes: UnsafeBufferPointer<UInt8>, ending: Range<Int>, _ sink: inout Sink) {
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
    static func takesWholeLines<Sink: WrapSink>(_: Sink.Type) -> Bool {
        Sink.self is any WholeLineSink.Type
    }

    /// Ends the input: the last line, if it has no line feed.
    mutating func finish<Sink: WrapSink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
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
    mutating func place<Sink: WrapSink>(_ unit: Unit, at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
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
    private func simpleUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, value: UInt32, isFinal: Bool) -> Unit? {
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
    private func simpleUnit(length: Int, entry: UInt16, value: UInt32) -> Unit {
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
    private func numberFollows(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, isFinal: Bool) -> Bool? {
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
    private func tagMatch(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> TagTrie.Match {
        bytes[start] == UInt8(ascii: "[") && tables.bracketTags != nil
            ? tables.bracketTags.unsafelyUnwrapped.match(in: bytes, at: start, isFinal: isFinal)
            : tables.tagTrie.longestMatch(in: bytes, at: start, isFinal: isFinal)
    }

    /// The width of the tag of `face` in `bytes[start..<start + length]`.
    @inline(__always)
    private func tagWidth(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, face: Int32) -> Int {
        tables.tagWidth(face: Int(face)) ?? tables.columns(ofTag: UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
    }

    /// A catalog tag: one unit, that breaks as an ideograph does.
    private func tagUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, face: Int32) -> Unit {
        tagUnit(bytes, start: start, length: length, width: tagWidth(bytes, start: start, length: length, face: face))
    }

    /// A tag `width` columns wide: one unit, that breaks as an ideograph does.
    private func tagUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, width: Int) -> Unit {
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
    private func clusterUnit(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> Unit? {
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
    private func withLineBreaking(_ unit: Unit, _ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> Unit? {
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
    private func emojiCluster(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, isFinal: Bool) -> EmojiCluster {
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
