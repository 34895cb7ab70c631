import FaceText

/// Writes `facetext scan` lines straight into a byte buffer. Everything
/// that does not change from face to face is encoded once: per face of the
/// catalog, its fields followed by the file's name and `"line":`; only the
/// matched text, line, offset and length are written per face, in place.
/// The fixed pieces live end to end in one array, so writing a line touches
/// no reference counts.
struct ScanWriter {
    /// `"tag":…,"emoji":…,"image":…` for each face of the catalog.
    private let faceFields: [[UInt8]]
    /// Every fixed piece, end to end; `spans` says where each one is (see the `…Piece` indices).
    private var pieces: [UInt8] = []
    private var spans: [Span] = []

    private struct Span {
        var start: Int
        var count: Int
    }

    // Pieces 0–3 open a line for a tag, an emoji, an image and an unknown tag:
    // `{"kind":"…","text":"`. Then one per face, to follow the text: `",`, its
    // fields, the file field and `,"line":` for the current file. Then these:
    /// The same after the text of a face-less emoji (repeated as its emoji) and of an unknown tag.
    private var noImagePiece: Int { 4 + faceFields.count }
    private var noFacePiece: Int { 5 + faceFields.count }
    /// `","tag":null,"emoji":"`, between a face-less emoji's text and its repetition.
    private var noFaceEmojiPiece: Int { 6 + faceFields.count }
    private var offsetPiece: Int { 7 + faceFields.count }
    private var lengthPiece: Int { 8 + faceFields.count }

    init(catalog: FaceCatalog) {
        faceFields = catalog.faces.map { face in
            Array(("\"tag\":" + JSONText.quoted(face.tag) + ",\"emoji\":" + JSONValue.optional(face.emoji).text
                   + ",\"image\":" + JSONValue.optional(face.image ?? face.animatedImage).text).utf8)
        }
        startFile("-")
    }

    mutating func startFile(_ name: String) {
        let tail = Array((",\"file\":" + JSONText.quoted(name) + ",\"line\":").utf8)
        let kinds = [Token.Kind.tag, .emoji, .image, .unknown].map { Array("{\"kind\":\"\($0.rawValue)\",\"text\":\"".utf8) }
        let afterText = Array(#"","#.utf8)
        let all = kinds + faceFields.map { afterText + $0 + tail } + [
            Array(#"","image":null"#.utf8) + tail,
            Array(#"","tag":null,"emoji":null,"image":null"#.utf8) + tail,
            Array(#"","tag":null,"emoji":""#.utf8),
            Array(#","offset":"#.utf8),
            Array(#","length":"#.utf8),
        ]
        pieces = all.flatMap { $0 }
        var start = 0
        spans = all.map { piece in
            defer { start += piece.count }
            return Span(start: start, count: piece.count)
        }
    }

    func write(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>, line: Int, to out: ByteBuffer) {
        // Faces are valid UTF-8; they rarely hold a byte JSON must escape (an image alt text might).
        guard Self.isPlain(bytes) else {
            let escaped = Array(JSONText.quoted(bytes).utf8.dropFirst().dropLast())
            escaped.withUnsafeBufferPointer { write(token, text: $0, line: line, to: out) }
            return
        }
        write(token, text: bytes, line: line, to: out)
    }

    /// Writes a line whose text (`text`, escaped as JSON needs) is quoted as it is.
    private func write(_ token: Token, text: UnsafeBufferPointer<UInt8>, line: Int, to out: ByteBuffer) {
        let faceless = token.face == nil && token.kind == .emoji
        let middle = token.face.map { 4 + $0 } ?? (token.kind == .emoji ? noImagePiece : noFacePiece)
        let kind = Self.kindIndex(token.kind)
        let (noFaceEmoji, offsetField, lengthField) = (noFaceEmojiPiece, offsetPiece, lengthPiece)
        pieces.withUnsafeBufferPointer { pieces in
            spans.withUnsafeBufferPointer { spans in
                func piece(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    let span = spans[index]
                    return UnsafeBufferPointer(start: pieces.baseAddress! + span.start, count: span.count)
                }
                var writer = ByteWriter(at: out.reserve(128 + 2 * text.count + spans[middle].count))
                writer.put(piece(kind))
                writer.put(text)
                if faceless {
                    writer.put(piece(noFaceEmoji))
                    writer.put(text)
                }
                writer.put(piece(middle))
                writer.put(decimal: line)
                writer.put(piece(offsetField))
                writer.put(decimal: token.range.lowerBound)
                writer.put(piece(lengthField))
                writer.put(decimal: token.range.count)
                writer.put(UInt8(ascii: "}"))
                writer.put(UInt8(ascii: "\n"))
                out.commit(writer.count)
            }
        }
    }

    /// Whether `bytes` hold nothing JSON must escape (control bytes, `"`, `\`, DEL),
    /// eight bytes at a time (SWAR: a byte below a bound, or equal to one, sets its top bit).
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        func clean(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
            func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & tops }
            let control = (word &- 0x20 &* ones) & ~word & tops
            return control | zeroByte(word ^ 0x22 &* ones) | zeroByte(word ^ 0x5C &* ones) | zeroByte(word ^ 0x7F &* ones) == 0
        }
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard clean(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else { return false }
                offset += 8
            }
            return clean(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            // Two overlapping halves: a byte read twice changes nothing.
            return clean(UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32)
        }
        return bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }
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
