/// Writing JSON strings from bytes. Bytes that are not valid UTF-8 are
/// written as U+FFFD (each maximal invalid sequence once, as Swift decodes);
/// the exact bytes stay recoverable from the offsets that accompany them.
package enum JSONText {
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The most bytes ``write(escaping:to:)`` writes for `count` bytes.
    package static func escapedSize(_ count: Int) -> Int { 6 * count }

    /// Writes `bytes` as the inside of a JSON string: the same bytes as
    /// ``quoted(_:)`` gives between its quotes for the bytes decoded as a `String`
    /// (each maximal invalid subpart becomes one U+FFFD, as Swift decodes),
    /// without building a `String`. Needs ``escapedSize(_:)`` bytes of room.
    package static func write(escaping bytes: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        func flush(to end: Int) {
            if runStart < end { writer.put(UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                index += 1
                continue
            }
            if byte >= 0x80 {
                let invalid: Int
                switch UTF8Decoder.decode(bytes, at: index) {
                case .scalar(_, let length):
                    // U+2028 and U+2029 are escaped, as JavaScript needs.
                    if isLineSeparator(bytes, at: index, length: length) {
                        flush(to: index)
                        writer.put(Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                        runStart = index + 3
                    }
                    index += length
                    continue
                case .invalid(let length): invalid = length
                case .truncated: invalid = count - index
                }
                flush(to: index)
                writer.put(word: 0xBD_BFEF, count: 3)             // U+FFFD
                index += invalid
                runStart = index
                continue
            }
            flush(to: index)
            switch byte {
            case 0x22: writer.put(word: 0x225C, count: 2)         // \"
            case 0x5C: writer.put(word: 0x5C5C, count: 2)         // \\
            case 0x0A: writer.put(word: 0x6E5C, count: 2)         // \n
            case 0x0D: writer.put(word: 0x725C, count: 2)         // \r
            case 0x09: writer.put(word: 0x745C, count: 2)         // \t
            case 0x08: writer.put(word: 0x625C, count: 2)         // \b
            case 0x0C: writer.put(word: 0x665C, count: 2)         // \f
            default:
                func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
                writer.put(word: 0x3030_755C, count: 4)           // \u00
                writer.put(hex(byte >> 4))
                writer.put(hex(byte & 0x0F))
            }
            index += 1
            runStart = index
        }
        flush(to: count)
    }

    /// The most bytes ``append(escaping:to:)`` escapes at once: escaping may write six bytes for one.
    package static let escapePiece = 1 << 16

    /// Appends `bytes` escaped as the inside of a JSON string, a piece at a
    /// time (room for the worst case of a piece, not of all of them), each
    /// piece ending where a scalar (or an invalid byte) does.
    package static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to out: StreamOutput) {
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + escapePiece)
            if end < bytes.count { end = max(start + 1, unitBoundary(atOrBefore: end, in: bytes)) }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            out.append(maximumCount: escapedSize(piece.count)) { pointer in
                var writer = ByteWriter(at: pointer)
                write(escaping: piece, to: &writer)
                return writer.count
            }
            start = end
        }
    }

    /// The last position at or before `index` where ``write(escaping:to:)``
    /// of all of `bytes` starts a scalar (or an invalid subpart): escaping the
    /// bytes before it and those after it apart writes the same as escaping
    /// them together. At most three bytes before `index`.
    package static func unitBoundary(atOrBefore index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80 else { return index }
        // A continuation byte: inside the unit of the nearest lead byte, if that unit reaches it.
        let lead = UTF8Decoder.lastLead(before: index + 1, in: bytes)
        guard bytes[lead] & 0xC0 != 0x80 else { return index }
        switch UTF8Decoder.decode(bytes, at: lead) {
        case .scalar(_, let length), .invalid(let length): return lead + length > index ? lead : index
        case .truncated: return lead
        }
    }

    /// Whether `bytes` go into a JSON string as they are: valid UTF-8 with
    /// nothing ``write(escaping:to:)`` would change.
    package static func isVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F && byte != 0x22 && byte != 0x5C else { return false }
                index += 1
                continue
            }
            guard case .scalar(_, let length) = UTF8Decoder.decode(bytes, at: index),
                  !isLineSeparator(bytes, at: index, length: length) else { return false }
            index += length
        }
        return true
    }

    /// Whether the valid sequence of `length` bytes at `index` is U+2028 or U+2029 (E2 80 A8, E2 80 A9).
    private static func isLineSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Bool {
        length == 3 && bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8
    }
}
