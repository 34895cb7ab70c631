import FaceText

/// `facetext grid`: the face picker grid, as text or JSON, with an optional panel layout.
enum GridCommand {
    static let spec = CommandSpec(
        name: "grid",
        abstract: "Print the emoji block or the catalog's faces as a picker grid.",
        discussion: """
        Lays out the emoticons block U+1F600–U+1F64F (or --range, minus --exclude, or the catalog's faces with --faces) in --cols columns, optionally in pages of --rows rows, each page ending with a ⌫ delete key with --delete-key. Text output is aligned by terminal display width; pages are numbered.
        --frame WxH --icon N computes a phone panel's layout: how many columns and rows fit with --gap between them and at least --margin at the edges, the margins that centre them, and every cell's frame. With --cols (or --rows) as well, that many columns (rows) are spread evenly instead, with equal spaces between them and at the edges, as in a chat keyboard's "more" panel.
        """,
        arguments: "",
        argumentHelp: [],
        options: [
            OptionSpec(long: "cols", valueName: "n", help: "Cells per row, 1 to 1000.", defaultValue: "8"),
            OptionSpec(long: "rows", valueName: "n", help: "Rows per page, 1 to 1000; without it, one page."),
            OptionSpec(long: "range", short: "r", valueName: "range", help: "Code points to show, as hex A-B (U+ or 0x allowed).",
                       defaultValue: "1F600-1F64F", repeatable: true),
            OptionSpec(long: "exclude", short: "x", valueName: "range", help: "Code points to leave out.", repeatable: true),
            OptionSpec(long: "faces", valueName: nil, help: "Grid the catalog's faces (tags and emoji) instead of code points."),
            OptionSpec(long: "recent", valueName: "n", help: "With --faces: your n most recent faces first (see 'facetext recent'), then the catalog's without them; without n, as many as the first page holds (one row without --rows).",
                       optionalValue: true),
            OptionSpec(long: "history", valueName: "file", help: "The history file for --recent (as for 'facetext recent').", completion: .files),
            OptionSpec(long: "delete-key", valueName: nil, help: "End every page with a ⌫ cell, as phone keyboards do."),
            OptionSpec(long: "codes", valueName: nil, help: "Show each cell's code point beside it."),
            OptionSpec(long: "format", short: "f", valueName: "format", help: "Output format.", allowedValues: ["text", "json"], defaultValue: "text"),
            OptionSpec(long: "json", valueName: nil, help: "The same as --format json."),
            OptionSpec(long: "frame", valueName: "WxH", help: "Panel size in points, 1 to 10000 each, for a computed layout (with --icon)."),
            OptionSpec(long: "icon", valueName: "n", help: "Icon size in points, 1 to 1000, for --frame."),
            OptionSpec(long: "margin", valueName: "n", help: "Smallest outer margin in points, 0 to 1000, for --frame.", defaultValue: "10"),
            OptionSpec(long: "gap", valueName: "n", help: "Space between icons in points, 0 to 1000, for --frame.", defaultValue: "5"),
        ],
        examples: [
            ("facetext grid --cols 8", "The 80 emoji of U+1F600–U+1F64F in 10 rows of 8"),
            ("facetext grid --rows 3 --cols 7 --delete-key --format json", "Pages of 20 faces + ⌫"),
            ("facetext grid --frame 320x216 --icon 25", "The layout of a 320×216 panel with 25-point icons"),
            ("facetext grid --frame 320x216 --icon 30 --cols 7 --rows 3", "7 columns and 3 rows spread evenly"),
            ("facetext grid --faces --cols 4", "The catalog's faces with their tags"),
            ("facetext grid --faces --recent --rows 3 --cols 7 --delete-key", "Your recent faces on the first page, as keyboards show them"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        if let extra = invocation.arguments.first {
            throw UsageError(.other("unexpected argument '\(extra)'."), command: spec)
        }
        if invocation.flag("faces") && (invocation.value("range") != nil || invocation.value("exclude") != nil) {
            throw UsageError(.conflict("'--faces' grids the catalog; it takes no '--range' or '--exclude'."), command: spec)
        }
        let fixedColumns = try invocation.integer("cols", in: 1...EmojiGrid.maximumSide, command: spec)
        var columns = fixedColumns ?? 8
        var rows = try invocation.integer("rows", in: 1...EmojiGrid.maximumSide, command: spec)
        if invocation.value("frame") == nil {
            for option in ["margin", "gap"] where invocation.flag(option) {
                throw UsageError(.conflict("'--\(option)' is part of a panel layout: give '--frame WxH --icon N' too."), command: spec)
            }
        } else if fixedColumns != nil, rows != nil {
            for option in ["margin", "gap"] where invocation.flag(option) {
                throw UsageError(.conflict("'--\(option)' has no effect when '--cols' and '--rows' both fix the layout (their spaces are even)."),
                                 command: spec)
            }
        }
        if invocation.flag("json"), invocation.value("format") == "text" {
            throw UsageError(.conflict("use either '--json' or '--format text', not both."), command: spec)
        }
        for option in ["recent", "history"] where invocation.flag(option) && !invocation.flag("faces") {
            throw UsageError(.conflict("'--\(option)' goes with '--faces': recent faces come before the catalog's."), command: spec)
        }
        if invocation.flag("history") && !invocation.flag("recent") {
            throw UsageError(.conflict("'--history' names the file of '--recent', which is not given."), command: spec)
        }
        let recentCount = try invocation.value("recent").flatMap { text throws(UsageError) -> Int? in
            guard !text.isEmpty else { return nil }
            guard let count = Int(text), (0...1_000_000).contains(count) else {
                throw UsageError(.invalidValue(option: "--recent", value: text, expected: "a whole number from 0 to 1000000"), command: spec)
            }
            return count
        }
        var history: FaceHistory?
        if invocation.flag("recent") {
            let file = FaceHistory.File(path: try RecentCommand.path(invocation, context), limit: 1_000_000)
            do throws(FaceHistory.File.Failure) {
                let (read, warnings) = try file.history()
                for warning in warnings.prefix(20) { context.warning("'\(file.path)' \(warning)") }
                history = read
            } catch {
                throw CommandFailure(message: error.description)
            }
        }
        let grid: EmojiGrid
        let layout: EmojiGrid.Layout?
        do throws(EmojiGrid.Error) {
            layout = try makeLayout(invocation, columns: fixedColumns, rows: rows)
            if let layout {
                columns = layout.columns
                rows = layout.rows
            }
            // Without a count, as many recent faces as the first page holds (one row without pages).
            let room = rows.map { $0 * columns - (invocation.flag("delete-key") ? 1 : 0) } ?? columns
            let recentKeys = history.map { Array($0.ordered(by: .recent).prefix(recentCount ?? room).map(\.key)) }
            grid = try makeGrid(invocation, context, columns: columns, rows: rows, recentKeys: recentKeys)
        } catch {
            throw UsageError(.other("\(error)."), command: spec)
        }
        if invocation.value("format") == "json" || invocation.flag("json") {
            try GridJSON.write(grid, layout: layout, showCodes: invocation.flag("codes"), to: context.stdout)
        } else {
            try context.stdout.write(GridText.render(grid, layout: layout, showCodes: invocation.flag("codes")))
        }
        return .success
    }

    private static func makeGrid(_ invocation: Invocation, _ context: CommandContext, columns: Int, rows: Int?,
                                 recentKeys: [String]?) throws(EmojiGrid.Error) -> EmojiGrid {
        let deleteKey = invocation.flag("delete-key")
        if invocation.flag("faces") {
            if let recent = recentKeys {
                return try EmojiGrid(faces: context.catalog, recent: recent, columns: columns, rows: rows, deleteKey: deleteKey)
            }
            return try EmojiGrid(faces: context.catalog, columns: columns, rows: rows, deleteKey: deleteKey)
        }
        var ranges: [ClosedRange<UInt32>] = []
        for text in invocation.all("range") { ranges.append(try CodePointRange.parse(text)) }
        var excluded: [ClosedRange<UInt32>] = []
        for text in invocation.all("exclude") { excluded.append(try CodePointRange.parse(text)) }
        let grid = try EmojiGrid(ranges: ranges.isEmpty ? [EmojiGrid.emoticons] : ranges, excluding: excluded,
                                 columns: columns, rows: rows, deleteKey: deleteKey, catalog: context.catalog)
        guard !grid.cells.isEmpty else {
            throw .layout("no code points are left: '--exclude' leaves out every one that '--range' gives")
        }
        return grid
    }

    private static func makeLayout(_ invocation: Invocation, columns: Int?, rows: Int?) throws(EmojiGrid.Error) -> EmojiGrid.Layout? {
        guard let frame = invocation.value("frame") else {
            if invocation.value("icon") != nil { throw .layout("'--icon' needs '--frame WxH'") }
            return nil
        }
        let size = frame.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard size.count == 2 else { throw .layout("'--frame' takes a size such as 320x216, not '\(frame)'") }
        guard size.allSatisfy({ $0 >= 1 && $0 <= 10_000 }) else {
            throw .layout("'--frame' takes a width and a height from 1 to 10000 points, not '\(frame)'")
        }
        guard let iconText = invocation.value("icon") else { throw .layout("'--frame' needs '--icon N'") }
        func number(_ name: String, _ text: String?, _ range: ClosedRange<Double>) throws(EmojiGrid.Error) -> Double? {
            guard let text else { return nil }
            guard let value = Double(text), range.contains(value) else {
                throw .layout("'--\(name)' takes a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)) points, not '\(text)'")
            }
            return value
        }
        return try EmojiGrid.Layout(width: size[0], height: size[1], icon: try number("icon", iconText, 1...1000)!,
                              gap: try number("gap", invocation.value("gap"), 0...1000) ?? 5,
                              margin: try number("margin", invocation.value("margin"), 0...1000) ?? 10,
                              columns: columns, rows: rows)
    }
}
