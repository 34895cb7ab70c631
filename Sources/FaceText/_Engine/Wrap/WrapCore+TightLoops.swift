/// The tight loops of ``WrapCore``: runs of plain scalars placed from the
/// tables' entries, breaking by character or by line, without the general
/// unit search (``WrapCore/nextUnit(_:at:isFinal:)``), which they defer to
/// for everything else.
extension WrapCore {
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
    mutating func runSimple<Sink: TextWrapper.Sink>(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, _ sink: inout Sink) {
        guard !line.joinNext, let base = bytes.baseAddress else { return }
        // Room for the scalar after the next one to be read whole.
        let stop = end - 8
        guard cursor < stop else { return }
        if isLine { runSimpleLines(base, bytes, stop: stop, &sink) } else { runSimpleCharacters(base, bytes, stop: stop, &sink) }
    }

    @inline(__always)
    mutating func runSimpleCharacters<Sink: TextWrapper.Sink>(_ base: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
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
    mutating func runSimpleLines<Sink: TextWrapper.Sink>(_ base: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
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
    func plainFollower(_ base: UnsafePointer<UInt8>, _ index: Int, _ value: UInt32, _ length: Int,
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
}
