/// Mandatory breaks other than a line feed (UAX #14 classes BK and NL): VT,
/// FF, NEL, U+2028 and U+2029 end the wrapped line where they stand.
extension WrapCore {
    /// The length of the mandatory break at `start` (VT, FF, NEL, U+2028, U+2029),
    /// 0 if there is none, nil when more input must come to tell.
    static func mandatoryBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Int? {
        switch bytes[start] {
        case 0x0B, 0x0C: return 1
        case 0xC2:
            guard start + 1 < bytes.count else { return isFinal ? 0 : nil }
            return bytes[start + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard start + 2 < bytes.count else { return isFinal ? 0 : nil }
            return bytes[start + 1] == 0x80 && bytes[start + 2] & 0xFE == 0xA8 ? 3 : 0
        default: return 0
        }
    }

    /// Whether a line ending (LF, CRLF) or the end of the input is at `position`; nil when more input must come to tell.
    static func lineEndingFollows(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, isFinal: Bool) -> Bool? {
        guard position < bytes.count else { return isFinal ? true : nil }
        switch bytes[position] {
        case 0x0A: return true
        case 0x0D:
            guard position + 1 < bytes.count else { return isFinal ? false : nil }
            return bytes[position + 1] == 0x0A
        default: return false
        }
    }

    /// Ends the current wrapped line at the mandatory break in `range`: the next line starts after it,
    /// as a line of its own (UAX #14, LB4 and LB5).
    mutating func endAtMandatoryBreak<Sink: TextWrapper.Sink>(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                                              lineEndingFollows: Bool, _ sink: inout Sink) {
        sink.text(UnsafeBufferPointer(rebasing: bytes[written..<range.lowerBound]))
        sink.mandatoryBreak(UnsafeBufferPointer(rebasing: bytes[range]), width: line.column, lineEndingFollows: lineEndingFollows)
        written = range.upperBound
        cursor = range.upperBound
        line = LineState()
        lineStarted = true
    }
}
