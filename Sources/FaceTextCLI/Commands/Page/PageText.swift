import FaceText

/// A message's text as HTML for `page`: invalid UTF-8 as U+FFFD, faces as
/// their emoji (or, with an image base, as the catalog's images), and every
/// other byte escaped.
struct PageText {
    private var stream: TransformStream
    private let rendered = ByteBuffer(capacity: 1 << 17)
    /// The bytes at the end of a cut line that may start a character.
    private var carried: [UInt8] = []

    init(catalog: FaceCatalog, imageBase: String?) {
        // Without an image base, the catalog without its images: a face is then written as its
        // emoji (or tag), escaped, by the same one pass that escapes the text around it.
        let faces = imageBase != nil ? catalog : FaceCatalog(faces: catalog.faces.map { face in
            var face = face
            (face.image, face.animatedImage) = (nil, nil)
            return face
        })
        stream = FaceRenderer(catalog: faces, style: .html(imageBase: imageBase ?? "")).makeStream()
    }

    /// Calls `body` with `lines` (each ended by a line feed) as HTML, line for line. When not
    /// `final`, the last line goes on in the next call: what may be the start of a character or
    /// a face at its end is held back for it.
    mutating func render(_ lines: [UInt8], final: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var lines = lines
        if !carried.isEmpty {
            lines.insert(contentsOf: carried, at: 0)
            carried = []
        }
        if !final {
            let cut = UTF8Check.incompleteTail(lines)
            carried = Array(lines.suffix(cut))
            lines.removeLast(cut)
        }
        // Invalid UTF-8 becomes U+FFFD (which never takes a line feed with it).
        let text = lines.withUnsafeBufferPointer(UTF8Check.isValid) ? lines : Array(String(decoding: lines, as: UTF8.self).utf8)
        text.withUnsafeBufferPointer { stream.process($0, into: rendered) }
        if final { stream.finish(into: rendered) }
        rendered.withBytes(body)
        rendered.removeAll()
    }
}

/// Whether bytes are well-formed UTF-8 (ASCII checked eight bytes at a time).
enum UTF8Check {
    /// How many bytes at the end of `bytes` are the start of a character whose other bytes are missing (0 to 3).
    static func incompleteTail(_ bytes: [UInt8]) -> Int {
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
            } else if lead >= 0xE1 && (lead <= 0xEC || lead >= 0xEE && lead <= 0xEF) {
                // Three bytes with no overlong form or surrogate to rule out (most CJK): both others continuation bytes.
                guard index + 2 < count, (UInt16(base[index + 1]) | UInt16(base[index + 2]) << 8) & 0xC0C0 == 0x8080 else { return false }
                index += 3
            } else if lead & 0xF0 == 0xE0 {
                // E0 and ED: not an overlong form, not a surrogate.
                guard index + 2 < count, base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 else { return false }
                let second = base[index + 1]
                guard (lead != 0xE0 || second >= 0xA0), (lead != 0xED || second < 0xA0) else { return false }
                index += 3
            } else if lead >= 0xC2 && lead <= 0xDF {
                guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
            } else if lead >= 0xF0 && lead <= 0xF4 {
                guard index + 3 < count, base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80
                else { return false }
                let second = base[index + 1]
                guard (lead != 0xF0 || second >= 0x90), (lead != 0xF4 || second < 0x90) else { return false }
                index += 4
            } else {
                return false
            }
        }
        return true
    }
}
