/// Reads the start of one line of a chat log: numbers, marks and spaces.
struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A cursor where a line's time would start: past its marks and an opening bracket.
    static func atTime(of line: UnsafeBufferPointer<UInt8>) -> LineCursor {
        var cursor = LineCursor(line)
        cursor.skipMarks()
        _ = cursor.take(UInt8(ascii: "["))
        return cursor
    }

    var atEnd: Bool { index >= bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D }

    /// A number of one to `maxDigits` ASCII digits, and how many digits it had.
    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0, digits = 0
        while digits < maxDigits, index < bytes.count, bytes[index] &- 0x30 < 10 {
            value = value * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        if digits > 0, index < bytes.count, bytes[index] &- 0x30 < 10 { return nil }  // more digits than allowed
        return digits == 0 ? nil : (value, digits)
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func take(_ sequence: [UInt8]) -> Bool {
        guard index + sequence.count <= bytes.count else { return false }
        for (offset, byte) in sequence.enumerated() where bytes[index + offset] != byte { return false }
        index += sequence.count
        return true
    }

    /// Spaces: ASCII, no-break (U+00A0) and narrow no-break (U+202F, before AM/PM in newer exports).
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while true {
            if take(0x20) || take([0xC2, 0xA0]) || take([0xE2, 0x80, 0xAF]) { continue }
            return index > start
        }
    }

    /// A byte order mark and U+200E/U+200F direction marks, which exporters put before headers.
    mutating func skipMarks() {
        while take([0xEF, 0xBB, 0xBF]) || take([0xE2, 0x80, 0x8E]) || take([0xE2, 0x80, 0x8F]) {}
    }

    /// Where the line's content ends: before its CR LF or LF.
    var contentEnd: Int {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
