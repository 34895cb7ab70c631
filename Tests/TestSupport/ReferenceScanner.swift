import Foundation
#if canImport(FaceText)
import FaceText     // (the fuzz target builds this file into one module with the library)
#endif

/// A plain reference for the scanner, written for clarity and nothing else:
/// one position at a time, scalars decoded by the standard library, grapheme
/// clusters from the standard library's `Unicode._CharacterRecognizer` (with
/// rule GB11 for every Extended_Pictographic scalar of Unicode's
/// `emoji-data.txt`), catalog tags found by comparing every spelling. The
/// library's scanner, with its tables and fast paths, must give the same
/// tokens; differential tests and the fuzz target compare them.
///
/// The rules it states, as the README does:
/// - a catalog tag (the longest spelling) wherever it starts;
/// - else, with `unknownTags`, `[` with 1 to 16 scalars of valid UTF-8 but no
///   brackets or line breaks (LF, VT, FF, CR, NEL, U+2028, U+2029), then `]`;
/// - else, where a grapheme cluster starts, an emoji cluster: the whole
///   cluster, if it is at most 512 bytes, does not ask for text presentation
///   (U+FE0E after its first scalar), and is a face (compared without
///   U+FE0F, or else without its trailing marks that belong to no emoji), or
///   is emoji-styled (a keycap, a flag, a scalar of Emoji_Presentation, U+FE0F,
///   a skin tone, a tag character or a ZWJ join);
/// - else one scalar, or one byte that is not UTF-8, of text.
/// Image references are not covered.
public struct ReferenceScanner: Sendable {
    public let catalog: FaceCatalog
    public let unknownTags: Bool
    public let emoji: Bool
    public let tags: Bool
    /// Every spelling of every tag with its face, by first byte.
    private let spellings: [UInt8: [([UInt8], Int)]]

    public init(catalog: FaceCatalog, tags: Bool = true, emoji: Bool = true, unknownTags: Bool = false) {
        self.catalog = catalog
        self.tags = tags
        self.emoji = emoji
        self.unknownTags = unknownTags
        let all = catalog.faces.indices.flatMap { index in
            catalog.faces[index].tags.filter { $0 != catalog.faces[index].emoji }.compactMap { spelling in
                catalog.faceIndex(forTag: spelling).map { (Array(spelling.utf8), $0) }
            }
        }
        spellings = Dictionary(grouping: all) { $0.0[0] }
    }

    /// The tokens of `bytes`: faces, and text between them merged into one token.
    public func tokens(in bytes: [UInt8]) -> [Token] {
        let units = Self.units(of: bytes)
        let starts = Self.clusterStarts(units)
        var tokens: [Token] = []
        func add(_ token: Token) {
            if token.kind == .text, let last = tokens.last, last.kind == .text {
                tokens[tokens.count - 1].range = last.range.lowerBound..<token.range.upperBound
            } else {
                tokens.append(token)
            }
        }
        var unit = 0
        while unit < units.count {
            let start = units[unit].offset
            if tags, let (length, face) = longestTag(in: bytes, at: start) {
                add(Token(.tag, face: face, start..<start + length))
                unit = units.firstIndex { $0.offset >= start + length } ?? units.count
                continue
            }
            if unknownTags, let length = unknownTag(in: bytes, at: start) {
                add(Token(.unknown, face: nil, start..<start + length))
                unit = units.firstIndex { $0.offset >= start + length } ?? units.count
                continue
            }
            if emoji, starts[unit] {
                let end = starts[(unit + 1)...].firstIndex(of: true) ?? units.count
                if let face = emojiFace(Array(units[unit..<end])) {
                    let endOffset = end < units.count ? units[end].offset : bytes.count
                    add(Token(.emoji, face: face >= 0 ? face : nil, start..<endOffset))
                    unit = end
                    continue
                }
            }
            add(Token(.text, face: nil, start..<start + units[unit].length))
            unit += 1
        }
        return tokens
    }

    // MARK: Scalars and clusters

    /// A scalar (or an invalid byte: `value` nil) at a byte offset.
    public struct Unit: Sendable {
        public let offset: Int
        public let length: Int
        public let value: Unicode.Scalar?
    }

    /// The scalars of `bytes`, each invalid byte a unit of its own.
    public static func units(of bytes: [UInt8]) -> [Unit] {
        var units: [Unit] = []
        var offset = 0
        while offset < bytes.count {
            // The standard library's parser; a byte it rejects is a unit of its own.
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[offset...].makeIterator()
            if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
                units.append(Unit(offset: offset, length: encoded.count, value: Unicode.UTF8.decode(encoded)))
                offset += encoded.count
            } else {
                units.append(Unit(offset: offset, length: 1, value: nil))
                offset += 1
            }
        }
        return units
    }

    /// For each unit, whether it starts a grapheme cluster.
    public static func clusterStarts(_ units: [Unit]) -> [Bool] {
        var starts = [Bool](repeating: false, count: units.count)
        var recognizer = Unicode._CharacterRecognizer()
        var fresh = true
        enum Join { case none, pictograph, joiner }
        var join = Join.none
        for (index, unit) in units.enumerated() {
            guard let value = unit.value else {
                starts[index] = true
                fresh = true
                join = .none
                continue
            }
            let pictographic = extendedPictographic.contains(value.value)
            var breaks = true
            if fresh {
                // After an invalid byte (or at the start): a new cluster, decided afresh.
                recognizer = Unicode._CharacterRecognizer()
                _ = recognizer.hasBreak(before: value)
                fresh = false
            } else {
                breaks = recognizer.hasBreak(before: value)
                if join == .joiner && pictographic { breaks = false }       // GB11, for every pictograph
            }
            if breaks { starts[index] = true }
            if pictographic {
                join = .pictograph
            } else if value.value == 0x200D && join == .pictograph {
                join = .joiner
            } else if !(join == .pictograph && isExtend(value)) {
                join = .none
            }
        }
        return starts
    }

    static func isExtend(_ value: Unicode.Scalar) -> Bool {
        value.properties.isGraphemeExtend || value.properties.isEmojiModifier
    }

    /// Extended_Pictographic, read from the checked-in `emoji-data.txt`.
    public static let extendedPictographic: Set<UInt32> = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("UnicodeData/emoji-data.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var values = Set<UInt32>()
        for line in text.split(separator: "\n") where line.contains("; Extended_Pictographic") {
            let range = line.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            let low = UInt32(range[0], radix: 16)!, high = UInt32(range.last!, radix: 16)!
            for value in low...high { values.insert(value) }
        }
        return values
    }()

    // MARK: Faces

    private func longestTag(in bytes: [UInt8], at start: Int) -> (Int, Int)? {
        var best: (Int, Int)?
        for (spelling, face) in spellings[bytes[start]] ?? [] where spelling.count > (best?.0 ?? 0) && bytes[start...].starts(with: spelling) {
            best = (spelling.count, face)
        }
        return best
    }

    private func unknownTag(in bytes: [UInt8], at start: Int) -> Int? {
        let opening: Unicode.Scalar
        if bytes[start] == UInt8(ascii: "[") {
            opening = "["
        } else if bytes[start...].starts(with: Array("【".utf8)) {
            opening = "【"
        } else {
            return nil
        }
        let closing: Unicode.Scalar = opening == "[" ? "]" : "】"
        let openingLength = opening.utf8.count
        let rest = Self.units(of: Array(bytes[(start + openingLength)...].prefix(4 * 17 + 3)))
        for (count, unit) in rest.enumerated() {
            guard let value = unit.value, count <= 16 else { return nil }
            if value == closing { return count > 0 ? openingLength + unit.offset + closing.utf8.count : nil }
            if ["[", "]", "【", "】", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(value) { return nil }
        }
        return nil
    }

    /// The face of a cluster that is an emoji token (-1 for an emoji without a face); nil for text.
    private func emojiFace(_ cluster: [Unit]) -> Int? {
        let values = cluster.compactMap(\.value)
        guard values.count == cluster.count, let first = values.first else { return nil }
        let length = cluster.reduce(0) { $0 + $1.length }
        guard length <= 512 else { return nil }
        if values.count > 1 && values[1].value == 0xFE0E { return nil }
        let isKeycap = "#*0123456789".unicodeScalars.contains(first)
        if first.isASCII {
            let rest = values.dropFirst().drop { $0.value == 0xFE0F }
            guard isKeycap, rest.first?.value == 0x20E3 else { return nil }
        } else if (0x1F1E6...0x1F1FF).contains(first.value) {
            guard values.count > 1, (0x1F1E6...0x1F1FF).contains(values[1].value) else { return nil }
        } else if !first.properties.isEmoji || Self.isExtend(first) {
            return nil
        }
        let text = String(String.UnicodeScalarView(values))
        if let face = catalog.faceIndex(forEmoji: text) { return face }
        // Without the marks after the last part that belongs to an emoji.
        var end = values.count
        while end > 1 {
            let value = values[end - 1]
            let emojiPart = value.value == 0xFE0F || value.value == 0x20E3 || (0x1F3FB...0x1F3FF).contains(value.value)
                || (0xE0020...0xE007F).contains(value.value) || value.value == 0x200D || Self.extendedPictographic.contains(value.value)
            if emojiPart { break }
            end -= 1
        }
        if end < values.count, let face = catalog.faceIndex(forEmoji: String(String.UnicodeScalarView(values[..<end]))) {
            return face
        }
        let styled = isKeycap || first.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(first.value)
            || values.contains { $0.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains($0.value) || (0xE0020...0xE007F).contains($0.value) }
            || zip(values, values.dropFirst()).contains { $0.value == 0x200D && Self.extendedPictographic.contains($1.value) }
        return styled ? -1 : nil
    }
}
