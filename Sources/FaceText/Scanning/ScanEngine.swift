/// The one-pass byte scanner under every command: skips plain bytes with a
/// byte-class table, and at each possible face start tries a tag (longest
/// match), an image reference, then an emoji cluster.
struct ScanEngine: Sendable {
    private static let tagStart: UInt8 = 1
    private static let emojiStart: UInt8 = 2
    private static let keycapStart: UInt8 = 4
    private static let imageStart: UInt8 = 8
    private static let unknownTagStart: UInt8 = 16

    let catalog: FaceCatalog
    let recognized: Recognized
    private let classes: [UInt8]
    private let emoji: EmojiMatcher
    private let images: ImageReferenceMatcher

    init(catalog: FaceCatalog, recognized: Recognized) {
        self.catalog = catalog
        self.recognized = recognized
        emoji = EmojiMatcher(emojiIndex: catalog.emojiIndex)
        images = ImageReferenceMatcher(catalog: CatalogLookup(catalog: catalog))
        var classes = [UInt8](repeating: 0, count: 256)
        if recognized.contains(.tags) {
            for byte in 0..<256 where catalog.tagTrie.firstBytes[byte] { classes[byte] |= Self.tagStart }
        }
        if recognized.contains(.emoji) {
            for byte in [0xC2, 0xE2, 0xE3, 0xF0] { classes[byte] |= Self.emojiStart }
            for byte in Array("#*0123456789".utf8) { classes[Int(byte)] |= Self.keycapStart }
        }
        if recognized.contains(.unknownTags) {
            classes[Int(UInt8(ascii: "["))] |= Self.unknownTagStart
        }
        if recognized.contains(.images) {
            classes[Int(UInt8(ascii: "<"))] |= Self.imageStart
            classes[Int(UInt8(ascii: "!"))] |= Self.imageStart
        }
        self.classes = classes
    }

    /// Scans `bytes`, reporting tokens to `sink`. Returns how many bytes were
    /// fully reported; when `isFinal` is false, the rest (a face that may
    /// continue in the next chunk, never more than a few hundred bytes) must
    /// be scanned again with more input after it.
    func scan<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into sink: inout Sink) -> Int {
        let count = bytes.count
        var index = 0
        var textStart = 0
        return classes.withUnsafeBufferPointer { classes in
            while index < count {
                let byteClass = classes[Int(bytes[index])]
                if byteClass == 0 {
                    index += 1
                    continue
                }
                let result = matchAt(bytes, index, byteClass, isFinal)
                switch result {
                case .none:
                    index += 1
                case .skip(let length):
                    index += length
                case .needMore:
                    flushText(textStart, index, bytes, &sink)
                    return index
                case .face(let kind, let length, let face):
                    flushText(textStart, index, bytes, &sink)
                    sink.consume(RawToken(kind: kind, face: face, start: index, end: index + length), in: bytes)
                    index += length
                    textStart = index
                }
            }
            flushText(textStart, count, bytes, &sink)
            return count
        }
    }

    private enum Outcome {
        case none
        case skip(Int)
        case needMore
        case face(Token.Kind, length: Int, face: Int32)
    }

    @inline(__always)
    private func matchAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ byteClass: UInt8, _ isFinal: Bool) -> Outcome {
        if byteClass & Self.tagStart != 0 {
            switch catalog.tagTrie.longestMatch(in: bytes, at: index, isFinal: isFinal) {
            case .tag(let length, let face): return .face(.tag, length: length, face: face)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.unknownTagStart != 0 {
            switch UnknownTagMatcher.match(in: bytes, at: index, isFinal: isFinal) {
            case .tag(let length): return .face(.unknown, length: length, face: -1)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.imageStart != 0 {
            switch images.match(in: bytes, at: index, isFinal: isFinal) {
            case .image(let length, let face): return .face(.image, length: length, face: face)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.keycapStart != 0 {
            // Only a U+FE0F (EF B8 8F) or U+20E3 (E2 83 A3) can follow a keycap base.
            guard index + 1 < bytes.count else { return isFinal ? .none : .needMore }
            let next = bytes[index + 1]
            if next != 0xEF && next != 0xE2 { return .none }
        } else if byteClass & Self.emojiStart == 0 {
            return .none
        } else if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] != 0xBC {
            return .skip(3)     // U+2000–U+203F: punctuation; only U+203C ‼ is an emoji
        }
        switch emoji.match(in: bytes, at: index, isFinal: isFinal) {
        case .none: return .none
        case .needMore: return .needMore
        case .text(let length): return .skip(length)
        case .emoji(let length, let face): return .face(.emoji, length: length, face: face)
        }
    }

    @inline(__always)
    private func flushText<Sink: TokenSink>(_ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        if start < end { sink.consume(RawToken(kind: .text, face: -1, start: start, end: end), in: bytes) }
    }
}
