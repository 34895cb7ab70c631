import FaceText

/// `stats` of chat logs read as messages (`--format`, `--by`): each line's
/// text counted in its message's group, a message's header not at all.
enum StatsMessages {
    /// The separator of a group's values in ``FaceStats/Groups``' names (no value holds it: names are one line).
    private static let separator: Character = "\n"

    static func count(_ invocation: Invocation, by: [String], _ context: CommandContext) throws(IOError) -> (StatsReport, Bool) {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let catalog = context.catalog
        let byFile = invocation.flag("by-file")
        var report = StatsReport(catalog: catalog, by: byFile ? ["file"] : by)
        let tones = invocation.flag("tones")
        var groups = FaceStats.Groups(catalog: catalog, recognizing: recognized, separatingTones: tones)
        // Before a log's first header: the group of a message without sender or time.
        let headless = by.map { StatsGrouping.value($0, of: MessageHeader()) }.joined(separator: String(separator))
        var name = headless
        var header = MessageHeader()
        let allRead = try MessageInput(invocation).forEachLine(InputFiles(invocation.arguments), context, start: { (_: String) throws(IOError) in
            groups = FaceStats.Groups(catalog: catalog, recognizing: recognized, separatingTones: tones)
            name = headless
            header = MessageHeader()
        }, { (line) throws(IOError) in
            if let start = line.header, !StatsGrouping.sameGroup(start, header, by: by) {
                name = by.count == 1 ? StatsGrouping.value(by[0], of: start)
                    : by.map { StatsGrouping.value($0, of: start) }.joined(separator: String(separator))
            }
            if let start = line.header { header = start }
            groups.add(line.text, to: name)
        }, end: { (file: String) throws(IOError) in
            for (group, stats) in groups.stats where stats.total > 0 {
                let values = by.isEmpty ? nil : group.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
                report.add(stats, group: byFile ? [file] : values)
            }
        })
        return (report, allRead)
    }
}
