import FaceText

/// The machine-readable reports of `facetext stats --tsv|--json`: the
/// rows of the table, in its order, one record per line.
///
/// - TSV: a header line, then `rank count share tag emoji` separated by tabs
///   (with `--by-file`, a `file` column first; with `--by`, a column per key). `share` is the percentage with
///   one decimal, as in the table but without `%`; an emoji without a face has
///   `-` as its tag, a face without an emoji `-` as its emoji.
/// - JSON Lines: `{"rank":1,"count":2,"share":40.0,"tag":"[心]","emoji":"❤️"}`
///   (`file`, or the `--by` keys, first); a missing tag or emoji is `null`.
extension StatsReport {
    enum RecordFormat { case tsv, json }

    /// What a tag or emoji cell holds in the table and the TSV report when there is none.
    static let noTag = "-"

    /// A row's tag and emoji: the key is the tag of `face` or an unknown `[…]` tag, else an emoji without a face.
    static func cells(key: String, face: Face?) -> (tag: String?, emoji: String?) {
        let isTag = face != nil || key.utf8.first == UInt8(ascii: "[")
        return (isTag ? key : nil, face?.emoji ?? (isTag ? nil : key))
    }

    func writeRecords(_ format: RecordFormat, catalog: FaceCatalog, top: Int?, grouped: Bool, to sink: ByteSink) throws(IOError) {
        let columns = grouped ? by : []
        if format == .tsv { try sink.write(columns.map { $0 + "\t" }.joined() + "rank\tcount\tshare\ttag\temoji\n") }
        if grouped {
            for group in groups {
                try Self.writeRecords(group.stats, group: Array(zip(by, group.values)), format, catalog: catalog, top: top, to: sink)
            }
        } else {
            try Self.writeRecords(overall, group: [], format, catalog: catalog, top: top, to: sink)
        }
    }

    private static func writeRecords(_ stats: FaceStats, group: [(String, String)], _ format: RecordFormat, catalog: FaceCatalog,
                                     top: Int?, to sink: ByteSink) throws(IOError) {
        var text = ""
        for (index, entry) in stats.ranked.prefix(top ?? .max).enumerated() {
            let face = catalog.faceIndex(forTag: entry.key).map { catalog.faces[$0] }
            let (tag, emoji) = Self.cells(key: entry.key, face: face)
            let tenths = Self.tenths(entry.count, of: stats.total)
            let share = "\(tenths / 10).\(tenths % 10)"
            switch format {
            case .tsv:
                let values = group.map { StatsGrouping.label(held: $0.1, key: $0.0, written: tsvField) }
                text += (values + ["\(index + 1)", "\(entry.count)", share, tag ?? noTag, emoji ?? noTag].map(tsvField)).joined(separator: "\t") + "\n"
            case .json:
                text += "{" + (group.first?.1 == StatsGrouping.others ? "\"others\":true," : "")
                text += group.map { JSONText.quoted($0.0) + ":" + StatsGrouping.json(held: $0.1, key: $0.0) + "," }.joined()
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
