import FaceText

/// What `stats --by` groups counts by, and the order groups are shown in.
enum StatsGrouping {
    /// The keys `--by` takes (one, or several separated by commas).
    static let keys = ["sender", "day", "week", "month", "hour", "weekday"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// A group's value when a message has no sender or no time.
    static let none = "-"

    /// The value of `key` for a message with `header`: the sender; the day
    /// (`2024-05-01`), ISO week (`2024-W18`), month (`2024-05`), hour (`20`) or weekday (`Wed`) of its time.
    static func value(_ key: String, of header: MessageHeader) -> String {
        if key == "sender" { return header.sender ?? none }
        guard let time = header.time else { return none }
        switch key {
        case "day": return time.date
        case "week": return time.isoWeek
        case "month": return time.yearMonth
        case "hour": return (time.hour < 10 ? "0" : "") + String(time.hour)
        default: return weekdays[time.weekday - 1]
        }
    }

    /// Whether two headers fall in one group (without making their values).
    static func sameGroup(_ a: MessageHeader, _ b: MessageHeader, by: [String]) -> Bool {
        for key in by {
            if key == "sender" {
                guard let x = a.sender, let y = b.sender else { if (a.sender == nil) != (b.sender == nil) { return false }; continue }
                if !FaceStats.Groups.sameBytes(x, y) { return false }
                continue
            }
            guard let x = a.time, let y = b.time else { if (a.time == nil) != (b.time == nil) { return false }; continue }
            let same = switch key {
            case "day": x.year == y.year && x.month == y.month && x.day == y.day
            case "month": x.year == y.year && x.month == y.month
            case "hour": x.hour == y.hour
            case "weekday": x.year == y.year && x.month == y.month && x.day == y.day || x.weekday == y.weekday
            default: x.year == y.year && x.month == y.month && x.day == y.day || x.isoWeek == y.isoWeek
            }
            if !same { return false }
        }
        return true
    }

    /// Groups in report order, key by key: senders by their number of faces
    /// (most first, then by name), times in time order, weekdays Monday first,
    /// files as met; `-` (no sender or time) last.
    static func order(_ groups: [(values: [String], stats: FaceStats)], by: [String]) -> [(values: [String], stats: FaceStats)] {
        guard by != ["file"] else { return groups }
        var senderTotals: [String: Int] = [:]
        if let position = by.firstIndex(of: "sender") {
            for group in groups { senderTotals[group.values[position], default: 0] += group.stats.total }
        }
        func rank(_ key: String, _ value: String) -> (Int, Int, String) {
            if value == none { return (1, 0, "") }
            switch key {
            case "sender": return (0, -(senderTotals[value] ?? 0), value)
            case "weekday": return (0, weekdays.firstIndex(of: value) ?? 0, "")
            default: return (0, 0, value)
            }
        }
        return groups.sorted { a, b in
            for (index, key) in by.enumerated() where a.values[index] != b.values[index] {
                let (x, y) = (rank(key, a.values[index]), rank(key, b.values[index]))
                return x < y
            }
            return false
        }
    }
}
