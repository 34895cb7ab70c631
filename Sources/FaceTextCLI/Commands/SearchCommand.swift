import FaceText

/// `facetext search QUERY...`: faces and emoji by tag, name, keyword, pinyin or code point.
enum SearchCommand {
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find faces and emoji by tag, name, keyword, pinyin or code point.",
        discussion: """
        Every word must match. A word matches a face's tag or other spellings (brackets optional), its keywords (the catalog's, and everyday chat words for its emoji: 点赞, 加油, bye), an emoji itself or its code points (1f602, U+1F602), CLDR's short names and keywords in English and Chinese, and the pinyin of Chinese tags, names and keywords in every reading of each character, spelled out or by initials, with or without tones and spaces (xiaoku, hh, ha ha, ditu); a Chinese word also finds what sounds the same, syllable for syllable (爱心 finds 愛心).
        Results come best first, meaning before sound: an exact tag, name, face keyword, emoji or code point, or the whole pinyin of a tag or name; an exact CLDR keyword; a tag or name that starts with the word; a whole word of it (any part, for Chinese); part of a keyword or the start of a word; the pinyin of its start spelled out; the initials of every syllable; part of the pinyin (the start of the first syllable, or from inside); what only sounds alike (哭 finds 酷; an English word such as bye read as pinyin); last, when nothing matched as typed, a word of four or more letters one edit away from a word of a name or keyword (two edits from eight letters), a tag or name before a keyword. Within a rank, the catalog's faces come first, then what matched a tag or name more closely, then catalog order and Unicode's order.
        The table has the text to write (the tag, or the emoji for an emoji without a face), the emoji, its name (Chinese, else English) and what matched. --plain writes one result per line as tab-separated text, emoji and name, for fzf, rofi or dmenu. Exits 1 when nothing matched, like grep, and says so on standard error.
        """,
        arguments: "<query> ...",
        argumentHelp: [("<query>", "The words to look for; all must match.")],
        options: [
            OptionSpec(long: "json", valueName: nil, help: "Write one JSON object per result (JSON Lines)."),
            OptionSpec(long: "plain", valueName: nil, help: "Write one result per line: text, emoji and name, separated by tabs."),
            OptionSpec(long: "faces", valueName: nil, help: "Only the catalog's faces, not every emoji."),
            OptionSpec(long: "limit", short: "n", valueName: "n", help: "Show at most this many results."),
        ],
        argumentCompletion: .none,
        examples: [
            ("facetext search 笑", "Faces and emoji named with 笑"),
            ("facetext search xiaoku", "By pinyin: [笑cry] 😂"),
            ("facetext search --faces -n 3 laugh", ""),
            ("facetext search --plain cat | fzf | cut -f1", "Pick one with fzf"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        guard !invocation.arguments.isEmpty else {
            throw UsageError(.other("missing query: what to look for, such as 'facetext search 笑'."), command: spec)
        }
        if invocation.flag("json") && invocation.flag("plain") {
            throw UsageError(.conflict("'--json' and '--plain' are two output forms; choose one."), command: spec)
        }
        let limit = try invocation.integer("limit", minimum: 1, command: spec) ?? .max
        let query = invocation.arguments.joined(separator: " ")
        if FaceSearch.searched(query).endIndex != query.endIndex {
            let words = query.split(whereSeparator: \.isWhitespace).count
            throw UsageError(.other("the query is \(query.utf8.count) bytes in \(words) word\(words == 1 ? "" : "s"); a query holds at most \(FaceSearch.maximumQueryBytes) bytes and \(FaceSearch.maximumQueryWords) words."),
                             command: spec)
        }
        let search = FaceSearch(catalog: context.catalog, includesEmoji: !invocation.flag("faces"))
        let results = search.results(for: query).prefix(limit)
        guard !results.isEmpty else {
            // As grep does, exit 1; unlike grep, say so: a person typed this.
            let what = invocation.flag("faces") ? "no face" : "no face or emoji"
            try? context.stderr.write("facetext: \(what) found for '\(DisplayText.safe(query))'\n")
            return .failure
        }
        let text = if invocation.flag("json") {
            results.map { json($0).text + "\n" }.joined()
        } else if invocation.flag("plain") {
            results.map { [$0.text, $0.emoji ?? "", $0.name].joined(separator: "\t") + "\n" }.joined()
        } else {
            CatalogListing.table([["text", "emoji", "name", "matched"]] + results.map(row))
        }
        try context.stdout.write(text)
        return .success
    }
}
