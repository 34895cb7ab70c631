import FaceText

/// `stats --chart`: horizontal bars of Unicode block characters, fitted to a
/// width. Without groups, a bar per face (the top ones); with `--by`, a bar per
/// group (a day, a month, a sender) of its number of faces, in the groups' order.
/// Bars are coloured when `colour` (a terminal without NO_COLOR).
extension StatsReport {
    /// The blocks of a bar's last cell, an eighth wider each.
    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    func writeChart(catalog: FaceCatalog, top: Int?, grouped: Bool, width: Int, colour: Bool, to sink: ByteSink) throws(IOError) {
        var rows: [(label: String, count: Int)] = []
        if grouped && !groups.isEmpty {
            rows = groups.prefix(top ?? .max).map { group in (zip(by, group.values).map { StatsGrouping.label(held: $1, key: $0) }.joined(separator: ", "), group.stats.total) }
        } else {
            rows = overall.ranked.prefix(top ?? 10).map { entry in
                let face = catalog.faceIndex(forTag: entry.key).map { catalog.faces[$0] }
                let (tag, emoji) = Self.cells(key: entry.key, face: face)
                return ([tag, emoji].compactMap { $0 }.joined(separator: " "), entry.count)
            }
        }
        guard let most = rows.map(\.count).max(), most > 0 else {
            return try sink.write("\(overall.total) faces\n")
        }
        // Every row fits the width: labels (names may be long, and hold controls) shown on one row
        // and shortened with '…' to leave the bar at least 10 columns (a third of a narrow width).
        let countWidth = String(most).count
        let leastBar = max(1, min(10, width / 3))
        let labelRoom = max(1, width - countWidth - 3 - leastBar)
        rows = rows.map { (Self.shortened(DisplayText.oneRow($0.label), to: labelRoom), $0.count) }
        let labelWidth = rows.map { DisplayWidth.columns(of: $0.label) }.max() ?? 0
        let barWidth = max(leastBar, width - labelWidth - countWidth - 3)
        var text = ""
        for row in rows {
            // The bar in eighths of a cell, rounded; a count above nothing shows at least an eighth.
            let eighthsLong = max(1, (row.count * barWidth * 8 + most / 2) / most)
            let bar = String(repeating: "█", count: eighthsLong / 8) + Self.eighths[eighthsLong % 8]
            let padded = DisplayWidth.padded(row.label, to: labelWidth)
            let paint = colour ? ("\u{1B}[36m", "\u{1B}[0m") : ("", "")
            let gap = String(repeating: " ", count: barWidth - DisplayWidth.columns(of: bar))
            let count = String(repeating: " ", count: countWidth - String(row.count).count) + String(row.count)
            text += padded + "  " + paint.0 + bar + paint.1 + gap + " " + count + "\n"
            if text.utf8.count >= 1 << 16 {
                try sink.write(text)
                text = ""
            }
        }
        text += "\(overall.total) \(overall.total == 1 ? "face" : "faces")\n"
        try sink.write(text)
    }

    /// `label` if it is at most `columns` wide, else as many of its characters as fit before '…'.
    static func shortened(_ label: String, to columns: Int) -> String {
        DisplayWidth.columns(of: label) <= columns ? label : DisplayText.clipped(label, to: columns - 1).text + "…"
    }
}
