import FaceText

/// The machine-readable reports of `facetext stats --format tsv|json`: the
/// rows of the table, in its order, one record per line.
///
/// - TSV: a header line, then `rank count share tag emoji` separated by tabs
///   (with `--by-file`, a `file` column first). `share` is the percentage with
///   one decimal, as in the table but without `%`; an emoji without a face has
///   `-` as its tag, a face without an emoji `-` as its emoji.
/// - JSON Lines: `{"rank":1,"count":2,"share":40.0,"tag":"[心]","emoji":"❤️"}`
///   (`file` first with `--by-file`); a missing tag or emoji is `null`.
extension StatsReport {
    enum RecordFormat { case tsv, json }

    /// What a tag or emoji cell holds in the table and the TSV report when there is none.
    static let noTag = "-"

    /// A row's tag and emoji: the key is the tag of `face` or an unknown `[…]` tag, else an emoji without a face.
    static func cells(key: String, face: Face?) -> (tag: String?, emoji: String?) {
        let isTag = face != nil || key.utf8.first == UInt8(ascii: "[")
        return (isTag ? key : nil, face?.emoji ?? (isTag ? nil : key))
    }

    func writeRecords(_ format: RecordFormat, catalog: FaceCatalog, top: Int?, byFile: Bool, to sink: ByteSink) throws(IOError) {
        if format == .tsv { try sink.write((byFile ? "file\t" : "") + "rank\tcount\tshare\ttag\temoji\n") }
        if byFile {
            for file in files {
                try Self.writeRecords(file.stats, file: file.name, format, catalog: catalog, top: top, to: sink)
            }
        } else {
            try Self.writeRecords(overall, file: nil, format, catalog: catalog, top: top, to: sink)
        }
    }

    private static func writeRecords(_ stats: FaceStats, file: String?, _ format: RecordFormat, catalog: FaceCatalog,
                                     top: Int?, to sink: ByteSink) throws(IOError) {
        var text = ""
        for (index, entry) in stats.ranked.prefix(top ?? .max).enumerated() {
            let face = catalog.faceIndex(forTag: entry.key).map { catalog.faces[$0] }
            let (tag, emoji) = Self.cells(key: entry.key, face: face)
            let tenths = Self.tenths(entry.count, of: stats.total)
            let share = "\(tenths / 10).\(tenths % 10)"
            switch format {
            case .tsv:
                let fields = (file.map { [$0] } ?? []) + ["\(index + 1)", "\(entry.count)", share, tag ?? noTag, emoji ?? noTag]
                text += fields.map(tsvField).joined(separator: "\t") + "\n"
            case .json:
                text += "{" + (file.map { "\"file\":" + JSONText.quoted($0) + "," } ?? "")
                text += "\"rank\":\(index + 1),\"count\":\(entry.count),\"share\":\(share)"
                text += ",\"tag\":" + (tag.map(JSONText.quoted) ?? "null") + ",\"emoji\":" + (emoji.map(JSONText.quoted) ?? "null") + "}\n"
            }
            if text.utf8.count >= 1 << 16 {
                try sink.write(text)
                text = ""
            }
        }
        try sink.write(text)
    }

    /// A TSV field: tabs and line breaks (possible only in a file name) written as `\t`, `\n`, `\r`, and `\` as `\\`.
    private static func tsvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" || $0 == "\r\n" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
