import FaceText

/// What `stats` counts: the keys of `--by`, checked, and the faces of plain lines, input by input.
extension StatsCommand {
    /// The keys of `--by`, checked, and checked against the options that go with it.
    static func keys(_ invocation: Invocation) throws(UsageError) -> [String] {
        if invocation.flag("max-groups") && !invocation.flag("by") {
            throw UsageError(.other("'--max-groups' bounds the groups of '--by': give '--by' too."), command: spec)
        }
        if invocation.flag("by") && invocation.flag("by-file") {
            throw UsageError(.conflict("use either '--by' or '--by-file', not both."), command: spec)
        }
        guard let text = invocation.value("by") else { return [] }
        let keys = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        for key in keys where !StatsGrouping.keys.contains(key) {
            throw UsageError(.other("'--by' takes " + StatsGrouping.keys.joined(separator: ", ") + ", or several separated by commas, not '\(key)'."),
                             command: spec)
        }
        if Set(keys).count != keys.count { throw UsageError(.other("'--by' names a key twice: '\(text)'."), command: spec) }
        if MessageInput(invocation).format == .lines {
            throw UsageError(.other("'--by \(text)' needs messages with senders and times: give --format (prefixed, qq, wechat, whatsapp, telegram or auto)."),
                             command: spec)
        }
        return keys
    }

    static func count(_ invocation: Invocation, _ context: CommandContext) throws(IOError) -> (StatsReport, Bool) {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let catalog = context.catalog
        let byFile = invocation.flag("by-file")
        var report = StatsReport(catalog: catalog, by: byFile ? ["file"] : [])
        let tones = invocation.flag("tones")
        var stream = FaceStats.Stream(catalog: catalog, recognizing: recognized, separatingTones: tones)
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            stream = FaceStats.Stream(catalog: catalog, recognizing: recognized, separatingTones: tones)
        }, { (chunk) throws(IOError) in
            stream.feed(chunk)
        }, end: { (name: String) throws(IOError) in
            stream.finish()
            report.add(stream.stats, group: byFile ? [name] : nil)
        })
        return (report, allRead)
    }
}
