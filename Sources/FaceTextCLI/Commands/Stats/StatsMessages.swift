import FaceText

/// `stats` of chat logs read as messages (`--format`, `--by`): each line's
/// text counted in its message's group, a message's header not at all.
///
/// A group is found from numbers, without making its name: the splitter's
/// number for the sender and ``StatsGrouping/TimeKey`` for the time, looked up
/// in a small table of the groups met lately; only a miss makes the group's
/// name and looks it up by name.
///
/// An input is read on two threads (``StatsSegments``), but for a Telegram
/// export, one JSON document, which is read on one thread while its lines are
/// counted on another (``LineHandover``); ``GroupCounter`` counts every input
/// line by line on one thread when ``CommandContext/usesSecondThread`` is off.
enum StatsMessages {
    static func count(_ invocation: Invocation, by: [String], maxGroups: Int, _ context: CommandContext) throws(IOError) -> (StatsReport, Bool) {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let tones = invocation.flag("tones")
        let catalog = context.catalog
        var counter = GroupCounter(naming: GroupNaming(by: by, byFile: invocation.flag("by-file")), maxGroups: maxGroups,
                                   report: StatsReport(catalog: catalog, by: invocation.flag("by-file") ? ["file"] : by)) {
            FaceStats.Groups(catalog: catalog, recognizing: recognized, separatingTones: tones)
        }
        let input = MessageInput(invocation)
        let inputs = InputFiles(invocation.arguments)
        var anyBroken = false
        let allRead = try input.forEachSource(inputs, context) { (name, source, format, dayFirst) throws(IOError) -> IOError? in
            counter.start(name)
            let failure: IOError?
            if context.usesSecondThread && format != .telegram {
                failure = counter.whole.countInSegments(source, format: format, dayFirst: dayFirst, naming: counter.naming, maxGroups: maxGroups,
                                                        segmentSize: context.segmentSize, emptyCounts: counter.makeGroups())
            } else {
                let report = { (failure: ChatLog.TelegramReader.Failure) in context.error("\(inputs.displayName(name)): \(failure)") }
                let (readFailure, broken): (IOError?, Bool)
                if context.usesSecondThread {
                    let counting = CountingThread(counter)
                    var handover = LineHandover { counting.counter.take($0) }
                    (readFailure, broken) = try input.forEachLine(of: source, format: format, dayFirst: dayFirst, into: &handover, broken: report)
                    handover.finish()
                    counter = counting.counter
                } else {
                    (readFailure, broken) = try input.forEachLine(of: source, format: format, dayFirst: dayFirst, into: &counter, broken: report)
                }
                (failure, anyBroken) = (readFailure, anyBroken || broken)
            }
            counter.end(name)
            return failure
        }
        if counter.whole.overflowed {
            context.warning("more than \(maxGroups) groups: the messages of the groups met after the first \(maxGroups) are counted under '\(StatsGrouping.othersLabel)' (see --max-groups)")
        }
        return (counter.report, allRead && !anyBroken)
    }
}

/// How `--by` names the group of a message.
struct GroupNaming {
    /// The separator of a group's values in its name (no value holds it: names are one line).
    private static let separator: Character = "\n"

    let by: [String]
    let byFile: Bool
    let bySender: Bool
    let timeKey: StatsGrouping.TimeKey
    /// The group of the messages of the groups met after `--max-groups`.
    let others: String

    init(by: [String], byFile: Bool) {
        (self.by, self.byFile, bySender, timeKey) = (by, byFile, by.contains("sender"), StatsGrouping.TimeKey(by: by))
        others = by.map { _ in StatsGrouping.others }.joined(separator: String(Self.separator))
    }

    func name(of header: ChatLog.Header) -> String {
        by.count == 1 ? StatsGrouping.value(by[0], of: header)
            : by.map { StatsGrouping.value($0, of: header) }.joined(separator: String(Self.separator))
    }

    /// The values of a group named by ``name(of:)``, or the file's name with `--by-file`.
    func values(of name: String, file: String) -> [String]? {
        if byFile { return [file] }
        return by.isEmpty ? nil : name.split(separator: Self.separator, omittingEmptySubsequences: false).map(String.init)
    }
}

/// What gives each group's name a number, and counts by number: the groups of a whole input, or of a segment of it.
protocol GroupNumbering {
    var counts: FaceStats.Groups { get set }

    /// The number of group `name`; nil stops the counting (a segment with too many groups).
    mutating func number(of name: String) -> Int?
}

/// The groups of the input being read, counted, with at most `--max-groups` of
/// them (with those of the inputs before): the groups met after that are
/// counted under ``GroupNaming/others``.
struct InputGroups: GroupNumbering {
    var counts: FaceStats.Groups
    /// The group of the lines read last (of the message they belong to).
    var current = 0
    private let others: String
    private let maxGroups: Int
    private let unlimited: Bool
    /// The groups of the inputs before.
    private let earlier: Int
    /// Whether a group was counted as others for want of room.
    private(set) var overflowed = false

    /// Groups for an input with `earlier` groups before it; the messages before its first header go in the group of a header with nothing.
    init(_ counts: FaceStats.Groups, naming: GroupNaming, maxGroups: Int, earlier: Int, overflowed: Bool) {
        self.counts = counts
        (others, self.maxGroups, unlimited, self.earlier, self.overflowed) = (naming.others, maxGroups, naming.by.isEmpty, earlier, overflowed)
        current = self.counts.group(named: naming.name(of: ChatLog.Header()))
    }

    /// Counts `line` in its group, which `lines` finds.
    @inline(__always)
    mutating func take(_ line: ChatLog.Splitter.Line, _ lines: inout LineGroups) {
        var current = current
        _ = lines.count(line, after: &current, into: &self)
        self.current = current
    }

    mutating func number(of name: String) -> Int? {
        if let known = counts.existingGroup(named: name) { return known }
        // (Less the group before the first header.)
        if earlier + counts.count - 1 < maxGroups || unlimited { return counts.group(named: name) }
        overflowed = true
        return counts.group(named: others)
    }
}

/// Finds the group of each line of a splitter's: the group of its message's
/// header, from numbers for the groups met lately (``RecentGroups``), else by name.
struct LineGroups {
    let naming: GroupNaming
    private var recent = RecentGroups()
    /// Numbers for senders the splitter does not number (Telegram's), below 0.
    private var unnumbered: [String: Int] = [:]

    init(naming: GroupNaming) {
        self.naming = naming
    }

    /// The group of `line`: of its header if it has one, else `group`'s (nil if `numbers` stopped).
    @inline(__always)
    mutating func group<Numbers: GroupNumbering>(
        of line: ChatLog.Splitter.Line, after group: Int, _ numbers: inout Numbers
    ) -> Int? {
        guard let header = line.header else { return group }
        var sender = 0
        if naming.bySender, let name = header.sender {
            sender = line.senderNumber
            if sender == 0 {
                if let known = unnumbered[name] {
                    sender = known
                } else {
                    sender = -1 - unnumbered.count
                    unnumbered[name] = sender
                }
            }
        }
        let time = naming.timeKey(header.time)
        if let known = recent.group(sender: sender, time: time) { return known }
        guard let found = numbers.number(of: naming.name(of: header)) else { return nil }
        recent.remember(found, sender: sender, time: time)
        return found
    }

    /// Counts `line`'s text in its group, found after `group` (which becomes it); false, counting
    /// nothing, if `numbers` stopped.
    @inline(__always)
    mutating func count<Numbers: GroupNumbering>(_ line: ChatLog.Splitter.Line, after group: inout Int, into numbers: inout Numbers) -> Bool {
        guard let found = self.group(of: line, after: group, &numbers) else { return false }
        group = found
        let text = line.text
        if line.goesOn || Self.holdsText(text) { numbers.counts.add(text, toGroup: found, lineGoesOn: line.goesOn) }
        return true
    }

    /// Whether a line's text may hold a face: a line ending alone (the blank line after each message of QQ's export) holds none.
    @inline(__always)
    private static func holdsText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count > 2 || text.contains(where: { $0 != 0x0A && $0 != 0x0D })
    }
}

/// Counts each input's faces by group into a report, line by line on the calling thread.
struct GroupCounter: MessageLineSink {
    let naming: GroupNaming
    let makeGroups: () -> FaceStats.Groups
    private(set) var report: StatsReport
    private let maxGroups: Int
    /// The groups of the input being read.
    var whole: InputGroups
    private var lines: LineGroups

    init(naming: GroupNaming, maxGroups: Int, report: StatsReport, makeGroups: @escaping () -> FaceStats.Groups) {
        (self.naming, self.maxGroups, self.report, self.makeGroups) = (naming, maxGroups, report, makeGroups)
        whole = InputGroups(makeGroups(), naming: naming, maxGroups: maxGroups, earlier: 0, overflowed: false)
        lines = LineGroups(naming: naming)
    }

    mutating func start(_ file: String) {
        whole = InputGroups(makeGroups(), naming: naming, maxGroups: maxGroups, earlier: report.groups.count, overflowed: whole.overflowed)
        lines = LineGroups(naming: naming)
    }

    mutating func take(_ line: ChatLog.Splitter.Line) {
        whole.take(line, &lines)
    }

    mutating func end(_ file: String) {
        for (group, stats) in whole.counts.stats where stats.total > 0 {
            report.add(stats, group: naming.values(of: group, file: file))
        }
    }
}

/// What the thread that counts a Telegram export's lines holds.
private final class CountingThread: @unchecked Sendable {
    var counter: GroupCounter
    init(_ counter: GroupCounter) { self.counter = counter }
}

/// Lines read on this thread and taken on another, 64 KiB of them at a time
/// (``BackgroundStage``): for a Telegram export, whose reading, most of the
/// work, cannot be cut into segments.
private struct LineHandover: MessageLineSink {
    private var batch = LineBatch()
    private let stage: BackgroundStage<LineBatch>

    init(_ take: @escaping (ChatLog.Splitter.Line) -> Void) {
        stage = BackgroundStage(empty: LineBatch()) { batch in
            batch.forEach(take)
            batch.removeAll()
        }
    }

    func start(_ file: String) {}
    func end(_ file: String) {}

    mutating func take(_ line: ChatLog.Splitter.Line) {
        batch.add(line)
        if batch.bytes.count >= 1 << 16 { stage.hand(&batch) }
    }

    /// Hands on the last lines and waits until all are taken.
    mutating func finish() {
        stage.hand(&batch)
        stage.finish()
    }
}

/// Lines gathered to be handed on: their bytes, and what the splitter said of each.
private struct LineBatch {
    var bytes: [UInt8] = []
    private var lines: [(end: Int, header: ChatLog.Header?, textStart: Int, goesOn: Bool, senderNumber: Int)] = []

    mutating func add(_ line: ChatLog.Splitter.Line) {
        bytes.append(contentsOf: line.bytes)
        lines.append((bytes.count, line.header, line.textStart, line.goesOn, line.senderNumber))
    }

    func forEach(_ body: (ChatLog.Splitter.Line) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for line in lines {
                body(.handedOn(bytes: UnsafeBufferPointer(rebasing: bytes[start..<line.end]), header: line.header,
                               textStart: line.textStart, goesOn: line.goesOn, senderNumber: line.senderNumber))
                start = line.end
            }
        }
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
}

/// The groups met lately, by sender number and time key: a table of 256
/// places, each group in the place its numbers hash to.
struct RecentGroups {
    private var senders = [Int](repeating: 0, count: 256)
    private var times = [Int](repeating: -2, count: 256)
    private var groups = [Int](repeating: 0, count: 256)

    private static func place(_ sender: Int, _ time: Int) -> Int {
        let hash = UInt64(bitPattern: Int64(sender &* 0x9E37_79B9 ^ time)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(hash >> 56)
    }

    func group(sender: Int, time: Int) -> Int? {
        let place = Self.place(sender, time)
        return senders[place] == sender && times[place] == time ? groups[place] : nil
    }

    mutating func remember(_ group: Int, sender: Int, time: Int) {
        let place = Self.place(sender, time)
        (senders[place], times[place], groups[place]) = (sender, time, group)
    }
}
