/// Recognises the image references that `render` writes, so `tag` can turn
/// them back into tags: HTML `<img … alt="[哈哈]" …>` and Markdown
/// `![哈哈](faces/d_haha.png)`.
///
/// The face is found from the alt text (a tag, the tag without brackets, or
/// an emoji), else from the image file name (a catalog image, or a twemoji
/// code-point name such as `1f600.png`). Tags and names are compared byte
/// for byte. Nothing is allocated unless a value holds a character reference
/// or a Markdown escape, so text full of `<` and `!` costs no more than other text.
///
/// Every scan ends at the byte that starts the next possible reference (`<`
/// in an HTML attribute name, `(` in a Markdown destination, which `render`
/// always percent-encodes), so text made of reference starts (`![a](![a](…`,
/// `<img a<img a…`) is read a bounded number of times, not once per start.
struct ImageReferenceMatcher: Sendable {
    /// References longer than this many bytes are not recognised.
    static let maximumLength = 2048

    enum Match: Equatable {
        case none
        case image(length: Int, face: Int32)
        case needMore
    }

    let catalog: CatalogLookup
    private static let htmlStart = Array("<img ".utf8)

    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        if bytes[start] == UInt8(ascii: "<") { return matchHTML(bytes, start, isFinal) }
        return matchMarkdown(bytes, start, isFinal)
    }

    private func matchHTML(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ isFinal: Bool) -> Match {
        // "<img " with "img" in any case.
        for offset in 0..<Self.htmlStart.count {
            guard start + offset < bytes.count else { return isFinal ? .none : .needMore }
            if bytes[start + offset] | (offset > 0 && offset < 4 ? 0x20 : 0) != Self.htmlStart[offset] { return .none }
        }
        var index = start + 5
        var alt: Range<Int>?
        var src: Range<Int>?
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
                if bytes[index] == UInt8(ascii: "<") { return .none }
                index += 1
                if index - start >= Self.maximumLength { return .none }
            }
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let name = nameStart..<index
            guard bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .none }
            index += 1
            let valueStart = index
            // The closing quote, unless a line feed comes first or the reference grows too long.
            let limit = start + Self.maximumLength
            index = ByteSearch.firstIndex(ofAny: quote, 0x0A, 0x0A, in: bytes, from: index, to: min(bytes.count, limit + 1))
            guard index < bytes.count else { return isFinal || limit < bytes.count ? .none : .needMore }
            guard bytes[index] == quote, index <= limit else { return .none }
            if Self.isName(bytes, name, "alt") { alt = valueStart..<index }
            if Self.isName(bytes, name, "src") { src = valueStart..<index }
            index += 1
        }
        let face = Self.unescaped(bytes, alt) { alt in
            Self.unescaped(bytes, src) { src in
                // An address as render writes it: percent escapes (%20, %23…) undone.
                guard let src, src.contains(UInt8(ascii: "%")) else { return catalog.face(alt: alt, source: src, markdown: false) }
                return Self.percentDecoded(src).withUnsafeBytes { catalog.face(alt: alt, source: $0, markdown: false) }
            }
        }
        guard let face else { return .none }
        return .image(length: index + 1 - start, face: face)
    }

    private func matchMarkdown(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ isFinal: Bool) -> Match {
        var index = start + 1
        guard index < bytes.count else { return isFinal ? .none : .needMore }
        guard bytes[index] == UInt8(ascii: "[") else { return .none }
        index += 1
        let altStart = index
        var escaped = false
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { break }
            if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "[") || index - start > 512 { return .none }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, Self.isEscapable(bytes[index + 1]) {
                index += 1
                escaped = true
            }
            index += 1
        }
        let alt = altStart..<index
        index += 1
        guard index < bytes.count else { return isFinal ? .none : .needMore }
        guard bytes[index] == UInt8(ascii: "(") else { return .none }
        index += 1
        let sourceStart = index
        while true {
            guard index < bytes.count else { return isFinal ? .none : .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: ")") { break }
            if byte <= 0x20 || byte == UInt8(ascii: "(") || index - start > Self.maximumLength { return .none }
            index += 1
        }
        let source = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[sourceStart..<index]))
        // A destination as render writes it: percent escapes (%20, %28…) undone.
        func lookUp(_ source: UnsafeRawBufferPointer) -> Int32? {
            if escaped {
                return Self.markdownUnescaped(bytes[alt]).withUnsafeBytes { catalog.face(alt: $0, source: source, markdown: true) }
            }
            return catalog.face(alt: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[alt])), source: source, markdown: true)
        }
        let face = source.contains(UInt8(ascii: "%")) ? Self.percentDecoded(source).withUnsafeBytes(lookUp) : lookUp(source)
        guard let face else { return .none }
        return .image(length: index + 1 - start, face: face)
    }

    /// Whether the bytes in `range` spell `name` (three ASCII letters).
    @inline(__always)
    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        let letters = name.utf8Start
        return range.count == 3 && bytes[range.lowerBound] == letters[0] && bytes[range.lowerBound + 1] == letters[1]
            && bytes[range.lowerBound + 2] == letters[2]
    }

    /// Whether a Markdown backslash before `byte` escapes it.
    private static func isEscapable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "]") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
    }

    /// A link destination with its percent escapes undone.
    private static func percentDecoded(_ source: UnsafeRawBufferPointer) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let high = source[index + 1].hexDigitValue, let low = source[index + 2].hexDigitValue {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return result
    }

    /// A Markdown alt text with its backslash escapes undone.
    private static func markdownUnescaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, isEscapable(bytes[index + 1]) { index += 1 }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// Runs `body` with an attribute value's bytes, its character references
    /// undone (copied only when it holds any), or nil when there is no value.
    private static func unescaped<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?,
                                     _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let range else { return body(nil) }
        let value = UnsafeBufferPointer(rebasing: bytes[range])
        guard value.contains(0x26) else { return body(UnsafeRawBufferPointer(value)) }
        return HTMLEscaping.unescape(Array(value)).withUnsafeBytes { body($0) }
    }
}

extension UInt8 {
    /// The value of this byte as an ASCII hexadecimal digit, or nil.
    var hexDigitValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
