import FaceText

/// Writes `facetext scan` lines straight into a byte buffer. Everything
/// that does not change from face to face is encoded once: per face of the
/// catalog, its fields followed by the file's name and `"line":`; only the
/// matched text, line, offset and length are written per face, in place.
struct ScanWriter {
    /// `"tag":…,"emoji":…,"image":…` for each face of the catalog.
    private let faceFields: [[UInt8]]
    /// For each face, its fields, the file field and `,"line":`, for the current file.
    private var faceMiddles: [[UInt8]] = []
    /// The same for a face-less emoji (after its text is repeated as the emoji) and for other tokens.
    private var noImageMiddle: [UInt8] = []
    private var noFaceMiddle: [UInt8] = []
    /// `{"kind":"…","text":` for tag, emoji, image and unknown tokens.
    private let kindFields: [[UInt8]] = [Token.Kind.tag, .emoji, .image, .unknown].map {
        Array("{\"kind\":\"\($0.rawValue)\",\"text\":".utf8)
    }
    private let noFaceEmoji = Array(#""tag":null,"emoji":"#.utf8)
    private let offsetField = Array(#","offset":"#.utf8)
    private let lengthField = Array(#","length":"#.utf8)

    init(catalog: FaceCatalog) {
        faceFields = catalog.faces.map { face in
            Array(("\"tag\":" + JSONText.quoted(face.tag) + ",\"emoji\":" + JSONValue.optional(face.emoji).text
                   + ",\"image\":" + JSONValue.optional(face.image ?? face.animatedImage).text).utf8)
        }
        startFile("-")
    }

    mutating func startFile(_ name: String) {
        let tail = Array((",\"file\":" + JSONText.quoted(name) + ",\"line\":").utf8)
        faceMiddles = faceFields.map { $0 + tail }
        noImageMiddle = Array(#","image":null"#.utf8) + tail
        noFaceMiddle = Array(#""tag":null,"emoji":null,"image":null"#.utf8) + tail
    }

    func write(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>, line: Int, to out: ByteBuffer) {
        // Faces are valid UTF-8; they rarely hold a byte JSON must escape (an image alt text might).
        let plain = bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }
        let escaped = plain ? [] : Array(JSONText.quoted(bytes).utf8.dropFirst().dropLast())
        let textCount = plain ? bytes.count : escaped.count
        let middle = token.face.map { faceMiddles[$0] } ?? (token.kind == .emoji ? noImageMiddle : noFaceMiddle)
        out.append(maximumCount: 160 + 2 * textCount + middle.count) { start in
            var writer = ByteWriter(at: start)
            writer.put(kindFields[Self.kindIndex(token.kind)])
            putQuoted(&writer, plain, bytes, escaped)
            writer.put(UInt8(ascii: ","))
            if token.face == nil && token.kind == .emoji {
                writer.put(noFaceEmoji)
                putQuoted(&writer, plain, bytes, escaped)
            }
            writer.put(middle)
            writer.put(decimal: line)
            writer.put(offsetField)
            writer.put(decimal: token.range.lowerBound)
            writer.put(lengthField)
            writer.put(decimal: token.range.count)
            writer.put(UInt8(ascii: "}"))
            writer.put(UInt8(ascii: "\n"))
            return writer.count
        }
    }

    private func putQuoted(_ writer: inout ByteWriter, _ plain: Bool, _ bytes: UnsafeBufferPointer<UInt8>, _ escaped: [UInt8]) {
        writer.put(UInt8(ascii: "\""))
        if plain { writer.put(bytes) } else { writer.put(escaped) }
        writer.put(UInt8(ascii: "\""))
    }

    private static func kindIndex(_ kind: Token.Kind) -> Int {
        switch kind {
        case .tag: 0
        case .emoji: 1
        case .image: 2
        case .unknown, .text: 3
        }
    }
}
