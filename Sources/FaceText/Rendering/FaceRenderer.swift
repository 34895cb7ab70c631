/// Turns tags into Unicode emoji or image references.
///
/// ```swift
/// FaceRenderer(catalog: .default).render("今天[哈哈]")                       // "今天😃"
/// FaceRenderer(catalog: .default, style: .html(imageBase: "faces/")).render("<b>[哈哈]")
/// // "&lt;b&gt;<img src="faces/d_haha.png" alt="[哈哈]">"
/// ```
///
/// Under the image styles a face is written as its image; a face with no
/// image is written as its emoji (as twemoji image `1f606.png` when
/// `emojiImages` is on), else left as its tag. With `emojiImages`, Unicode
/// emoji in the text also become images named by code point.
public struct FaceRenderer: Sendable {
    /// The catalog whose tags are rendered.
    public let catalog: FaceCatalog
    /// The output style.
    public let style: FaceRenderer.Style
    /// Whether Unicode emoji (and faces with only an emoji) become images named by code point.
    public let emojiImages: Bool
    /// The prefix of the code-point images of `emojiImages`: the style's image base unless given.
    public let emojiImageBase: String
    let scanner: FaceScanner
    /// What its streams write with: the render kernel, or the scanner and a ``RenderWriter``.
    let streamWriter: TransformStream.Writer

    /// Whether its streams run the render kernel (``TransformStream/Writer/kernel(_:)``).
    var usesKernel: Bool {
        if case .kernel = streamWriter { return true }
        return false
    }

    /// Creates a renderer. `emojiImageBase` prefixes the code-point images
    /// that `emojiImages` writes (`1f600.png`); nil uses the style's image base,
    /// which prefixes the catalog's own images.
    public init(catalog: FaceCatalog, style: FaceRenderer.Style = .unicode, emojiImages: Bool = false, emojiImageBase: String? = nil) {
        self.init(catalog: catalog, style: style, emojiImages: emojiImages, emojiImageBase: emojiImageBase, fastPaths: .all)
    }

    /// A renderer with only the given fast paths (``BracketRenderKernel`` is
    /// ``FastPaths/renderKernel``), so tests can compare it with the plain one.
    package init(catalog: FaceCatalog, style: FaceRenderer.Style, emojiImages: Bool, emojiImageBase: String? = nil, fastPaths: FastPaths) {
        self.catalog = catalog
        self.style = style
        let emojiImages = emojiImages && style != .unicode
        self.emojiImages = emojiImages
        self.emojiImageBase = emojiImageBase ?? style.imageBase
        scanner = FaceScanner(catalog: catalog, recognizing: emojiImages ? [.tags, .emoji] : [.tags], fastPaths: fastPaths)
        let writer = RenderWriter(catalog: catalog, style: style, emojiImages: emojiImages, emojiImageBase: self.emojiImageBase)
        streamWriter = .rendering(writer, allowKernel: fastPaths.contains(.renderKernel))
    }

    /// Renders a whole string. Invalid UTF-8 cannot occur in a `String`; use
    /// ``render(_:)-([UInt8])`` or ``makeStream()`` for raw bytes.
    public func render(_ text: String) -> String {
        String(decoding: render(Array(text.utf8)), as: UTF8.self)
    }

    /// Renders whole bytes; bytes that are not faces are copied unchanged
    /// (HTML-escaped under `.html`).
    public func render(_ bytes: [UInt8]) -> [UInt8] {
        var stream = makeStream()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { stream.process($0, into: &out) }
        stream.finish(into: &out)
        return out
    }

    /// A renderer for input that arrives in chunks.
    public func makeStream() -> TransformStream {
        TransformStream(scanner: ChunkedScanner(engine: scanner.engine), writer: streamWriter)
    }

    /// What a face's tag renders to, or nil to leave the tag as it is. In HTML a line break
    /// the catalog put in a face's text is a character reference: what a face renders to is
    /// never more than one line.
    static func output(for face: Face, style: FaceRenderer.Style, emojiImages: Bool, emojiImageBase: String) -> [UInt8]? {
        guard let output = plainOutput(for: face, style: style, emojiImages: emojiImages, emojiImageBase: emojiImageBase) else { return nil }
        guard case .html = style, output.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return output }
        return output.flatMap { $0 == 0x0A ? Array("&#10;".utf8) : $0 == 0x0D ? Array("&#13;".utf8) : [$0] }
    }

    private static func plainOutput(for face: Face, style: FaceRenderer.Style, emojiImages: Bool, emojiImageBase: String) -> [UInt8]? {
        if style == .unicode { return face.emoji.map { Array($0.utf8) } }
        if let image = face.image ?? face.animatedImage {
            return Array(Self.image(named: image, base: style.imageBase, face: face, emoji: face.emoji, alt: face.tag, style: style).utf8)
        }
        guard let emoji = face.emoji else {
            if case .html = style { return Array(HTMLEscaping.escape(face.tag).utf8) }
            return nil
        }
        if emojiImages {
            return Array(Self.image(named: EmojiName.twemojiCode(of: emoji) + ".png", base: emojiImageBase, face: face, emoji: emoji,
                                    alt: face.tag, style: style).utf8)
        }
        if case .html = style { return Array(HTMLEscaping.escape(emoji).utf8) }
        return Array(emoji.utf8)
    }

    /// One image reference in the given style, to the image `base + name`.
    static func image(named name: String, base: String, face: Face?, emoji: String?, alt: String, style: FaceRenderer.Style) -> String {
        let path = base + name
        switch style {
        case .unicode:
            return emoji ?? alt
        case .html:
            return "<img src=\"\(HTMLEscaping.escape(ImageAddress.encoded(base: base, name: name)))\" alt=\"\(HTMLEscaping.escape(alt))\">"
        case .markdown:
            return "![\(markdownAlt(alt))](\(ImageAddress.encoded(base: base, name: name, markdown: true)))"
        case .path:
            return path
        case .template(let template, _):
            let tag = face?.tag ?? alt
            return TemplateExpander.expand(template, values: [
                "tag": tag, "name": bareName(tag), "image": path, "gif": face?.animatedImage.map { style.imageBase + $0 } ?? "",
                "emoji": emoji ?? "", "code": emoji.map(EmojiName.twemojiCode(of:)) ?? "",
            ])
        }
    }

    /// A tag without its outer brackets: `[哈哈]` → `哈哈`.
    static func bareName(_ tag: String) -> String {
        guard tag.count >= 2, tag.first == "[", tag.last == "]" else { return tag }
        return String(tag.dropFirst().dropLast())
    }

    private static func markdownAlt(_ tag: String) -> String {
        var result = ""
        for character in bareName(tag) {
            if character == "[" || character == "]" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
