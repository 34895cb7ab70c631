import FaceText

/// `stats` of chat logs read as messages (`--format`, `--by`): each line's
/// text counted in its message's group, a message's header not at all.
///
/// A group is found from numbers, without making its name: the splitter's
/// number for the sender and ``StatsGrouping/TimeKey`` for the time, looked up
/// in a small table of the groups met lately; only a miss makes the group's
/// name and looks it up by name.
///
/// Faces are counted on a second thread (``BackgroundStage``): the lines'
/// text goes to it 64 KiB at a time, with the group of each run of lines, while
/// the next lines' headers are read.
enum StatsMessages {
    static func count(_ invocation: Invocation, by: [String], maxGroups: Int, _ context: CommandContext) throws(IOError) -> (StatsReport, Bool) {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        var counter = GroupCounter(catalog: context.catalog, recognizing: recognized, separatingTones: invocation.flag("tones"),
                                   by: by, byFile: invocation.flag("by-file"), maxGroups: maxGroups, threaded: context.usesSecondThread)
        let allRead = try MessageInput(invocation).forEachLine(InputFiles(invocation.arguments), context, into: &counter)
        if counter.overflowed {
            context.warning("more than \(maxGroups) groups: the messages of the groups met after the first \(maxGroups) are counted under '\(StatsGrouping.others)' (see --max-groups)")
        }
        return (counter.report, allRead)
    }
}

/// Counts each input's faces by group into a report.
private struct GroupCounter: MessageLineSink {
    /// The separator of a group's values in ``FaceStats/Groups``' names (no value holds it: names are one line).
    private static let separator: Character = "\n"

    private(set) var report: StatsReport
    private let by: [String]
    private let byFile: Bool
    private let bySender: Bool
    private let timeKey: StatsGrouping.TimeKey
    private let tally: GroupTally
    private let counting: BackgroundStage<GroupBatch>
    private var batch = GroupBatch()
    /// The groups of the input being read, by name (their numbers count from 0).
    private var index: [String: Int] = [:]
    private var recent = RecentGroups()
    private var unnumbered: [String: Int] = [:]
    private var group = 0
    /// The most groups held (those of the report and of the input being read).
    private let maxGroups: Int
    /// Whether a group was counted as others for want of room.
    private(set) var overflowed = false

    init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized, separatingTones tones: Bool, by: [String], byFile: Bool,
         maxGroups: Int, threaded: Bool) {
        report = StatsReport(catalog: catalog, by: byFile ? ["file"] : by)
        self.maxGroups = maxGroups
        (self.by, self.byFile, bySender, timeKey) = (by, byFile, by.contains("sender"), StatsGrouping.TimeKey(by: by))
        let tally = GroupTally { FaceStats.Groups(catalog: catalog, recognizing: recognized, separatingTones: tones) }
        self.tally = tally
        counting = BackgroundStage(empty: GroupBatch(), threaded: threaded) { tally.count(&$0) }
    }

    /// The number of group `name`, named now if it is new.
    private mutating func group(named name: String) -> Int {
        if let known = index[name] { return known }
        index[name] = index.count
        batch.names.append(name)
        return index.count - 1
    }

    private func name(of header: ChatLog.Header) -> String {
        by.count == 1 ? StatsGrouping.value(by[0], of: header)
            : by.map { StatsGrouping.value($0, of: header) }.joined(separator: String(Self.separator))
    }

    mutating func start(_ file: String) {
        index = [:]
        recent = RecentGroups()
        unnumbered = [:]
        // Before a log's first header: the group of a message without sender or time.
        group = self.group(named: name(of: ChatLog.Header()))
    }

    mutating func take(_ line: ChatLog.Splitter.Line) {
        if let header = line.header {
            var sender = 0
            if bySender, let name = header.sender {
                sender = line.senderNumber
                if sender == 0 {
                    // Telegram's reader does not number senders: numbers of their own, below 0.
                    if let known = unnumbered[name] {
                        sender = known
                    } else {
                        sender = -1 - unnumbered.count
                        unnumbered[name] = sender
                    }
                }
            }
            let time = timeKey(header.time)
            if let known = recent.group(sender: sender, time: time) {
                group = known
            } else {
                let name = name(of: header)
                if let known = index[name] {
                    group = known
                } else if report.groups.count + index.count - 1 < maxGroups || by.isEmpty {  // (less the group before the first header)
                    group = self.group(named: name)
                } else {
                    overflowed = true
                    group = self.group(named: by.map { _ in StatsGrouping.others }.joined(separator: String(Self.separator)))
                }
                recent.remember(group, sender: sender, time: time)
            }
        }
        // A line ending alone (the blank line after each message of QQ's export) holds no face.
        let text = line.text
        guard text.count > 2 || text.contains(where: { $0 != 0x0A && $0 != 0x0D }) else { return }
        batch.add(text, group: group)
        if batch.text.count >= 1 << 16 { counting.hand(&batch) }
    }

    mutating func end(_ file: String) {
        counting.hand(&batch)
        counting.finish()
        let groups = tally.groups.stats
        tally.reset()
        for (group, stats) in groups where stats.total > 0 {
            let values = by.isEmpty ? nil : group.split(separator: Self.separator, omittingEmptySubsequences: false).map(String.init)
            report.add(stats, group: byFile ? [file] : values)
        }
    }
}

/// Lines of text, and the group of each run of them, for the counting thread.
private struct GroupBatch {
    var text: [UInt8] = []
    /// Where each run of lines of one group ends in ``text``.
    var runs: [(end: Int, group: Int)] = []
    /// The groups named since the batch before, in the order of their numbers.
    var names: [String] = []

    mutating func add(_ line: UnsafeBufferPointer<UInt8>, group: Int) {
        text.append(contentsOf: line)
        if let last = runs.last, last.group == group {
            runs[runs.count - 1].end = text.count
        } else {
            runs.append((text.count, group))
        }
    }
}

/// The counting thread's side: the counts of the input being read, by group.
private final class GroupTally: @unchecked Sendable {
    private let makeGroups: () -> FaceStats.Groups
    private(set) var groups: FaceStats.Groups

    init(_ makeGroups: @escaping () -> FaceStats.Groups) {
        self.makeGroups = makeGroups
        groups = makeGroups()
    }

    /// Counts a batch's faces, and empties it.
    func count(_ batch: inout GroupBatch) {
        for name in batch.names { _ = groups.group(named: name) }
        batch.text.withUnsafeBufferPointer { text in
            var start = 0
            for run in batch.runs {
                groups.add(UnsafeBufferPointer(rebasing: text[start..<run.end]), toGroup: run.group)
                start = run.end
            }
        }
        batch.text.removeAll(keepingCapacity: true)
        batch.runs.removeAll(keepingCapacity: true)
        batch.names.removeAll()
    }

    /// Starts the counts of a new input.
    func reset() { groups = makeGroups() }
}

/// The groups met lately, by sender number and time key: a table of 256
/// places, each group in the place its numbers hash to.
private struct RecentGroups {
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
