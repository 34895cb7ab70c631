import FaceText

/// `facetext recent [add|import|forget|clear]`: the faces a person used, newest first.
enum RecentCommand {
    static let spec = CommandSpec(
        name: "recent",
        abstract: "List, record and forget the faces you used, newest first.",
        discussion: """
        The history holds, for each face, its canonical tag (or the emoji, for an emoji without a face), when it was last used and how many times. Recording a use updates the time and count of a face already there, else adds it; past --max faces, the least recently used are dropped. Faces the catalog no longer has are kept as they were recorded.
        recent: the table (when, count, tag, emoji), newest first; --by count for the most used, --by frecency for the count weighted by age (×100 within 4 days, ×70 within 14, ×50 within 31, ×30 within 90, else ×10); --limit, --json (one object per face).
        recent add FACE...: records a use of each tag, bare name (哈哈 for [哈哈]) or emoji, and names the closest faces for anything else; without one, every face in the text on standard input counts (recent add < message.txt).
        recent import [FILE...]: records the counts of 'stats --partial' results (files or standard input), at the present time.
        recent forget FACE...: removes faces. recent clear: removes all.
        The history is the file --history, else $FACETEXT_HISTORY, else $XDG_STATE_HOME/facetext/recent, else ~/.local/state/facetext/recent: plain text, a 'facetext-recent 1' line and then one 'face<TAB>time<TAB>count' line per face, newest first (time in seconds since 1970, UTC). Every change locks the file, writes a new one beside it and renames it over the old, so concurrent uses are all counted and a crash leaves the old file or the new. A damaged line is skipped with a warning naming the file and line, never silently; a file of a later version is read but not changed.
        """,
        arguments: "[add|import|forget|clear] [<argument> ...]",
        argumentHelp: [("<argument>", "Tags or emoji (add, forget), 'stats --partial' files (import).")],
        options: [
            OptionSpec(long: "by", valueName: "order", help: "List by time, count or frecency.",
                       allowedValues: FaceHistory.Order.allCases.map(\.rawValue), defaultValue: "recent"),
            OptionSpec(long: "limit", short: "n", valueName: "n", help: "List at most this many faces."),
            OptionSpec(long: "json", valueName: nil, help: "List as JSON Lines: key, tag, emoji, last_used (seconds), count."),
            OptionSpec(long: "history", valueName: "file", help: "The history file (overrides FACETEXT_HISTORY).", completion: .files),
            OptionSpec(long: "max", valueName: "n", help: "Keep at most this many faces, 1 to 1,000,000.", defaultValue: "1000"),
        ],
        argumentCompletion: .words(actions.map(\.name).filter { !$0.isEmpty }),
        examples: [
            ("facetext recent add '[哈哈]' 😂", "Record two uses"),
            ("facetext recent --by count -n 10", "The ten most used"),
            ("facetext stats --partial my-logs/*.txt | facetext recent import", "Seed the history from your own chat logs"),
        ],
        actions: actions
    )

    static let actions: [ActionSpec] = [
        ActionSpec(name: "", abstract: "The faces used, newest first.", options: ["by", "limit", "json", "history", "max"]) { invocation, context in
            let limit = try invocation.integer("limit", minimum: 1, command: spec)
            let file = try historyFile(invocation, context)
            let (history, warnings) = try read(file)
            report(warnings, file: file, context: context)
            let entries = history.ordered(by: FaceHistory.Order(rawValue: invocation.value("by") ?? "recent") ?? .recent, now: context.now())
                .prefix(limit ?? .max)
            try context.stdout.write(invocation.flag("json") ? RecentListing.json(entries, catalog: context.catalog)
                                     : RecentListing.table(Array(entries), catalog: context.catalog, now: context.now()))
            return .success
        },
        ActionSpec(name: "add", abstract: "Record uses of faces, named or in the text on standard input.", options: ["history", "max"]) { invocation, context in
            let file = try historyFile(invocation, context)
            let rest = invocation.arguments
            let uses = try rest.isEmpty ? RecentUses.inText(context) : RecentUses.named(rest, catalog: context.catalog)
            try change(file, context) { history in
                for (key, count) in uses { history.record(key, at: context.now(), count: count) }
            }
            return .success
        },
        ActionSpec(name: "import", abstract: "Record the counts of 'stats --partial' results.", options: ["history", "max"]) { invocation, context in
            let file = try historyFile(invocation, context)
            let (report, allRead) = try StatsReport.merging(invocation.arguments, context: context)
            let counts = report.overall.counts
            try change(file, context) { history in
                for key in counts.keys.sorted() where FaceHistory.canRecord(key) { history.record(key, at: context.now(), count: counts[key]!) }
            }
            return allRead ? .success : .failure
        },
        ActionSpec(name: "forget", abstract: "Remove faces.", options: ["history", "max"]) { invocation, context in
            guard !invocation.arguments.isEmpty else { throw UsageError(.other("'recent forget' takes the faces to forget."), command: spec) }
            let keys = try RecentUses.named(invocation.arguments, catalog: context.catalog).map(\.key)
            var missing: [String] = []
            try change(historyFile(invocation, context), context) { history in
                missing = keys.filter { !history.forget($0) }
            }
            for key in missing { context.warning("\(key) was not in the history") }
            return .success
        },
        ActionSpec(name: "clear", abstract: "Remove every face.", options: ["history", "max"]) { invocation, context in
            guard invocation.arguments.isEmpty else { throw UsageError(.other("'recent clear' takes no arguments."), command: spec) }
            try change(historyFile(invocation, context), context) { $0.clear() }
            return .success
        },
    ]

    /// The history file, kept to at most `--max` faces.
    static func historyFile(_ invocation: Invocation, _ context: CommandContext) throws -> FaceHistory.File {
        let maximum = try invocation.integer("max", in: 1...1_000_000, command: spec) ?? 1_000
        return FaceHistory.File(path: try path(invocation, context), limit: maximum)
    }
}
