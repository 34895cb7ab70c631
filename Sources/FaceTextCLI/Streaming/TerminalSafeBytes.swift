/// Text on its way to a drawing meant for a terminal (``BubbleMessages``'s
/// bubbles), made unable to drive it, as it streams: ill-formed UTF-8, the
/// control characters (C0 but tab and line feed, a CR but before a line feed,
/// DEL, C1) and the bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) each become U+FFFD, the rule of `DisplayText.safe` for
/// every drawing. A character cut by a chunk's end waits for the next chunk.
final class TerminalSafeBytes {
    private var carried: [UInt8] = []
    private var out: [UInt8] = []
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Calls `body` with `bytes` made safe (`final`: nothing follows them).
    func clean(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var input = carried
        input.append(contentsOf: bytes)
        carried = []
        if !final {
            // What may be the start of a character, or a CR whose line feed may come next.
            var cut = UTF8Check.incompleteTail(input)
            if cut == 0, input.last == 0x0D { cut = 1 }
            carried = Array(input.suffix(cut))
            input.removeLast(cut)
        }
        let valid = input.withUnsafeBufferPointer(UTF8Check.firstInvalid).map { UTF8Check.repaired(input, from: $0) } ?? input
        out.removeAll(keepingCapacity: true)
        var index = 0
        while index < valid.count {
            let byte = valid[index]
            var bad = 0
            if byte < 0x20 {
                let lineEnd = byte == 0x0D && index + 1 < valid.count && valid[index + 1] == 0x0A
                bad = byte == 0x09 || byte == 0x0A || lineEnd ? 0 : 1
            } else if byte == 0x7F {
                bad = 1
            } else if byte == 0xC2, index + 1 < valid.count, valid[index + 1] < 0xA0 {
                bad = 2
            } else if byte == 0xE2, index + 2 < valid.count,
                      (valid[index + 1] == 0x80 && (0xAA...0xAE).contains(valid[index + 2]))
                        || (valid[index + 1] == 0x81 && (0xA6...0xA9).contains(valid[index + 2])) {
                bad = 3
            }
            if bad > 0 {
                out += Self.replacement
                index += bad
            } else {
                out.append(byte)
                index += 1
            }
        }
        out.withUnsafeBufferPointer(body)
    }
}
