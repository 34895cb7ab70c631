extension ChatLog {
    /// The time a chat export gives a message, as the exporter wrote it: a local
    /// date and time of day without a time zone (exports do not say which).
    public struct Time: Sendable, Hashable, Comparable {
        /// The fields in one word, year first (14 bits, then 4, 5, 5, 6 and 6), so that the
        /// words of two times compare as the times do: a header of a chat log is copied and
        /// handed on at every line, and a word goes faster than six.
        let packed: UInt64

        public var year: Int { Int(packed >> 26) }
        public var month: Int { Int(packed >> 22 & 0xF) }
        public var day: Int { Int(packed >> 17 & 0x1F) }
        public var hour: Int { Int(packed >> 12 & 0x1F) }
        public var minute: Int { Int(packed >> 6 & 0x3F) }
        public var second: Int { Int(packed & 0x3F) }

        /// A time, or nil when a field is out of its range (month 13, 25 o'clock, 31 February).
        public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            // (Every month has 28 days: the month's own count is looked up only past them.)
            guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= 28 || day <= Self.days(inMonth: month, of: year),
                  (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
            packed = UInt64(year) << 26 | UInt64(month) << 22 | UInt64(day) << 17 | UInt64(hour) << 12 | UInt64(minute) << 6 | UInt64(second)
        }

        /// The time whose fields ``packed`` holds (never 0: the year is at least 1).
        init(packed: UInt64) {
            self.packed = packed
        }

        public static func < (a: ChatLog.Time, b: ChatLog.Time) -> Bool { a.packed < b.packed }

        /// ISO 8601 without a zone: `2024-05-01T20:02:03`.
        public var iso8601: String { date + "T" + Self.digits(hour, 2) + ":" + Self.digits(minute, 2) + ":" + Self.digits(second, 2) }

        /// `2024-05-01`.
        public var date: String { Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2) }

        /// `2024-05`.
        public var yearMonth: String { Self.digits(year, 4) + "-" + Self.digits(month, 2) }

        /// The ISO 8601 week, `2024-W18` (weeks start on Monday; week 1 holds the year's first Thursday).
        public var isoWeek: String {
            let thursday = dayNumber - (weekday - 1) + 3
            let year = Self.civil(fromDayNumber: thursday).year
            let week = (thursday - ChatLog.Time(year: year, month: 1, day: 1)!.dayNumber) / 7 + 1
            return Self.digits(year, 4) + "-W" + Self.digits(week, 2)
        }

        /// The day of the week, 1 for Monday through 7 for Sunday (ISO 8601).
        public var weekday: Int {
            // Day 0 (1970-01-01) was a Thursday.
            let index = (dayNumber % 7 + 7 + 3) % 7
            return index + 1
        }

        /// The days since 1970-01-01 (negative before it).
        package var dayNumber: Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /// The date of a day number (days since 1970-01-01), by the civil-from-days rule.
        package static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
            let z = number + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let m = (5 * dayOfYear + 2) / 153
            let month = m < 10 ? m + 3 : m - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * m + 2) / 5 + 1)
        }

        static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        package static func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
    }
}
