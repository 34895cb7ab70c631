import Testing
import TestSupport
@testable import FaceText

/// The fast ways of reading headers against the plain ones: a time of fixed
/// form read at once, and names told apart by number.
@Suite struct MessageHeaderFastPathTests {
    /// Times of every form near the fixed one: fields one digit short or long,
    /// other separators, impossible dates, AM/PM, text after.
    static func candidates(seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let dates = ["2024-05-01", "2024/12/31", "2024.02.29", "2023-02-29", "2024-5-01", "2024-13-01", "20240-05-01", "2024-05/01", "0000-01-01"]
        let gaps = [" ", "T", "  ", "\u{A0}", "t", ""]
        let clocks = ["20:02", "20:02:03", "9:41", "09:41", "24:00", "23:59:60", "20:2", "20:02:3", "20:02:034", "12:00", "00:00:00", "20:020"]
        let tails = ["", " ", " 小红: 嗨", "] 小红: 嗨", "\n", "\r\n", " PM", " am", " a.m. x", " alice: x", " Pat: x", "x", ":", "5", "\u{A0}PM",
                     "\u{202F}AM", " AMx"]
        // Each also with one of its first 20 bytes changed: a digit's neighbours, separators, bytes above 0xF9.
        let swaps: [UInt8] = [0x2F, 0x30, 0x39, 0x3A, 0x20, 0x2D, 0x2E, UInt8(ascii: "T"), UInt8(ascii: "a"), 0xF9, 0xFA, 0xFF, 0x00]
        return (0..<4000).flatMap { _ -> [[UInt8]] in
            let text = dates.randomElement(using: &random)! + gaps.randomElement(using: &random)! + clocks.randomElement(using: &random)!
                + tails.randomElement(using: &random)!
            var changed = Array(text.utf8)
            changed[Int.random(in: 0..<min(20, changed.count), using: &random)] = swaps.randomElement(using: &random)!
            return [Array(text.utf8), changed]
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aFixedTimeIsReadAsFieldByField(seed: UInt64) {
        for candidate in Self.candidates(seed: seed) {
            var bytes = candidate
            let text = String(decoding: candidate, as: UTF8.self)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let line = UnsafeBufferPointer(buffer)
                var fast = LineCursor(line), plain = LineCursor(line), both = LineCursor(line)
                let plainTime = TimeParsing.isoLikeByParts(&plain)
                if let fastTime = TimeParsing.fixedISO(&fast) {
                    #expect(fastTime == plainTime, "\(text)")
                    #expect(fast.index == plain.index, "\(text)")
                }
                #expect(TimeParsing.isoLike(&both) == plainTime, "\(text)")
                #expect(both.index == plain.index || plainTime == nil, "\(text)")
            }
        }
    }

    /// Every digit in every place of the fixed form: fields in their ranges, and one in ten any two digits.
    @Test func everyDigitOfAFixedTimeIsRead() {
        var random = SeededGenerator(seed: 4)
        func field(_ range: ClosedRange<Int>, _ width: Int) -> String {
            let value = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 0..<(width == 4 ? 10_000 : 100), using: &random)
                : Int.random(in: range, using: &random)
            return String(repeating: "0", count: width - String(value).count) + String(value)
        }
        var read = 0
        for _ in 0..<20_000 {
            let seconds = Bool.random(using: &random) ? ":" + field(0...60, 2) : ""
            let text = "\(field(1...9999, 4))-\(field(1...12, 2))-\(field(1...31, 2)) \(field(0...23, 2)):\(field(0...59, 2))\(seconds) 小红"
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                var fast = LineCursor(UnsafeBufferPointer(buffer)), plain = LineCursor(UnsafeBufferPointer(buffer))
                let (fastTime, plainTime) = (TimeParsing.fixedISO(&fast), TimeParsing.isoLikeByParts(&plain))
                #expect(fastTime == plainTime, "\(text)")
                if fastTime != nil { #expect(fast.index == plain.index, "\(text)") }
                if plainTime != nil { read += 1 }
            }
        }
        #expect(read > 10_000)
    }

    @Test func theFixedFormIsTakenForTheCommonTimes() {
        for text in ["2024-05-01 20:02:03 小红", "2024-05-01 20:02 小红: x", "2024-05-01T20:02:03] x", "2024-05-01 20:02\n"] {
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                var cursor = LineCursor(UnsafeBufferPointer(buffer))
                #expect(TimeParsing.fixedISO(&cursor) != nil, "\(text)")
            }
        }
    }

    /// Names met in turns, more of them than the cache holds: the same bytes give
    /// the same name, and two numbers are equal only for the same name.
    @Test(arguments: [3, 8, 40, 300])
    func namesAreToldApartByNumber(people: Int) {
        var cache = NameCache()
        var random = SeededGenerator(seed: UInt64(people))
        var named: [Int: String] = [:]
        let names = (0..<people).map { index in index % 3 == 0 ? "用户\(index)" : index % 3 == 1 ? "Person \(index)" : "p\(index)" }
        for _ in 0..<5000 {
            let name = names.randomElement(using: &random)!
            var line = Array(("  " + name + " ").utf8)
            line.withUnsafeMutableBufferPointer { buffer in
                guard let (place, number) = cache.text(UnsafeBufferPointer(buffer), 0, buffer.count) else {
                    Issue.record("\(name) not read")
                    return
                }
                #expect(cache.name(at: place) == name)
                #expect(named[number, default: name] == name, "number \(number) for \(name) and \(named[number] ?? "")")
                named[number] = name
            }
        }
    }

    @Test func bytesThatAreNotANameAreNone() {
        var cache = NameCache()
        for bytes: [UInt8] in [[0x20, 0x20], [0xFF, 0x41], [0xE5, 0xB0], Array(repeating: 0x41, count: ChatLog.Header.senderLimit + 1)] {
            var line = bytes
            line.withUnsafeMutableBufferPointer { buffer in
                #expect(cache.text(UnsafeBufferPointer(buffer), 0, buffer.count) == nil)
            }
        }
    }
}
