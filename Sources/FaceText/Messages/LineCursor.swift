/// Reads the start of one line of a chat log: numbers, marks and spaces.
struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Where the line's content ends: before its CR LF or LF.
    let contentEnd: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        contentEnd = end
    }

    /// The byte at `index`, or 0 past the end.
    @inline(__always)
    var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// A cursor where a line's time would start: past its marks and an opening bracket.
    static func atTime(of line: UnsafeBufferPointer<UInt8>) -> LineCursor {
        var cursor = LineCursor(line)
        cursor.skipMarks()
        _ = cursor.take(UInt8(ascii: "["))
        return cursor
    }

    var atEnd: Bool { index >= bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D }

    /// A number of one to `maxDigits` ASCII digits, and how many digits it had.
    @inline(__always)
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

    @inline(__always)
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

    /// Takes the two or three bytes of one UTF-8 encoded character.
    @inline(__always)
    mutating func take(_ a: UInt8, _ b: UInt8, _ c: UInt8? = nil) -> Bool {
        let count = c == nil ? 2 : 3
        guard index + count <= bytes.count, bytes[index] == a, bytes[index + 1] == b, c == nil || bytes[index + 2] == c! else { return false }
        index += count
        return true
    }

    /// Spaces: ASCII, no-break (U+00A0) and narrow no-break (U+202F, before AM/PM in newer exports).
    @discardableResult @inline(__always)
    mutating func skipSpaces() -> Bool {
        // Most often one ASCII space, then something else.
        if index + 1 < bytes.count, bytes[index] == 0x20 {
            let next = bytes[index + 1]
            if next != 0x20 && next != 0xC2 && next != 0xE2 {
                index += 1
                return true
            }
        }
        return skipSpacesOneByOne()
    }

    private mutating func skipSpacesOneByOne() -> Bool {
        let start = index
        while true {
            switch current {
            case 0x20: index += 1
            case 0xC2: guard take(0xC2, 0xA0) else { return index > start }
            case 0xE2: guard take(0xE2, 0x80, 0xAF) else { return index > start }
            default: return index > start
            }
        }
    }

    /// A byte order mark and U+200E/U+200F direction marks, which exporters put before headers.
    mutating func skipMarks() {
        while current >= 0xE2, take(0xEF, 0xBB, 0xBF) || take(0xE2, 0x80, 0x8E) || take(0xE2, 0x80, 0x8F) {}
    }

}
