/// The date and time forms chat exports start their message lines with.
enum TimeParsing {
    /// `2024-05-01 20:02[:03]` (also with `/` or `.` in the date, or `T` before the time).
    static func isoLike(_ cursor: inout LineCursor) -> ChatTime? {
        let start = cursor.index
        guard let year = cursor.number(maxDigits: 4), year.digits == 4 else { cursor.index = start; return nil }
        let separator = cursor.index < cursor.bytes.count ? cursor.bytes[cursor.index] : 0
        guard [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")].contains(separator) else { cursor.index = start; return nil }
        cursor.index += 1
        guard let month = cursor.number(maxDigits: 2), cursor.take(separator), let day = cursor.number(maxDigits: 2),
              cursor.take(UInt8(ascii: "T")) || cursor.skipSpaces(),
              let time = clock(&cursor), let value = ChatTime(year: year.value, month: month.value, day: day.value,
                                                              hour: time.hour, minute: time.minute, second: time.second)
        else { cursor.index = start; return nil }
        return value
    }

    /// `12/31/20, 9:41 PM` or `31.12.2020, 21:41:05`: day and month in the order `dayFirst` says, a
    /// two-digit year in 2000–2099. Also answers what the two first numbers were, to learn the order.
    static func short(_ cursor: inout LineCursor, dayFirst: Bool) -> (time: ChatTime, first: Int, second: Int)? {
        let start = cursor.index
        guard let a = cursor.number(maxDigits: 2) else { return nil }
        let separator = cursor.index < cursor.bytes.count ? cursor.bytes[cursor.index] : 0
        guard [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-")].contains(separator) else { cursor.index = start; return nil }
        cursor.index += 1
        guard let b = cursor.number(maxDigits: 2), cursor.take(separator), let y = cursor.number(maxDigits: 4),
              y.digits == 2 || y.digits == 4 else { cursor.index = start; return nil }
        _ = cursor.take(UInt8(ascii: ","))
        guard cursor.skipSpaces(), let clock = clock(&cursor) else { cursor.index = start; return nil }
        let year = y.digits == 2 ? 2000 + y.value : y.value
        let (day, month) = dayFirst ? (a.value, b.value) : (b.value, a.value)
        guard let time = ChatTime(year: year, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second)
        else { cursor.index = start; return nil }
        return (time, a.value, b.value)
    }

    /// `9:41`, `21:41:05`, `9:41 PM`, `9:41 p.m.` (a space, no-break space or narrow no-break space before the mark).
    static func clock(_ cursor: inout LineCursor) -> (hour: Int, minute: Int, second: Int)? {
        let start = cursor.index
        guard let hour = cursor.number(maxDigits: 2), cursor.take(UInt8(ascii: ":")),
              let minute = cursor.number(maxDigits: 2), minute.digits == 2 else { cursor.index = start; return nil }
        var second = 0
        if cursor.take(UInt8(ascii: ":")) {
            guard let value = cursor.number(maxDigits: 2), value.digits == 2 else { cursor.index = start; return nil }
            second = value.value
        }
        let beforeMark = cursor.index
        cursor.skipSpaces()
        var h = hour.value
        if let afternoon = meridiem(&cursor) {
            guard (1...12).contains(h) else { cursor.index = start; return nil }
            h = h % 12 + (afternoon ? 12 : 0)
        } else {
            cursor.index = beforeMark
        }
        return (h, minute.value, second)
    }

    /// AM/PM in the spellings exports use: true for the afternoon.
    private static let meridiems: [([UInt8], Bool)] = [("AM", false), ("PM", true), ("am", false), ("pm", true),
                                                       ("a.m.", false), ("p.m.", true), ("A.M.", false), ("P.M.", true)]
        .map { (Array($0.utf8), $1) }

    private static func meridiem(_ cursor: inout LineCursor) -> Bool? {
        // Most clocks have 24 hours: one look first.
        guard cursor.index < cursor.bytes.count, [0x41, 0x50, 0x61, 0x70].contains(cursor.bytes[cursor.index]) else { return nil }
        for (bytes, afternoon) in meridiems {
            if cursor.take(bytes) {
                // Not the start of a longer word.
                if cursor.index < cursor.bytes.count, FoldedBytes.isWordByte(cursor.bytes[cursor.index]), cursor.bytes[cursor.index] < 0x80 {
                    cursor.index -= bytes.count
                    continue
                }
                return afternoon
            }
        }
        return nil
    }
}
