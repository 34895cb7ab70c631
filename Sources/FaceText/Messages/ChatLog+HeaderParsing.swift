#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChatLog.Header {
    /// A line that starts a message: its sender and time, and where its text starts
    /// in the line (past its end, line ending and all, for a header on a line of its own).
    /// The sender is its place in the ``NameCache`` that read it, so that a start holds
    /// nothing to let go (an optional of a type that does is let go through the runtime's
    /// generic code, at many times the cost, at every line that starts a message).
    struct Start {
        /// The sender's place in the ``NameCache`` that read it, -1 without a sender.
        var senderPlace = -1
        /// The sender's number in that cache (0 without a sender).
        var senderNumber = 0
        var time: ChatLog.Time?
        var textStart: Int

        /// The header, with the sender's name from the cache that read it (before it reads another line).
        func header(_ names: NameCache) -> ChatLog.Header {
            ChatLog.Header(sender: senderPlace < 0 ? nil : names.name(at: senderPlace), time: time)
        }
    }

    /// Whether `line` is a line ending alone.
    @inline(__always)
    static func isEmpty(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count == 1 ? line[0] == 0x0A : line.count == 2 && line[0] == 0x0D && line[1] == 0x0A
    }

    /// The longest sender name read, in bytes: longer, a line format's line is
    /// text, and a Telegram message has no sender.
    public static let senderLimit = 256

    /// The start of a message in `line` (one line with its line ending) in `format`, or nil
    /// for a line that continues a message. `dayFirst` orders day and month in WhatsApp dates.
    static func start(of line: UnsafeBufferPointer<UInt8>, in format: ChatLog.Format, dayFirst: Bool) -> (header: ChatLog.Header, textStart: Int)? {
        var names = NameCache()
        return start(of: line, in: format, dayFirst: dayFirst, names: &names).map { ($0.header(names), $0.textStart) }
    }

    /// The same, names made once for as long as they repeat (`names` keeps the last).
    static func start(of line: UnsafeBufferPointer<UInt8>, in format: ChatLog.Format, dayFirst: Bool, names: inout NameCache) -> Start? {
        var cursor = LineCursor(line)
        cursor.skipMarks()
        switch format {
        case .lines, .telegram: return nil
        case .prefixed: return prefixed(&cursor, &names)
        case .qq, .wechat: return headerLine(&cursor, stripsID: format == .qq, &names)
        case .whatsapp: return whatsapp(&cursor, dayFirst: dayFirst, &names)
        }
    }

    /// `[TIME] SENDER: TEXT`, `TIME SENDER: TEXT`, `SENDER: TEXT`, or `TIME TEXT` (no sender).
    private static func prefixed(_ cursor: inout LineCursor, _ names: inout NameCache) -> Start? {
        let bracket = cursor.take(UInt8(ascii: "["))
        var time = TimeParsing.isoLike(&cursor)
        if time != nil {
            if bracket && !cursor.take(UInt8(ascii: "]")) { return nil }
            guard cursor.skipSpaces() || cursor.atEnd else { return nil }
        } else if bracket {
            return nil
        } else {
            time = nil
        }
        // Without a time, a name does not start with a digit (`2024-13-01 20:02 a: b` is text).
        if time != nil || !(cursor.index < cursor.bytes.count && cursor.bytes[cursor.index] &- 0x30 < 10),
           let (sender, textStart) = sender(&cursor, &names) {
            return Start(senderPlace: sender.place, senderNumber: sender.number, time: time, textStart: textStart)
        }
        return time.map { Start(time: $0, textStart: cursor.index) }
    }

    /// `TIME NAME` alone on its line (QQ, WeChat exporters), or `NAME TIME` (WeChat's own copied
    /// and mailed chats); QQ's `(number)` or `<email>` after the name is left out.
    private static func headerLine(_ cursor: inout LineCursor, stripsID: Bool, _ names: inout NameCache) -> Start? {
        guard let time = TimeParsing.isoLike(&cursor) else { return stripsID ? nil : nameFirst(&cursor, &names) }
        guard cursor.skipSpaces() else { return nil }
        var end = cursor.contentEnd
        while end > cursor.index, cursor.bytes[end - 1] == 0x20 { end -= 1 }
        guard end > cursor.index, end - cursor.index <= senderLimit else { return nil }
        var nameEnd = end
        if stripsID, let close = Optional(cursor.bytes[end - 1]), close == UInt8(ascii: ")") || close == UInt8(ascii: ">") {
            let open = close == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "<")
            var at = end - 2
            while at > cursor.index, cursor.bytes[at] != open { at -= 1 }
            if at > cursor.index { nameEnd = at }
        }
        guard let name = names.text(cursor.bytes, cursor.index, nameEnd) else { return nil }
        return Start(senderPlace: name.place, senderNumber: name.number, time: time, textStart: cursor.bytes.count)
    }

    /// `NAME TIME` alone on its line: the time runs to the line's end.
    private static func nameFirst(_ cursor: inout LineCursor, _ names: inout NameCache) -> Start? {
        let start = cursor.index, end = cursor.contentEnd
        var index = start + 1
        while index < min(end, start + senderLimit + 1) {
            if cursor.bytes[index - 1] == 0x20, cursor.bytes[index] &- 0x30 < 10 {
                var probe = cursor
                probe.index = index
                if let time = TimeParsing.isoLike(&probe) {
                    while probe.index < end, cursor.bytes[probe.index] == 0x20 { probe.index += 1 }
                    if probe.index == end, let name = names.text(cursor.bytes, start, index - 1) {
                        return Start(senderPlace: name.place, senderNumber: name.number, time: time, textStart: cursor.bytes.count)
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// `DATE, TIME - SENDER: TEXT` (Android) or `[DATE, TIME] SENDER: TEXT` (iOS); without a sender, a system line.
    private static func whatsapp(_ cursor: inout LineCursor, dayFirst: Bool, _ names: inout NameCache) -> Start? {
        let bracket = cursor.take(UInt8(ascii: "["))
        guard let (time, _, _) = TimeParsing.short(&cursor, dayFirst: dayFirst) else { return nil }
        if bracket {
            guard cursor.take(UInt8(ascii: "]")), cursor.skipSpaces() else { return nil }
        } else {
            guard cursor.skipSpaces(), cursor.take(UInt8(ascii: "-")), cursor.skipSpaces() else { return nil }
        }
        cursor.skipMarks()
        if let (sender, textStart) = sender(&cursor, &names) {
            return Start(senderPlace: sender.place, senderNumber: sender.number, time: time, textStart: textStart)
        }
        return Start(time: time, textStart: cursor.index)
    }

    /// A sender's name up to `: ` (or a full-width `：`, or `:` at the line's end), and where the text starts.
    private static func sender(_ cursor: inout LineCursor, _ names: inout NameCache) -> ((place: Int, number: Int), Int)? {
        let start = cursor.index
        let limit = min(cursor.contentEnd, start + senderLimit)
        var index = start
        while index < limit {
            let byte = cursor.bytes[index]
            if byte < 0x20 || byte == 0x7F { return nil }
            if byte == UInt8(ascii: ":") {
                // A colon inside a name (a URL, a clock) makes the line text.
                guard index + 1 == cursor.contentEnd || cursor.bytes[index + 1] == 0x20,
                      index > start, let name = names.text(cursor.bytes, start, index) else { return nil }
                return (name, min(index + 2, cursor.contentEnd))
            }
            if byte == 0xEF, index + 2 < cursor.bytes.count, cursor.bytes[index + 1] == 0xBC, cursor.bytes[index + 2] == 0x9A {  // ：
                guard index > start, let name = names.text(cursor.bytes, start, index) else { return nil }
                var textStart = index + 3
                if textStart < cursor.contentEnd, cursor.bytes[textStart] == 0x20 { textStart += 1 }
                return (name, textStart)
            }
            index += 1
        }
        return nil
    }

}

/// Names as ``ChatLog/Header`` reads them, kept in a small table by a hash
/// of their bytes: a log's headers repeat a few names, so most are not made
/// again (and come back as the same string). Each name made gets a number
/// no other name made by this cache has had, so that a reader may tell names
/// apart by number; a name pushed out and met again gets a new one.
struct NameCache {
    /// 16 sets of 4 places: a name may be in any place of the set its hash picks.
    private static let ways = 4, places = 64
    private var lengths = [Int](repeating: -1, count: places)
    /// The words of each name's first and last 8 bytes: names of up to 16 bytes are equal when these are.
    private var words = [ShortKeyWords](repeating: ShortKeyWords(first: 0, last: 0), count: places)
    private var numbers = [Int](repeating: 0, count: places)
    private var names = [String](repeating: "", count: places)
    private var storage = [UInt8](repeating: 0, count: places * ChatLog.Header.senderLimit)
    /// The place in each set the next new name takes.
    private var next = [Int](repeating: 0, count: places / ways)
    private var made = 0

    /// The name at a place ``text(_:_:_:)`` gave, until the next call of that.
    func name(at place: Int) -> String { names[place] }

    /// The bytes start..<end as a name (at a place of the cache) and its number: valid UTF-8
    /// without spaces at its ends, or nil.
    mutating func text(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (place: Int, number: Int)? {
        var (start, end) = (start, end)
        while start < end, line[start] == 0x20 { start += 1 }
        while end > start, line[end - 1] == 0x20 { end -= 1 }
        let count = end - start
        guard count > 0, count <= ChatLog.Header.senderLimit else { return nil }
        let bytes = UnsafeRawBufferPointer(start: line.baseAddress! + start, count: count)
        let key = ShortKeyWords(bytes)
        let set = Int(truncatingIfNeeded: key.hash(of: bytes) >> 40) & (Self.places / Self.ways - 1)
        for place in set * Self.ways..<(set + 1) * Self.ways where lengths[place] == count && words[place] == key {
            if count <= 16 || storage.withUnsafeBufferPointer({ memcmp($0.baseAddress! + place * ChatLog.Header.senderLimit, bytes.baseAddress!, count) == 0 }) {
                return (place, numbers[place])
            }
        }
        guard let name = String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else { return nil }
        let place = set * Self.ways + next[set]
        next[set] = (next[set] + 1) % Self.ways
        storage.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress! + place * ChatLog.Header.senderLimit, bytes.baseAddress!, count) }
        lengths[place] = count
        words[place] = key
        made += 1
        numbers[place] = made
        names[place] = name
        return (place, made)
    }
}
