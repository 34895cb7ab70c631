/// How deep the arrays and dictionaries of a text property list are nested,
/// found before it is decoded: the decoder follows nesting by recursion, and
/// thousands of levels exhaust its stack.
///
/// XML is measured by its `<array>` and `<dict>` elements, the old OpenStep
/// text format by its `(` and `{` outside quoted strings. The count errs
/// only high (an `<array>` inside a CDATA section is counted too), never low.
enum TextPlistNesting {
    /// Whether the nesting of `bytes` is deeper than `limit`.
    static func exceeds(_ limit: Int, in bytes: [UInt8]) -> Bool {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "<") ? xmlExceeds(limit, bytes) : openStepExceeds(limit, bytes)
    }

    private static func xmlExceeds(_ limit: Int, _ bytes: [UInt8]) -> Bool {
        var depth = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            var nameEnd = index + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: ">"), bytes[nameEnd] != UInt8(ascii: "/"),
                  bytes[nameEnd] > 0x20 { nameEnd += 1 }
            let name = bytes[nameStart..<nameEnd]
            guard name.elementsEqual("array".utf8) || name.elementsEqual("dict".utf8) else {
                index = nameEnd
                continue
            }
            var tagEnd = nameEnd
            while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
            let selfClosing = tagEnd > nameEnd && bytes[tagEnd - 1] == UInt8(ascii: "/")
            if closing {
                depth = max(0, depth - 1)
            } else if !selfClosing {
                depth += 1
                if depth > limit { return true }
            }
            index = tagEnd
        }
        return false
    }

    private static func openStepExceeds(_ limit: Int, _ bytes: [UInt8]) -> Bool {
        var depth = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return false
    }
}
