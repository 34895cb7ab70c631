import FaceText

/// `facetext stats`: face counts, as a table or as partial results that merge exactly.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Count faces, most used first; partial results merge exactly across machines.",
        discussion: """
        A tag, its other spellings, its emoji and its image references count as one face under the canonical tag; so does its emoji with a skin tone (👍🏽 counts as [赞], unless --tones); an emoji with no face counts under itself. The table shows rank, count, share of all faces, tag and emoji, most used first, ties in tag order; an emoji with no face has '-' as its tag. --format tsv and --format json write the same rows for programs (TSV with a header line; JSON Lines with rank, count, share, tag and emoji, null where there is none).
        --json writes a partial result instead, and --merge combines partial results (files or standard input) into exactly what one run over all the input gives, so stats runs as the reducer after many mappers.
        """,
        options: [
            OptionSpec(long: "top", valueName: "n", help: "Show only the first n faces (1 or more)."),
            OptionSpec(long: "by-file", valueName: nil, help: "Count each input file separately."),
            OptionSpec(long: "format", short: "f", valueName: "format", help: "How to write the report.",
                       allowedValues: ["table", "tsv", "json"], defaultValue: "table"),
            OptionSpec(long: "json", valueName: nil, help: "Write a partial result as JSON, for --merge, instead of a report."),
            OptionSpec(long: "merge", valueName: nil, help: "Read partial results written by --json and combine them."),
            OptionSpec(long: "unknown-tags", valueName: nil, help: "Also count [...] and 【...】 tags that are not in the catalog."),
            OptionSpec(long: "tones", valueName: nil, help: "Count an emoji with a skin tone under itself, not as the face of its base."),
        ],
        examples: [
            ("facetext stats --top 10 chat.log", "The ten most used faces"),
            ("facetext stats --format tsv chat.log | awk -F'\\t' '$2 > 100'", "Faces used more than 100 times"),
            ("parallel --pipe --block 64M facetext stats --json < big.log | facetext stats --merge", "Map and reduce"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let top = try invocation.integer("top", minimum: 1, command: spec)
        if invocation.flag("json") {
            if invocation.value("format") != nil {
                throw UsageError(.conflict("use either '--json' (a partial result) or '--format' (a report), not both."), command: spec)
            }
            if top != nil {
                throw UsageError(.conflict("'--top' limits a report; a partial result (--json) holds every count, so that merging stays exact."),
                                 command: spec)
            }
        }
        for option in ["unknown-tags", "tones"] where invocation.flag("merge") && invocation.flag(option) {
            throw UsageError(.conflict("'--\(option)' applies when counting; partial results hold what was counted when they were made."),
                             command: spec)
        }
        var report: StatsReport
        var allRead: Bool
        if invocation.flag("merge") {
            (report, allRead) = try StatsReport.merging(invocation.arguments, context: context)
        } else {
            (report, allRead) = try count(invocation, context)
        }
        if invocation.flag("merge") && invocation.flag("by-file") && report.files.isEmpty && report.overall.total > 0 {
            throw CommandFailure(message: "the partial results hold no counts per file: make them with 'facetext stats --json --by-file'")
        }
        if invocation.flag("json") {
            try context.stdout.write(report.partialJSON() + "\n")
        } else if let format = invocation.value("format"), format != "table" {
            try report.writeRecords(format == "tsv" ? .tsv : .json, catalog: context.catalog, top: top,
                                    byFile: invocation.flag("by-file"), to: context.stdout)
        } else {
            try report.writeTable(catalog: context.catalog, top: top, byFile: invocation.flag("by-file"), to: context.stdout)
        }
        return allRead ? .success : .failure
    }

    private static func count(_ invocation: Invocation, _ context: CommandContext) throws(IOError) -> (StatsReport, Bool) {
        var recognized = FaceScanner.Recognized.all
        if invocation.flag("unknown-tags") { recognized.insert(.unknownTags) }
        let catalog = context.catalog
        var report = StatsReport(catalog: catalog)
        let tones = invocation.flag("tones")
        var stream = FaceStats.Stream(catalog: catalog, recognizing: recognized, separatingTones: tones)
        let byFile = invocation.flag("by-file")
        let allRead = try InputFiles(invocation.arguments).forEachChunk(context, start: { (_: String) throws(IOError) in
            stream = FaceStats.Stream(catalog: catalog, recognizing: recognized, separatingTones: tones)
        }, { (chunk) throws(IOError) in
            stream.feed(chunk)
        }, end: { (name: String) throws(IOError) in
            stream.finish()
            report.add(stream.stats, file: byFile ? name : nil)
        })
        return (report, allRead)
    }
}
