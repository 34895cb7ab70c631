#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The only byte that can start a face, when there is just one (memchr skips to it).
    private let singleStart: UInt8?
    private let emoji: EmojiMatcher
    private let images: ImageReferenceMatcher

    init(catalog: FaceCatalog, recognized: Recognized) {
        self.catalog = catalog
        self.recognized = recognized
        emoji = EmojiMatcher(emojiIndex: catalog.index.emojiIndex)
        images = ImageReferenceMatcher(catalog: CatalogLookup(catalog: catalog))
        var classes = [UInt8](repeating: 0, count: 256)
        if recognized.contains(.tags) {
            for byte in 0..<256 where catalog.index.tagTrie.firstBytes[byte] { classes[byte] |= Self.tagStart }
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
        let starts = (0..<256).filter { classes[$0] != 0 }
        singleStart = starts.count == 1 ? UInt8(starts[0]) : nil
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
                index = skipPlain(bytes, from: index, classes)
                guard index < count else { break }
                let byteClass = classes[Int(bytes[index])]
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

    /// The first position at or after `start` whose byte may start a face, or `bytes.count`.
    @inline(__always)
    private func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        if let singleStart {
            guard start < count, let found = memchr(bytes.baseAddress! + start, Int32(singleStart), count - start) else { return count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var index = start
        while index + 8 <= count {
            let any = classes[Int(bytes[index])] | classes[Int(bytes[index + 1])] | classes[Int(bytes[index + 2])]
                | classes[Int(bytes[index + 3])] | classes[Int(bytes[index + 4])] | classes[Int(bytes[index + 5])]
                | classes[Int(bytes[index + 6])] | classes[Int(bytes[index + 7])]
            if any != 0 { break }
            index += 8
        }
        while index < count, classes[Int(bytes[index])] == 0 { index += 1 }
        return index
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
            let match = bytes[index] == UInt8(ascii: "[") && catalog.index.bracketTags != nil
                ? catalog.index.bracketTags!.match(in: bytes, at: index, isFinal: isFinal)
                : catalog.index.tagTrie.longestMatch(in: bytes, at: index, isFinal: isFinal)
            switch match {
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
