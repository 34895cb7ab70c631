import FaceText

/// What `stats --by` groups counts by, and the order groups are shown in.
enum StatsGrouping {
    /// The keys `--by` takes (one, or several separated by commas).
    static let keys = ["sender", "day", "week", "month", "hour", "weekday"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// A group's value, as held, when a message has no sender or no time.
    ///
    /// The two groups that are no value have values no sender or time is: a held
    /// value starts with U+0000 only for these, as a sender's name that starts
    /// with U+0000 is held with another before it (``held(sender:)``). So a
    /// sender named `-` or `(others)` is counted apart from them.
    static let none = "\u{0}-"
    /// Every value, as held, of the group that holds the messages of the groups met after `--max-groups`.
    static let others = "\u{0}(others)"
    /// How a person reads the two groups that are no value: as `-` and `(others)`.
    static let noneLabel = "-", othersLabel = "(others)"

    /// A sender's name as a held value.
    static func held(sender: String) -> String { sender.utf8.first == 0 ? "\u{0}" + sender : sender }

    /// A held value as the value it is (nil for ``none`` and ``others``).
    static func value(held: String) -> String? {
        guard held.utf8.first == 0 else { return held }
        return held == none || held == others ? nil : String(held.dropFirst())
    }

    /// A held value as a person reads it: `-`, `(others)`, or the value as `written`
    /// (a TSV field, say), with a backslash before it when it reads as one of those (a sender named `-`).
    static func label(held: String, key: String, written: (String) -> String = { $0 }) -> String {
        if key == "file" { return written(held) }
        guard let value = value(held: held) else { return held == none ? noneLabel : othersLabel }
        let text = written(value)
        return text == noneLabel || text == othersLabel ? "\\" + text : text
    }

    /// A held value in JSON: the value as a string, `null` for ``none`` and ``others``
    /// (the others' group says `"others":true` besides).
    static func json(held: String, key: String) -> String {
        if key == "file" { return JSONText.quoted(held) }
        return value(held: held).map(JSONText.quoted) ?? "null"
    }

    /// The value of `key` for a message with `header`: the sender; the day
    /// (`2024-05-01`), ISO week (`2024-W18`), month (`2024-05`), hour (`20`) or weekday (`Wed`) of its time.
    static func value(_ key: String, of header: ChatLog.Header) -> String {
        if key == "sender" { return header.sender.map(held(sender:)) ?? none }
        guard let time = header.time else { return none }
        switch key {
        case "day": return time.date
        case "week": return time.isoWeek
        case "month": return time.yearMonth
        case "hour": return (time.hour < 10 ? "0" : "") + String(time.hour)
        default: return weekdays[time.weekday - 1]
        }
    }

    /// Whether `value` is one ``value(_:of:)`` gives for `key` (as it is, not as held):
    /// what a partial result's groups may hold.
    static func isValue(_ value: String, of key: String) -> Bool {
        let bytes = Array(value.utf8)
        /// The number of the digits at `range`, if all are digits.
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: character) }
        switch key {
        case "sender": return !bytes.isEmpty && bytes.count <= ChatLog.Header.senderLimit
        case "day":
            guard bytes.count == 10, byte(4, is: "-"), byte(7, is: "-"),
                  let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return false }
            return ChatLog.Time(year: year, month: month, day: day) != nil
        case "week":
            guard bytes.count == 8, byte(4, is: "-"), byte(5, is: "W"), number(0..<4) != nil, let week = number(6..<8) else { return false }
            return (1...53).contains(week)
        case "month":
            guard bytes.count == 7, byte(4, is: "-"), number(0..<4) != nil, let month = number(5..<7) else { return false }
            return (1...12).contains(month)
        case "hour": return bytes.count == 2 && (number(0..<2) ?? 99) < 24
        case "weekday": return weekdays.contains(value)
        default: return false
        }
    }

    /// The time keys of a `--by` folded into one number, equal for two times
    /// exactly when they fall in one group (-1 without a time; 0 for every
    /// message when no key is a time's), so that a group
    /// is found without making its name: the day (22 bits, which also fixes
    /// week, month and weekday), else the week's Monday (22), the month (17)
    /// and the weekday (3), and the hour (5).
    struct TimeKey {
        private let day, week, month, weekday, hour: Bool
        /// Whether any key is a time's (else every message's key is 0, found without a call).
        private let any: Bool

        init(by: [String]) {
            (day, week, month, weekday, hour) = (by.contains("day"), by.contains("week"), by.contains("month"),
                                                 by.contains("weekday"), by.contains("hour"))
            any = day || week || month || weekday || hour
        }

        @inline(__always)
        func callAsFunction(_ time: ChatLog.Time?) -> Int {
            any ? key(time) : 0
        }

        private func key(_ time: ChatLog.Time?) -> Int {
            guard let time else { return -1 }
            var key = 0
            // Days from 0000-03-01, so that none is negative.
            let dayNumber = time.dayNumber + 719_468
            if day {
                key = dayNumber
            } else {
                if week { key = dayNumber - (time.weekday - 1) }
                if month { key = key << 17 | (time.year * 12 + time.month) }
                if weekday { key = key << 3 | time.weekday }
            }
            if hour { key = key << 5 | time.hour }
            return key
        }
    }

    /// Groups in report order, key by key: senders by their number of faces
    /// (most first, then by name), times in time order, weekdays Monday first,
    /// files as met; `-` (no sender or time) last but for `(others)`.
    static func order(_ groups: [(values: [String], stats: FaceStats)], by: [String]) -> [(values: [String], stats: FaceStats)] {
        guard by != ["file"] else { return groups }
        var senderTotals: [String: Int] = [:]
        if let position = by.firstIndex(of: "sender") {
            for group in groups { senderTotals[group.values[position], default: 0] += group.stats.total }
        }
        func rank(_ key: String, _ value: String) -> (Int, Int, String) {
            if value == none { return (1, 0, "") }
            if value == others { return (2, 0, "") }
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
