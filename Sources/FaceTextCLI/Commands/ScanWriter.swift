import FaceText

/// Writes `facetext scan` lines straight into a byte buffer: the fields of
/// each face are encoded once, and only the matched text, line and offset are
/// written per face.
struct ScanWriter {
    /// `"tag":…,"emoji":…,"image":…` for each face of the catalog.
    private let faceFields: [[UInt8]]
    private var fileField: [UInt8] = []

    init(catalog: FaceCatalog) {
        faceFields = catalog.faces.map { face in
            Array(("\"tag\":" + JSONText.quoted(face.tag) + ",\"emoji\":" + JSONValue.optional(face.emoji).text
                   + ",\"image\":" + JSONValue.optional(face.image ?? face.animatedImage).text).utf8)
        }
    }

    mutating func startFile(_ name: String) {
        fileField = Array((",\"file\":" + JSONText.quoted(name)).utf8)
    }

    func write(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>, line: Int, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"kind":""#.utf8)
        out.append(contentsOf: token.kind.rawValue.utf8)
        out.append(contentsOf: #"","text":"#.utf8)
        Self.appendQuoted(bytes, to: &out)
        out.append(UInt8(ascii: ","))
        if let face = token.face {
            out.append(contentsOf: faceFields[face])
        } else if token.kind == .emoji {
            out.append(contentsOf: #""tag":null,"emoji":"#.utf8)
            Self.appendQuoted(bytes, to: &out)
            out.append(contentsOf: #","image":null"#.utf8)
        } else {
            out.append(contentsOf: #""tag":null,"emoji":null,"image":null"#.utf8)
        }
        out.append(contentsOf: fileField)
        out.append(contentsOf: #","line":"#.utf8)
        Self.appendDecimal(line, to: &out)
        out.append(contentsOf: #","offset":"#.utf8)
        Self.appendDecimal(token.range.lowerBound, to: &out)
        out.append(contentsOf: #","length":"#.utf8)
        Self.appendDecimal(token.range.count, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    /// A JSON string of valid UTF-8 bytes (faces always are), escaping only what JSON requires.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }) {
            out.append(contentsOf: bytes)
        } else {
            let quoted = JSONText.quoted(bytes)
            out.append(contentsOf: quoted.utf8.dropFirst().dropLast())
        }
        out.append(UInt8(ascii: "\""))
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
