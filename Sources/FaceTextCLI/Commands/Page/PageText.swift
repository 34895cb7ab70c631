import FaceText

/// A message's text as HTML for `page`: invalid UTF-8 as U+FFFD, faces as
/// their emoji (or, with an image base, as the catalog's images), and every
/// other byte escaped.
struct PageText {
    private var stream: TransformStream
    private let rendered = StreamOutput(capacity: 1 << 17)
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
        let text = lines.withUnsafeBufferPointer(UTF8Check.firstInvalid).map { UTF8Check.repaired(lines, from: $0) } ?? lines
        text.withUnsafeBufferPointer { stream.process($0, into: rendered) }
        if final { stream.finish(into: rendered) }
        rendered.withBytes(body)
        rendered.removeAll()
    }
}
