/// Writes tokens in a render style: the per-token work of a render stream.
struct RenderWriter: Sendable {
    let catalog: FaceCatalog
    let style: FaceRenderer.Style
    let emojiImages: Bool
    let emojiImageBase: String
    private let isHTML: Bool
    /// The bytes written for each face's tag; none where the tag stays as it is.
    /// Nil when they would take more than ``replacementBudget`` bytes (a long
    /// `--template` or image base over a large catalog): then each face's bytes
    /// are made when it is written, so memory does not grow with the option's length.
    let replacements: FlatStrings?
    /// The most bytes the faces' outputs are kept in.
    static let replacementBudget = 4 << 20

    init(catalog: FaceCatalog, style: FaceRenderer.Style, emojiImages: Bool, emojiImageBase: String) {
        self.catalog = catalog
        self.style = style
        self.emojiImages = emojiImages
        self.emojiImageBase = emojiImageBase
        if case .html = style { isHTML = true } else { isHTML = false }
        var outputs: [[UInt8]?] = []
        var size = 0
        for face in catalog.faces {
            let output = FaceRenderer.output(for: face, style: style, emojiImages: emojiImages, emojiImageBase: emojiImageBase)
            size += output?.count ?? 0
            if size > Self.replacementBudget { break }
            outputs.append(output)
        }
        replacements = size > Self.replacementBudget ? nil : FlatStrings(outputs)
    }

    /// Whether text is copied unchanged (every style but HTML, and no emoji images), as the render kernel copies it.
    var copiesTextUnchanged: Bool { !isHTML && !emojiImages }

    /// Writes a token; `images` holds the stream's emoji images already built (see ``EmojiImageCache``),
    /// and the tags' outputs when they are not all kept (``replacements`` is nil).
    @inline(__always)
    func write(_ token: RawToken, from bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer, images: inout EmojiImageCache) {
        let slice = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        switch token.kind {
        case .tag:
            if let replacements {
                if !replacements.append(Int(token.face.rawValue), to: &out) { appendText(slice, to: &out) }
            } else {
                // Made when written (and kept while the cache has room), by the tag's bytes.
                images.append(slice, to: &out) {
                    FaceRenderer.output(for: catalog.faces[Int(token.face.rawValue)], style: style,
                                        emojiImages: emojiImages, emojiImageBase: emojiImageBase) ?? Array(slice)
                }
            }
        case .emoji where emojiImages:
            // Marks the emoji's image does not show (`😃́`) stay after it, as text.
            let marks = EmojiMatcher.trailingMarksStart(in: bytes, start: token.start, end: token.end)
            let slice = UnsafeBufferPointer(rebasing: bytes[token.start..<marks])
            defer { if marks < token.end { appendText(UnsafeBufferPointer(rebasing: bytes[marks..<token.end]), to: &out) } }
            // The same bytes are the same emoji with the same face, so their image is kept by bytes.
            images.append(slice, to: &out) {
                let emoji = String(decoding: slice, as: UTF8.self)
                let face = token.face.isFace ? catalog.faces[Int(token.face.rawValue)] : nil
                return Array(FaceRenderer.image(named: EmojiName.twemojiCode(of: emoji) + ".png", base: emojiImageBase, face: face,
                                                emoji: emoji, alt: emoji, style: style).utf8)
            }
        default:
            appendText(slice, to: &out)
        }
    }

    @inline(__always)
    private func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        if isHTML {
            HTMLEscaping.append(bytes, to: &out)
        } else {
            out.append(bytes)
        }
    }
}
