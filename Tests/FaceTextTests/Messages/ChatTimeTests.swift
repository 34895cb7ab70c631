import Testing
import TestSupport
@testable import FaceText

/// Times of messages and the periods `stats --by` groups them in.
@Suite struct ChatTimeTests {
    @Test(arguments: [
        // date, weekday (1 Monday), ISO week
        ("2024-05-01", 3, "2024-W18"), ("2021-01-01", 5, "2020-W53"), ("2024-12-30", 1, "2025-W01"),
        ("2000-02-29", 2, "2000-W09"), ("1970-01-01", 4, "1970-W01"), ("2023-01-01", 7, "2022-W52"),
    ])
    func weekdaysAndWeeks(date: String, weekday: Int, week: String) throws {
        let parts = date.split(separator: "-").map { Int($0)! }
        let time = try #require(ChatLog.Time(year: parts[0], month: parts[1], day: parts[2]))
        #expect(time.date == date)
        #expect(time.weekday == weekday)
        #expect(time.isoWeek == week)
    }

    @Test func impossibleTimesAreNone() {
        #expect(ChatLog.Time(year: 2023, month: 2, day: 29) == nil)
        #expect(ChatLog.Time(year: 2024, month: 2, day: 29) != nil)
        #expect(ChatLog.Time(year: 2024, month: 4, day: 31) == nil)
        #expect(ChatLog.Time(year: 2024, month: 1, day: 1, hour: 24) == nil)
        // Every day of every month of a leap year and a common one, and one past the end.
        for (year, february) in [(2024, 29), (2023, 28), (1900, 28), (2000, 29)] {
            for (month, days) in zip(1...12, [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]) {
                #expect((1...days).allSatisfy { ChatLog.Time(year: year, month: month, day: $0) != nil })
                #expect(ChatLog.Time(year: year, month: month, day: days + 1) == nil && ChatLog.Time(year: year, month: month, day: 0) == nil)
            }
        }
    }

    @Test func dayNumbersRoundTrip() {
        for number in stride(from: -800_000, to: 3_000_000, by: 997) {
            let (year, month, day) = ChatLog.Time.civil(fromDayNumber: number)
            guard let time = ChatLog.Time(year: year, month: month, day: day) else { continue }
            #expect(time.dayNumber == number)
        }
    }

    /// A time keeps every field at the ends of its range, and times order as their fields do,
    /// field by field from the year, in a header too.
    @Test func fieldsAreKeptAndOrdered() {
        var random = SeededGenerator(seed: 9)
        var times: [(fields: [Int], time: ChatLog.Time)] = []
        for _ in 0..<2000 {
            let fields = [[1, 2024, 9999].randomElement(using: &random)!, Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random),
                          Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...60, using: &random)]
            let time = ChatLog.Time(year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])!
            #expect([time.year, time.month, time.day, time.hour, time.minute, time.second] == fields)
            #expect(ChatLog.Header(sender: "a", time: time).time == time)
            times.append((fields, time))
        }
        for (a, b) in zip(times, times.dropFirst()) {
            #expect((a.time < b.time) == a.fields.lexicographicallyPrecedes(b.fields))
            #expect((a.time == b.time) == (a.fields == b.fields))
        }
        let leap = ChatLog.Time(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 60)!
        #expect([leap.year, leap.month, leap.day, leap.hour, leap.minute, leap.second] == [2024, 2, 29, 23, 59, 60])
        #expect(ChatLog.Header().time == nil && ChatLog.Header(sender: nil, time: leap).time == leap)
    }
}
