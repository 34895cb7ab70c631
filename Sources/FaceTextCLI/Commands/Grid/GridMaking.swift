import FaceText

/// How `grid` makes its grid and its panel layout from the options.
extension GridCommand {
    static func makeGrid(_ invocation: Invocation, _ context: CommandContext, columns: Int, rows: Int?,
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

    static func makeLayout(_ invocation: Invocation, columns: Int?, rows: Int?) throws(EmojiGrid.Error) -> EmojiGrid.Layout? {
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

    /// The options that do not go together, or need another.
    static func checkOptions(_ invocation: Invocation, fixedColumns: Int?, rows: Int?) throws(UsageError) {
        if invocation.flag("faces") && (invocation.value("range") != nil || invocation.value("exclude") != nil) {
            throw UsageError(.conflict("'--faces' grids the catalog; it takes no '--range' or '--exclude'."), command: spec)
        }
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
    }

    /// With `--recent`: the history and how many of its faces come first (nil: as many as the first page holds).
    static func recentFaces(_ invocation: Invocation, _ context: CommandContext) throws -> (FaceHistory?, Int?) {
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
        return (history, recentCount)
    }
}
