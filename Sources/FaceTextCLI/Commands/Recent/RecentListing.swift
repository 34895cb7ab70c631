import FaceText

/// The text of `facetext recent`.
enum RecentListing {
    /// The tag and emoji a key stands for now: its face's, when the catalog has one for the
    /// tag or emoji; else the key as recorded, a tag (`[…]`, `【…】`) or an emoji.
    static func tagAndEmoji(of key: String, in catalog: FaceCatalog) -> (tag: String?, emoji: String?) {
        if let face = catalog.face(forTag: key) ?? catalog.face(forEmoji: key) { return (face.tag, face.emoji) }
        return key.hasPrefix("[") || key.hasPrefix("【") ? (key, nil) : (nil, key)
    }

    /// When (UTC), count, tag and emoji, aligned; a key the catalog no longer has is shown as recorded.
    static func table(_ entries: [FaceHistory.Entry], catalog: FaceCatalog, now: Int64) -> String {
        guard !entries.isEmpty else { return "" }
        var rows = [["when (UTC)", "count", "tag", "emoji"]]
        for entry in entries {
            let (tag, emoji) = tagAndEmoji(of: entry.key, in: catalog)
            rows.append([utc(entry.lastUsed), String(entry.count), tag ?? "-", emoji ?? "-"])
        }
        return CatalogListing.table(rows)
    }

    /// One JSON object per face: key, tag and emoji (null where there is none), last_used, count.
    static func json(_ entries: ArraySlice<FaceHistory.Entry>, catalog: FaceCatalog) -> String {
        entries.map { entry in
            let (tag, emoji) = tagAndEmoji(of: entry.key, in: catalog)
            return JSONValue.object([
                ("key", .string(entry.key)),
                ("tag", .optional(tag)),
                ("emoji", .optional(emoji)),
                ("last_used", .integer(Int(entry.lastUsed))),
                ("count", .integer(entry.count)),
            ]).text + "\n"
        }.joined()
    }

    /// `2026-12-01 23:31` for seconds since 1970 (UTC).
    static func utc(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let minutes = (seconds - days * 86_400) / 60
        let (year, month, day) = ChatLog.Time.civil(fromDayNumber: Int(days))
        func two(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minutes / 60)):\(two(minutes % 60))"
    }
}
