/// Escaping of text and attribute values for HTML output: `&`, `<`, `>`, `"`
/// and `'` become character references; every other byte (invalid UTF-8
/// included) is copied unchanged.
package enum HTMLEscaping {
    /// Whether a byte must be escaped.
    static let needsEscape: [Bool] = (0..<256).map { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }

    /// Appends `bytes` escaped. Runs with nothing to escape are found eight
    /// bytes at a time and copied whole; a reference is one word stored.
    @inline(__always)
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while true {
            index = nextEscape(bytes, from: index)
            guard index < count else { break }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            let (word, length) = referenceWord(for: bytes[index])
            let target = UnsafeMutableRawPointer(out.freeSpace(atLeast: 8).baseAddress!)
            target.storeBytes(of: word.littleEndian, as: UInt64.self)
            out.commitTail(length)
            index += 1
            runStart = index
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }

    /// The first position at or after `start` whose byte must be escaped, or the end.
    @inline(__always)
    private static func nextEscape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // & < > " ' (the lowest flagged byte of a zero-byte test is exact).
            let found = ByteSearch.zeroBytes(word ^ 0x2626_2626_2626_2626) | ByteSearch.zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                | ByteSearch.zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | ByteSearch.zeroBytes(word ^ 0x2222_2222_2222_2222)
                | ByteSearch.zeroBytes(word ^ 0x2727_2727_2727_2727)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, !needsEscape[Int(bytes[index])] { index += 1 }
        return index
    }

    /// The reference for an escaped byte, as one word (lowest byte first) and its length.
    @inline(__always)
    private static func referenceWord(for byte: UInt8) -> (UInt64, Int) {
        switch byte {
        case 0x26: (0x3B_706D_6126, 5)          // &amp;
        case 0x3C: (0x3B_746C_26, 4)            // &lt;
        case 0x3E: (0x3B_7467_26, 4)            // &gt;
        case 0x22: (0x3B_746F_7571_26, 6)       // &quot;
        default: (0x3B_3933_2326, 5)            // &#39;
        }
    }

    package static func escape(_ text: String) -> String {
        var buffer = OutputBuffer(capacity: text.utf8.count * 2)
        Array(text.utf8).withUnsafeBufferPointer { append($0, to: &buffer) }
        var out: [UInt8] = []
        buffer.moveAll(to: &out)
        return String(decoding: out, as: UTF8.self)
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
