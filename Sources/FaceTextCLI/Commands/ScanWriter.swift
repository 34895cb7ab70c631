import FaceText

/// Writes `facetext scan` lines straight into a byte buffer: the fields of
/// each face are encoded once, and only the matched text, line and offset are
/// written per face.
struct ScanWriter {
    /// `"tag":…,"emoji":…,"image":…` for each face of the catalog.
    private let faceFields: [[UInt8]]
    private static let kindFields: [Token.Kind: [UInt8]] = Dictionary(uniqueKeysWithValues:
        [Token.Kind.tag, .emoji, .image, .unknown, .text].map { ($0, Array("{\"kind\":\"\($0.rawValue)\",\"text\":".utf8)) })
    private static let noFaceEmoji = Array(#""tag":null,"emoji":"#.utf8)
    private static let noImage = Array(#","image":null"#.utf8)
    private static let noFace = Array(#""tag":null,"emoji":null,"image":null"#.utf8)
    private static let lineField = Array(#","line":"#.utf8)
    private static let offsetField = Array(#","offset":"#.utf8)
    private static let lengthField = Array(#","length":"#.utf8)
    private static let end = Array("}\n".utf8)
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

    func write(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>, line: Int, to out: ByteBuffer) {
        out.append(Self.kindFields[token.kind]!)
        Self.appendQuoted(bytes, to: out)
        out.append(UInt8(ascii: ","))
        if let face = token.face {
            out.append(faceFields[face])
        } else if token.kind == .emoji {
            out.append(Self.noFaceEmoji)
            Self.appendQuoted(bytes, to: out)
            out.append(Self.noImage)
        } else {
            out.append(Self.noFace)
        }
        out.append(fileField)
        out.append(Self.lineField)
        out.append(decimal: line)
        out.append(Self.offsetField)
        out.append(decimal: token.range.lowerBound)
        out.append(Self.lengthField)
        out.append(decimal: token.range.count)
        out.append(Self.end)
    }

    /// A JSON string of valid UTF-8 bytes (faces always are), escaping only what JSON requires.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: ByteBuffer) {
        out.append(UInt8(ascii: "\""))
        if bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }) {
            out.append(bytes)
        } else {
            let quoted = JSONText.quoted(bytes)
            out.append(Array(quoted.utf8.dropFirst().dropLast()))
        }
        out.append(UInt8(ascii: "\""))
    }
}
