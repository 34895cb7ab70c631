/// Writing JSON strings from bytes. Bytes that are not valid UTF-8 are
/// written as U+FFFD (each maximal invalid sequence once, as Swift decodes);
/// the exact bytes stay recoverable from the offsets that accompany them.
package enum JSONText {
    package static func quoted(_ bytes: some Collection<UInt8>) -> String {
        quoted(String(decoding: bytes, as: UTF8.self))
    }

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
}
