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

    /// `2026-12-01 23:31` for seconds since 1970 (UTC), by the civil-from-days rule.
    static func utc(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let minutes = (seconds - days * 86_400) / 60
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minutes / 60)):\(two(minutes % 60))"
    }
}
