import FaceText

/// The uses `recent add` records: faces named on the command line, or every face in a text.
enum RecentUses {
    /// Each argument as the key `stats` counts it under (the canonical tag, or the emoji
    /// without U+FE0F); a face's bare name (`哈哈`) is its tag. An argument that is not
    /// exactly one face or emoji is an error that suggests the closest faces.
    static func named(_ arguments: [String], catalog: FaceCatalog) throws -> [(key: String, count: Int)] {
        let scanner = FaceScanner(catalog: catalog)
        return try arguments.map { argument in
            let argument = catalog.face(named: argument)?.tag ?? argument
            let tokens = scanner.tokens(in: argument)
            var stats = FaceStats(catalog: catalog)
            stats.add(argument, catalog: catalog)
            guard tokens.count == 1, tokens[0].kind != .text, let key = stats.counts.keys.first, FaceHistory.canRecord(key) else {
                throw CommandFailure(message: "'\(argument)' is not a face of the catalog or an emoji"
                                     + CatalogListing.suggestions(for: argument, in: catalog))
            }
            return (key, 1)
        }
    }

    /// Every face in the text on standard input, with how many times it is there (read in chunks).
    static func inText(_ context: CommandContext) throws -> [(key: String, count: Int)] {
        var stream = FaceStats.Stream(catalog: context.catalog)
        _ = try InputFiles([]).forEachChunk(context, start: { (_: String) throws(IOError) in }, { (chunk) throws(IOError) in
            stream.feed(chunk)
        }, end: { (_: String) throws(IOError) in
            stream.finish()
        })
        return stream.stats.counts.filter { FaceHistory.canRecord($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
