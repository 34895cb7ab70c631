import FaceText

/// The table `facetext stats` prints: rank, count, share, tag and emoji,
/// the numbers right-aligned and the rest left-aligned in columns as wide
/// as their widest cell (by display width), two spaces apart. An emoji
/// without a face has `-` in the tag column, so every row has five fields.
extension StatsReport {
    /// Writes the table (one per group, headed `sender: 小红, month: 2024-05`, with `grouped`) to `sink`,
    /// 64 KiB at a time (a million groups of one face are not two million writes).
    func writeTable(catalog: FaceCatalog, top: Int?, grouped: Bool, to sink: ByteSink) throws(IOError) {
        // Emoji without a face are no tag (unless a catalog has tags spelt with emoji): not
        // looked up. Nothing is canonically equivalent to U+1F000–U+1FFFF (F0 9F). (Once, not a group.)
        let emojiTags = catalog.faces.contains { $0.tags.contains { $0.utf8.starts(with: [0xF0, 0x9F]) } }
        var text: [UInt8] = []
        text.reserveCapacity(1 << 17)
        if grouped && !groups.isEmpty {
            for (index, group) in groups.enumerated() {
                let heading = DisplayText.oneRow(zip(by, group.values).map { $0 + ": " + StatsGrouping.label(held: $1, key: $0) }.joined(separator: ", "))
                text += Array(((index == 0 ? "" : "\n") + heading + "\n").utf8)
                try Self.appendTable(group.stats, catalog: catalog, emojiTags: emojiTags, top: top, to: &text, flushingTo: sink)
            }
        } else {
            try Self.appendTable(overall, catalog: catalog, emojiTags: emojiTags, top: top, to: &text, flushingTo: sink)
        }
        try sink.write(text)
    }

    /// Appends the rows of one table to `text`, writing it to `sink` whenever it holds 64 KiB.
    /// Two passes over the rows: the widths of the columns, then the text, so that a table of
    /// a million distinct faces (unknown tags, ZWJ sequences) holds no more than the ranked
    /// keys and a face index and two widths per row.
    static func appendTable(_ stats: FaceStats, catalog: FaceCatalog, emojiTags: Bool, top: Int?,
                            to text: inout [UInt8], flushingTo sink: ByteSink) throws(IOError) {
        let ranked = stats.ranked.prefix(top ?? .max)
        func faceIndex(_ key: String) -> Int32 {
            if !emojiTags && key.utf8.starts(with: [0xF0, 0x9F]) { return -1 }
            return catalog.faceIndex(forTag: key).map(Int32.init) ?? -1
        }
        func row(_ rank: Int, face: Int32, known: TableRow.Known? = nil) -> TableRow {
            TableRow(rank: rank + 1, entry: ranked[rank], total: stats.total, face: face < 0 ? nil : catalog.faces[Int(face)],
                     known: known)
        }
        var widths = TableRow.header.map(DisplayWidth.columns(of:))
        var known: [TableRow.Known] = []
        known.reserveCapacity(ranked.count)
        for rank in ranked.indices {
            let face = faceIndex(ranked[rank].key)
            let measured = row(rank, face: face)
            measured.widen(&widths)
            known.append(TableRow.Known(face: face, keyWidth: Int32(measured.keyWidth), emojiWidth: Int32(measured.emojiWidth)))
        }
        TableRow.writeHeader(widths: widths, to: &text)
        for rank in ranked.indices {
            row(rank, face: known[rank].face, known: known[rank]).write(widths: widths, to: &text)
            if text.count >= 1 << 16 {
                try sink.write(text)
                text.removeAll(keepingCapacity: true)
            }
        }
        text += Array("\(stats.total) \(stats.total == 1 ? "face" : "faces")\n".utf8)
        if text.count >= 1 << 16 {
            try sink.write(text)
            text.removeAll(keepingCapacity: true)
        }
    }

    /// `count / total` as a percentage with one decimal, rounded half up: "28.6%".
    static func percent(_ count: Int, of total: Int) -> String {
        let tenths = tenths(count, of: total)
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `count / total` in tenths of a percent, rounded half up.
    static func tenths(_ count: Int, of total: Int) -> Int {
        // In double width: count × 2000 overflows a word for counts past 4.6 × 10^15.
        let (high, low) = count.multipliedFullWidth(by: 2000)
        let divisor = max(total, 1)
        guard high < divisor else { return Int.max / 2 }
        return (divisor.dividingFullWidth((high, low)).quotient + 1) / 2
    }
}

/// One row of the stats table, with the widths of its cells.
private struct TableRow {
    static let header = ["rank", "count", "share", "tag", "emoji"]

    let rank: Int
    let count: Int
    /// The share in tenths of a percent.
    let tenths: Int
    let key: String
    /// Whether the key goes in the tag column (else it is an emoji without a face, in the emoji column).
    let isTag: Bool
    let emoji: String
    let keyWidth: Int
    let emojiWidth: Int

    /// What the first pass learns of a row: its face's index (-1 for
    /// none) and the widths of its tag and emoji cells.
    struct Known {
        var face: Int32
        var keyWidth: Int32
        var emojiWidth: Int32
    }

    /// The row of `entry`, ranked `rank`, of a table of `total` faces, the
    /// key being `face`'s tag (nil for a key of no face); the widths of its
    /// tag and emoji cells measured, or as the first pass found them.
    init(rank: Int, entry: (key: String, count: Int), total: Int, face: Face?, known: Known? = nil) {
        let cells = StatsReport.cells(key: entry.key, face: face)
        isTag = cells.tag != nil
        emoji = cells.emoji ?? ""
        // A key from the input (an unknown tag) may hold control characters: shown as U+FFFD.
        (self.rank, count, key) = (rank, entry.count, DisplayText.oneRow(entry.key))
        tenths = StatsReport.tenths(entry.count, of: total)
        if let known {
            (keyWidth, emojiWidth) = (Int(known.keyWidth), Int(known.emojiWidth))
        } else {
            keyWidth = isTag ? DisplayWidth.columns(of: key) : StatsReport.noTag.utf8.count
            emojiWidth = DisplayWidth.columns(of: emoji)
        }
    }

    /// Widens `widths` (rank, count, share, tag, emoji) to this row's cells where they are wider.
    func widen(_ widths: inout [Int]) {
        widths[0] = max(widths[0], Self.digits(rank))
        widths[1] = max(widths[1], Self.digits(count))
        widths[2] = max(widths[2], Self.digits(tenths / 10) + 3)       // 28.6%
        widths[3] = max(widths[3], keyWidth)
        widths[4] = max(widths[4], emojiWidth)
    }

    static func writeHeader(widths: [Int], to text: inout [UInt8]) {
        let start = text.count
        for (column, title) in header.enumerated() {
            if column > 0 { pad(&text, 2) }
            let room = widths[column] - title.utf8.count
            if column < 3 { pad(&text, room) }
            text += title.utf8
            if column >= 3 { pad(&text, room) }
        }
        endLine(&text, from: start)
    }

    func write(widths: [Int], to text: inout [UInt8]) {
        let start = text.count
        // The numbers right-aligned, the tag and the emoji left-aligned, two spaces apart.
        Self.pad(&text, widths[0] - Self.digits(rank))
        text += String(rank).utf8
        Self.pad(&text, 2 + widths[1] - Self.digits(count))
        text += String(count).utf8
        Self.pad(&text, 2 + widths[2] - Self.digits(tenths / 10) - 3)
        text += String(tenths / 10).utf8
        text.append(UInt8(ascii: "."))
        text.append(UInt8(ascii: "0") + UInt8(tenths % 10))
        text.append(UInt8(ascii: "%"))
        Self.pad(&text, 2)
        text += isTag ? key.utf8 : StatsReport.noTag.utf8
        Self.pad(&text, 2 + widths[3] - keyWidth)
        text += emoji.utf8
        Self.endLine(&text, from: start)
    }

    /// Ends the line that starts at `start`: its trailing spaces (the padding of the last cells) dropped, a line feed.
    private static func endLine(_ text: inout [UInt8], from start: Int) {
        while text.count > start, text.last == 0x20 { text.removeLast() }
        text.append(0x0A)
    }

    private static func pad(_ text: inout [UInt8], _ count: Int) {
        if count > 0 { text += repeatElement(0x20, count: count) }
    }

    /// The number of decimal digits of `value` (0 or more).
    private static func digits(_ value: Int) -> Int {
        var digits = 1, rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }
}
