/// The date and time forms chat exports start their message lines with.
enum TimeParsing {
    /// `2024-05-01 20:02[:03]` (also with `/` or `.` in the date, or `T` before the time).
    static func isoLike(_ cursor: inout LineCursor) -> ChatLog.Time? {
        guard cursor.current &- 0x30 < 10 else { return nil }
        if let time = fixedISO(&cursor) { return time }
        return isoLikeByParts(&cursor)
    }

    /// `2024-05-01 20:02:03` or `2024-05-01 20:02`, every field of two digits and
    /// followed by a space, `]` or the line's end: the form of most exports, read at
    /// once. Nil leaves the line to ``isoLikeByParts(_:)``, which reads the same
    /// times (and more) field by field.
    static func fixedISO(_ cursor: inout LineCursor) -> ChatLog.Time? {
        let start = cursor.index, count = cursor.bytes.count
        guard start + 16 <= count else { return nil }
        let b = cursor.bytes.baseAddress! + start
        guard b[0] &- 0x30 < 10 else { return nil }  // most lines of text: at once
        @inline(__always) func digit(_ at: Int) -> Int { Int(b[at] &- 0x30) }
        @inline(__always) func notDigit(_ at: Int) -> Bool { b[at] &- 0x30 >= 10 }
        // The digits of `YYYY-MM-DD hh:mm` checked eight bytes at a time: bytes 0–3, 5, 6 of
        // the first word and 0, 1, 3, 4, 6, 7 of the second (the others are checked one by one).
        let front = UInt64(littleEndian: UnsafeRawPointer(b).loadUnaligned(as: UInt64.self))
        let back = UInt64(littleEndian: UnsafeRawPointer(b + 8).loadUnaligned(as: UInt64.self))
        let separator = b[4]
        guard separator == 0x2D || separator == 0x2F || separator == 0x2E, b[7] == separator,
              b[10] == 0x20 || b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
              Self.allDigits(front, in: 0x00FF_FF00_FFFF_FFFF), Self.allDigits(back, in: 0xFFFF_00FF_FF00_FFFF)
        else { return nil }
        // Each pair of digits at once: a byte ten times its digit plus the next one's (99 at most, no carry).
        let pairs = Self.pairs(front & 0x000F_0F00_0F0F_0F0F), later = Self.pairs(back & 0x0F0F_000F_0F00_0F0F)
        let year = Int(pairs & 0xFF) * 100 + Int(pairs >> 16 & 0xFF), month = Int(pairs >> 40 & 0xFF)
        let (day, hour, minute) = (Int(later & 0xFF), Int(later >> 24 & 0xFF), Int(later >> 48 & 0xFF))
        var end = 16, second = 0
        if start + 19 <= count, b[16] == UInt8(ascii: ":") {
            guard !notDigit(17), !notDigit(18) else { return nil }
            second = digit(17) * 10 + digit(18)
            end = 19
        }
        if start + end < count {
            // A space may bring AM/PM, and anything else other forms: those take the longer way.
            let next = b[end]
            if next == 0x20 {
                // `am`, `PM`, `a.m.`, maybe after more spaces (a name such as Alice or Pat goes on here).
                let after = start + end + 2 < count ? b[end + 1] : 0
                guard after != 0x20, after != 0xC2, after != 0xE2 else { return nil }
                let mark = after | 0x20 == UInt8(ascii: "a") || after | 0x20 == UInt8(ascii: "p")
                guard !mark || (b[end + 2] | 0x20 != UInt8(ascii: "m") && b[end + 2] != UInt8(ascii: ".")) else { return nil }
            } else {
                guard next == UInt8(ascii: "]") || next == 0x0A || next == 0x0D else { return nil }
            }
        }
        guard let time = ChatLog.Time(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else { return nil }
        cursor.index = start + end
        return time
    }

    /// Of a word of digit values (one a byte), each byte ten times its own plus the next byte's.
    @inline(__always)
    static func pairs(_ digits: UInt64) -> UInt64 { digits &* 10 &+ digits >> 8 }

    /// Whether every byte of `word` that `mask` selects is an ASCII digit: its high half
    /// is 3, and still 3 with 6 added (the bytes left out are checked as separators, so that
    /// a carry out of one cannot spoil the next).
    @inline(__always)
    static func allDigits(_ word: UInt64, in mask: UInt64) -> Bool {
        let high = 0xF0F0_F0F0_F0F0_F0F0 & mask, three = 0x3030_3030_3030_3030 & mask
        return word & high == three && (word &+ 0x0606_0606_0606_0606) & high == three
    }

    /// `isoLike` field by field: the reference for ``fixedISO(_:)``.
    static func isoLikeByParts(_ cursor: inout LineCursor) -> ChatLog.Time? {
        let start = cursor.index
        guard let year = cursor.number(maxDigits: 4), year.digits == 4 else { cursor.index = start; return nil }
        let separator = cursor.current
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") else {
            cursor.index = start
            return nil
        }
        cursor.index += 1
        guard let month = cursor.number(maxDigits: 2), cursor.take(separator), let day = cursor.number(maxDigits: 2),
              cursor.take(UInt8(ascii: "T")) || cursor.skipSpaces(),
              let time = clock(&cursor), let value = ChatLog.Time(year: year.value, month: month.value, day: day.value,
                                                              hour: time.hour, minute: time.minute, second: time.second)
        else { cursor.index = start; return nil }
        return value
    }

    /// `12/31/20, 9:41 PM` or `31.12.2020, 21:41:05`: day and month in the order `dayFirst` says, a
    /// two-digit year in 2000–2099. Also answers what the two first numbers were, to learn the order.
    static func short(_ cursor: inout LineCursor, dayFirst: Bool) -> (time: ChatLog.Time, first: Int, second: Int)? {
        let start = cursor.index
        guard let a = cursor.number(maxDigits: 2) else { return nil }
        let separator = cursor.current
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-") else {
            cursor.index = start
            return nil
        }
        cursor.index += 1
        guard let b = cursor.number(maxDigits: 2), cursor.take(separator), let y = cursor.number(maxDigits: 4),
              y.digits == 2 || y.digits == 4 else { cursor.index = start; return nil }
        _ = cursor.take(UInt8(ascii: ","))
        guard cursor.skipSpaces(), let clock = clock(&cursor) else { cursor.index = start; return nil }
        let year = y.digits == 2 ? 2000 + y.value : y.value
        let (day, month) = dayFirst ? (a.value, b.value) : (b.value, a.value)
        guard let time = ChatLog.Time(year: year, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second)
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
        let first = cursor.current | 0x20
        guard first == 0x61 || first == 0x70 else { return nil }
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
