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
        let fixedColumns = try invocation.integer("cols", in: 1...EmojiGrid.maximumSide, command: spec)
        var columns = fixedColumns ?? 8
        var rows = try invocation.integer("rows", in: 1...EmojiGrid.maximumSide, command: spec)
        try checkOptions(invocation, fixedColumns: fixedColumns, rows: rows)
        let (history, recentCount) = try recentFaces(invocation, context)
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
}
