/// An image's address as an HTML `src` or a Markdown destination: the base
/// as given and the catalog's file name, each percent-encoded where a byte
/// could not stand in a URL as it is.
///
/// In both, white space, control characters (a line feed included), DEL,
/// `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}` and a `%` that starts no
/// escape become `%XX`; in the file name also `#` and `?`, which a base may use
/// as URL syntax but a file's name means as letters (`100#.png`); in Markdown
/// also `(` and `)`, so that nothing ends the destination early. Other bytes,
/// UTF-8 included, stay as they are; a `%XX` already there is kept.
enum ImageAddress {
    /// `base + name`, encoded so (for a Markdown destination when `markdown`).
    static func encoded(base: String, name: String, markdown: Bool = false) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(base.utf8.count + name.utf8.count)
        append(Array(base.utf8), isName: false, markdown: markdown, to: &result)
        append(Array(name.utf8), isName: true, markdown: markdown, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func append(_ bytes: [UInt8], isName: Bool, markdown: Bool, to result: inout [UInt8]) {
        for (index, byte) in bytes.enumerated() {
            let startsEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && bytes[index + 1].hexDigitValue != nil && bytes[index + 2].hexDigitValue != nil
            let special: Bool
            switch byte {
            case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
                 UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                special = true
            case UInt8(ascii: "%"): special = !startsEscape
            case UInt8(ascii: "#"), UInt8(ascii: "?"): special = isName
            case UInt8(ascii: "("), UInt8(ascii: ")"): special = markdown
            default: special = false
            }
            if special {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                result.append(byte)
            }
        }
    }
}
