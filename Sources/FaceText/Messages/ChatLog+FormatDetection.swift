extension ChatLog.Format {
    /// What ``detect(in:)`` found: the format, how WhatsApp dates order day and
    /// month, and why, in words for a person.
    public struct Detection: Sendable, Equatable {
        public var format: ChatLog.Format
        public var dayFirst: Bool
        public var reason: String
    }

    /// The format of a log from its first lines (up to `lineCount` of `sample`,
    /// say its first 64 KiB): the message format most of its non-blank lines
    /// start messages in, when they do in one format only; else ``lines``.
    ///
    /// QQ and WeChat write the same header lines; QQ is told apart by its
    /// export's header block (`消息记录`, `消息对象:`) or a QQ number after a name.
    /// WhatsApp dates put the day first when a first number is over 12 or the
    /// clock has no AM/PM, the month first when a second number is over 12 or
    /// the clock says AM/PM (as US exports do).
    public static func detect(in sample: UnsafeBufferPointer<UInt8>, lineCount: Int = 200) -> Detection {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        while start < sample.count, lines.count < lineCount {
            let end = ByteSearch.firstIndex(of: 0x0A, in: sample, from: start).map { $0 + 1 } ?? sample.count
            lines.append(UnsafeBufferPointer(rebasing: sample[start..<end]))
            start = end
        }
        // JSON: Telegram's export is an object with a "messages" array.
        var first = 0
        while first < sample.count, [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains(sample[first]) { first += 1 }
        if first < sample.count, sample[first] == UInt8(ascii: "{"),
           String(decoding: sample.prefix(1 << 16), as: UTF8.self).contains("\"messages\"") {
            return Detection(format: .telegram, dayFirst: true, reason: "a JSON object with a \"messages\" array, as Telegram Desktop exports")
        }
        let filled = lines.filter { LineCursor($0).contentEnd > 0 }
        guard !filled.isEmpty else { return Detection(format: .lines, dayFirst: true, reason: "no text to tell from") }
        let order = whatsappOrder(filled)
        // One cache of names for each format tried, as a splitter keeps it, not one for each line.
        func starts(_ format: ChatLog.Format) -> Int {
            var names = NameCache()
            return filled.count { ChatLog.Header.start(of: $0, in: format, dayFirst: order.dayFirst, names: &names) != nil }
        }
        let qqMarks = filled.contains { line in
            let text = String(decoding: line, as: UTF8.self)
            return text.hasPrefix("消息记录") || text.hasPrefix("消息对象:") || text.hasPrefix("消息分组:")
        }
        let timed = filled.count { line in
            var cursor = LineCursor.atTime(of: line)
            return TimeParsing.isoLike(&cursor) != nil
        }
        let whatsapp = starts(.whatsapp), headerLines = starts(.wechat), prefixed = starts(.prefixed)
        let total = filled.count
        func share(_ count: Int) -> String { "\(count) of the first \(total) lines" }
        if whatsapp * 2 >= total {
            return Detection(format: .whatsapp, dayFirst: order.dayFirst, reason: share(whatsapp) + " start WhatsApp messages; " + order.reason)
        }
        if headerLines > 0, headerLines * 2 >= timed, headerLines * 8 >= total, prefixed * 2 < total {
            var qqNames = NameCache(), wechatNames = NameCache()
            let qq = qqMarks || filled.contains { line in
                ChatLog.Header.start(of: line, in: .qq, dayFirst: true, names: &qqNames)?.header(qqNames).sender
                    != ChatLog.Header.start(of: line, in: .wechat, dayFirst: true, names: &wechatNames)?.header(wechatNames).sender
            }
            return Detection(format: qq ? .qq : .wechat, dayFirst: true,
                             reason: share(headerLines) + " are a time and a name alone" + (qq ? ", with QQ's export header or QQ numbers" : ""))
        }
        if prefixed * 2 >= total, timed * 2 >= total || prefixed * 5 >= total * 4 {
            return Detection(format: .prefixed, dayFirst: true, reason: share(prefixed) + " start with a sender and a colon")
        }
        return Detection(format: .lines, dayFirst: true, reason: "no message format fits most of the first \(total) lines")
    }

    /// Day or month first in WhatsApp dates, from the first lines' numbers.
    private static func whatsappOrder(_ lines: [UnsafeBufferPointer<UInt8>]) -> (dayFirst: Bool, reason: String) {
        var twelveHour = false
        for line in lines {
            // Either order reads the two numbers; one of them may be a date only in the other.
            var monthFirst = LineCursor.atTime(of: line), dayFirst = monthFirst
            guard let (_, first, second) = TimeParsing.short(&monthFirst, dayFirst: false)
                    ?? TimeParsing.short(&dayFirst, dayFirst: true) else { continue }
            if first > 12 { return (true, "dates put the day first (\(first) cannot be a month)") }
            if second > 12 { return (false, "dates put the month first (\(second) cannot be a month)") }
            let text = String(decoding: line.prefix(40), as: UTF8.self)
            if text.contains("AM") || text.contains("PM") || text.contains("am") || text.contains("pm") { twelveHour = true }
        }
        return twelveHour ? (false, "dates taken as month first (a 12-hour clock, as US exports write)")
                          : (true, "dates taken as day first (a 24-hour clock)")
    }
}
