import FaceText

/// How `search` writes a result: a table row, or a JSON object.
extension SearchCommand {
    static func row(_ result: FaceSearch.Result) -> [String] {
        [result.text, result.emoji ?? "", result.name, unique(result.matches.map(describe)).joined(separator: ", ")]
    }

    static func unique(_ texts: [String]) -> [String] {
        texts.enumerated().filter { !texts[..<$0.offset].contains($0.element) }.map(\.element)
    }

    /// `tag [哈哈]`, `keyword laugh`, `pinyin xiao ku le (笑哭了)`.
    static func describe(_ match: FaceSearch.Match) -> String {
        "\(match.field.rawValue) \(match.text)" + (match.rank == .misspelling ? " (misspelt)" : "")
    }

    static func json(_ result: FaceSearch.Result) -> JSONValue {
        .object([
            ("tag", .optional(result.face?.tag)),
            ("emoji", .optional(result.emoji)),
            ("code", .optional(result.emoji.map(CatalogListing.codePoints))),
            ("name", .optional(result.annotation?.chineseName.isEmpty == false ? result.annotation?.chineseName : nil)),
            ("english", .optional(result.annotation?.englishName)),
            ("rank", .string(label(result.rank))),
            ("matched", .array(result.matches.map { .object([("field", .string($0.field.rawValue)), ("text", .string($0.text)),
                                                              ("rank", .string(label($0.rank)))]) })),
        ])
    }

    static func label(_ rank: FaceSearch.Rank) -> String {
        String(describing: rank)
    }
}
