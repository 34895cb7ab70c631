import FaceText

/// `facetext stats`: face counts, as a table, TSV or JSON, or as partial results that merge exactly.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Count faces, most used first, overall or by sender and time; partial results merge exactly.",
        discussion: """
        A tag, its other spellings, its emoji and its image references count as one face under the canonical tag; so does its emoji with a skin tone (👍🏽 counts as [赞], unless --tones); an emoji with no face counts under itself. The table shows rank, count, share of all faces, tag and emoji, most used first, ties in tag order; an emoji with no face has '-' as its tag. --tsv and --json write the same rows for programs (TSV with a header line; JSON Lines with rank, count, share, tag and emoji, null where there is none).
        --by groups the counts of a chat log read in a message format (--format): by sender, day, week (ISO 8601, 2024-W18), month, hour or weekday, or a pair such as sender,month; each group gets its own table (TSV and JSON add a column per key). Senders come most faces first, times in time order; '-' is a message without sender or time. A message's header is not counted: only its text.
        --chart draws horizontal bars of block characters fitted to the terminal's width (COLUMNS, or 80, when not a terminal; 8 to 1000 columns), long names shortened with …: the top faces (10 unless --top), or with --by a bar per group of its number of faces; coloured on a terminal unless NO_COLOR is set.
        --partial writes a partial result instead, and --merge combines partial results (files or standard input) into exactly what one run over all the input gives, groups and all, so stats runs as the reducer after many mappers.
        """,
        options: [
            OptionSpec(long: "top", valueName: "n", help: "Show only the first n faces (of each group) (1 or more)."),
            OptionSpec(long: "by", valueName: "keys",
                       help: "Group by " + StatsGrouping.keys.dropLast().joined(separator: ", ") + " or " + StatsGrouping.keys.last!
                           + ", or several separated by commas.",
                       completion: .words(StatsGrouping.keys)),
            OptionSpec(long: "max-groups", valueName: "n",
                       help: "Hold at most n groups of --by (1000000 unless given); the messages of groups met later count under '(others)'."),
            OptionSpec(long: "by-file", valueName: nil, help: "Count each input file separately."),
            OptionSpec(long: "tsv", valueName: nil, help: "Write the report as TSV with a header line."),
            OptionSpec(long: "json", valueName: nil, help: "Write the report as JSON Lines, one object per row."),
            OptionSpec(long: "partial", valueName: nil, help: "Write a partial result as JSON, for --merge, instead of a report."),
            OptionSpec(long: "chart", valueName: nil, help: "Draw bars instead of a table: the top faces (10 unless --top), or with --by a bar per group."),
            OptionSpec(long: "merge", valueName: nil, help: "Read partial results written by --partial and combine them."),
            OptionSpec(long: "unknown-tags", valueName: nil, help: "Also count [...] and 【...】 tags that are not in the catalog."),
            OptionSpec(long: "tones", valueName: nil, help: "Count an emoji with a skin tone under itself, not as the face of its base."),
            MessageInput.formatOption,
            MessageInput.showFormatOption,
        ],
        examples: [
            ("facetext stats --top 10 chat.log", "The ten most used faces"),
            ("facetext stats --tsv chat.log | awk -F'\\t' '$2 > 100'", "Faces used more than 100 times"),
            ("facetext stats --format qq --by sender --top 3 聊天记录.txt", "Each person's three favourite faces, from a QQ export"),
            ("facetext stats --format auto --by month --json chat.txt", "Faces by month, as JSON Lines"),
            ("facetext stats --format wechat --by month --chart chat.txt", "A bar per month"),
            ("parallel --pipe --block 64M facetext stats --partial < big.log | facetext stats --merge", "Map and reduce"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let top = try invocation.integer("top", minimum: 1, command: spec)
        let outputs = ["tsv", "json", "partial", "chart"].filter(invocation.flag)
        if outputs.count > 1 {
            throw UsageError(.conflict("use one of " + outputs.map { "'--\($0)'" }.joined(separator: ", ") + ", not several."), command: spec)
        }
        if invocation.flag("partial"), top != nil {
            throw UsageError(.conflict("'--top' limits a report; a partial result (--partial) holds every count, so that merging stays exact."),
                             command: spec)
        }
        for option in ["unknown-tags", "tones", "by", "format"] where invocation.flag("merge") && invocation.flag(option) {
            throw UsageError(.conflict("'--\(option)' applies when counting; partial results hold what was counted when they were made."),
                             command: spec)
        }
        let by = try keys(invocation)
        var report: StatsReport
        var allRead: Bool
        if invocation.flag("merge") {
            (report, allRead) = try StatsReport.merging(invocation.arguments, context: context)
        } else if MessageInput(invocation).isLines && by.isEmpty {
            (report, allRead) = try count(invocation, context)
        } else {
            let maxGroups = try invocation.integer("max-groups", minimum: 1, command: spec) ?? 1_000_000
            (report, allRead) = try StatsMessages.count(invocation, by: by, maxGroups: maxGroups, context)
        }
        let grouped = invocation.flag("by-file") || !by.isEmpty || (invocation.flag("merge") && !report.groups.isEmpty && report.by != ["file"])
        if invocation.flag("merge") && invocation.flag("by-file") && (report.groups.isEmpty || report.by != ["file"]) && report.overall.total > 0 {
            throw CommandFailure(message: "the partial results hold no counts per file: make them with 'facetext stats --partial --by-file'")
        }
        report.orderGroups()
        if invocation.flag("partial") {
            try context.stdout.write(report.partialJSON() + "\n")
        } else if invocation.flag("chart") {
            let width = context.terminalWidth ?? 80
            let colour = context.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
            try report.writeChart(catalog: context.catalog, top: top, grouped: grouped, width: min(max(width, 8), 1000), colour: colour,
                                  to: context.stdout)
        } else if invocation.flag("tsv") || invocation.flag("json") {
            try report.writeRecords(invocation.flag("tsv") ? .tsv : .json, catalog: context.catalog, top: top, grouped: grouped, to: context.stdout)
        } else {
            try report.writeTable(catalog: context.catalog, top: top, grouped: grouped, to: context.stdout)
        }
        return allRead ? .success : .failure
    }
}
