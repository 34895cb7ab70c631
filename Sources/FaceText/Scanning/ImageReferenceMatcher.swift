/// Recognises the image references that `render` writes, so `tag` can turn
/// them back into tags: HTML `<img … alt="[哈哈]" …>` and Markdown
/// `![哈哈](faces/d_haha.png)`.
///
/// The face is found from the alt text (a tag, the tag without brackets, or
/// an emoji), else from the image file name (a catalog image, or a twemoji
/// code-point name such as `1f600.png`).
struct ImageReferenceMatcher: Sendable {
    /// References longer than this many bytes are not recognised.
    static let maximumLength = 2048

    enum Match: Equatable {
        case none
        case image(length: Int, face: Int32)
        case needMore
    }

    let catalog: CatalogLookup

    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        if bytes[start] == UInt8(ascii: "<") { return matchHTML(bytes, start, isFinal) }
        return matchMarkdown(bytes, start, isFinal)
    }

    private func matchHTML(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ isFinal: Bool) -> Match {
        let prefix: [UInt8] = Array("<img ".utf8)
        for (offset, expected) in prefix.enumerated() {
            guard start + offset < bytes.count else { return isFinal ? .none : .needMore }
            if bytes[start + offset] | (offset > 0 && offset < 4 ? 0x20 : 0) != expected { return .none }
        }
        var index = start + prefix.count
        var alt: [UInt8]?
        var src: [UInt8]?
        while true {
            guard index - start < Self.maximumLength else { return .none }
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\t") { index += 1; continue }
            if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "<") { return .none }
            // name="value"
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
                  bytes[index] != UInt8(ascii: " "), bytes[index] != 0x0A {
                index += 1
                if index - start >= Self.maximumLength { return .none }
            }
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let name = Array(bytes[nameStart..<index])
            guard bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .none }
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == 0x0A || index - start >= Self.maximumLength { return .none }
                index += 1
            }
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let value = HTMLEscaping.unescape(Array(bytes[valueStart..<index]))
            index += 1
            switch name {
            case Array("alt".utf8): alt = value
            case Array("src".utf8): src = value
            default: break
            }
        }
        guard let face = catalog.face(alt: alt, source: src, markdown: false) else { return .none }
        return .image(length: index + 1 - start, face: face)
    }

    private func matchMarkdown(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ isFinal: Bool) -> Match {
        var index = start + 1
        guard index < bytes.count else { return isFinal ? .none : .needMore }
        guard bytes[index] == UInt8(ascii: "[") else { return .none }
        index += 1
        var alt: [UInt8] = []
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { break }
            if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "[") || index - start > 512 { return .none }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") || bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "\\") {
                index += 1
            }
            alt.append(bytes[index])
            index += 1
        }
        index += 1
        guard index < bytes.count else { return isFinal ? .none : .needMore }
        guard bytes[index] == UInt8(ascii: "(") else { return .none }
        index += 1
        let sourceStart = index
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: ")") { break }
            if byte <= 0x20 || index - start > Self.maximumLength { return .none }
            index += 1
        }
        let source = Array(bytes[sourceStart..<index])
        guard let face = catalog.face(alt: alt, source: source, markdown: true) else { return .none }
        return .image(length: index + 1 - start, face: face)
    }
}

/// The catalog lookups needed to resolve an image reference to a face.
struct CatalogLookup: Sendable {
    let catalog: FaceCatalog

    func face(alt: [UInt8]?, source: [UInt8]?, markdown: Bool) -> Int32? {
        if let alt, !alt.isEmpty, let text = String(validating: alt, as: UTF8.self) {
            if let index = catalog.faceIndex(forTag: text) { return Int32(index) }
            if markdown, let index = catalog.faceIndex(forTag: "[\(text)]") { return Int32(index) }
            if let index = catalog.faceIndex(forEmoji: text) { return Int32(index) }
        }
        guard let source, let path = String(validating: source, as: UTF8.self) else { return nil }
        // Try the whole path, then without its leading folders (the image base).
        var components = path.split(separator: "/", omittingEmptySubsequences: false)
        while !components.isEmpty {
            if let index = catalog.faceIndex(forImage: components.joined(separator: "/")) { return Int32(index) }
            components.removeFirst()
        }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        if let emoji = EmojiName.emoji(fromTwemojiFile: name), let index = catalog.faceIndex(forEmoji: emoji) {
            return Int32(index)
        }
        return nil
    }
}
