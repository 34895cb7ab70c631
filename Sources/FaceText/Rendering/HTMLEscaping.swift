/// Escaping of text and attribute values for HTML output: `&`, `<`, `>`, `"`
/// and `'` become character references; every other byte (invalid UTF-8
/// included) is copied unchanged.
enum HTMLEscaping {
    /// Whether a byte must be escaped.
    static let needsEscape: [Bool] = (0..<256).map { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }

    @inline(__always)
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        var runStart = 0
        for index in 0..<bytes.count where needsEscape[Int(bytes[index])] {
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            out.append(reference(for: bytes[index]))
            runStart = index + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    static func escape(_ text: String) -> String {
        var buffer = OutputBuffer(capacity: text.utf8.count * 2)
        Array(text.utf8).withUnsafeBufferPointer { append($0, to: &buffer) }
        var out: [UInt8] = []
        buffer.moveAll(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func reference(for byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x26: Array("&amp;".utf8)
        case 0x3C: Array("&lt;".utf8)
        case 0x3E: Array("&gt;".utf8)
        case 0x22: Array("&quot;".utf8)
        default: Array("&#39;".utf8)
        }
    }

    /// Undoes the references this type writes (and `&apos;`, `&#x27;`).
    static func unescape(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x26) else { return bytes }
        let references: [([UInt8], UInt8)] = [
            ("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22), ("&#39;", 0x27),
            ("&apos;", 0x27), ("&#x27;", 0x27), ("&amp;", 0x26),
        ].map { (Array($0.0.utf8), $0.1) }
        var result: [UInt8] = []
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == 0x26 {
                for (reference, byte) in references where bytes[index...].starts(with: reference) {
                    result.append(byte)
                    index += reference.count
                    continue outer
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
