import FaceText

/// Random hostile byte strings for property tests: catalog tags in every
/// spelling, partial tags, emoji sequences and fragments, CJK, ASCII, line
/// breaks, NUL and invalid UTF-8 of every kind. Seeded, so failures reproduce.
public struct HostileText {
    public enum Piece: CaseIterable, Sendable {
        case tag, partialTag, emoji, emojiFragment, cjk, ascii, lineBreak, nul, invalid
    }

    public static let partialTags = ["[哈", "哈]", "[[", "]]", "[", "]", "[]", "[哈哈", "[图片]", "[a\nb]",
                                     "【", "】", "【】", "【图片】", "【哈", "哈】", "【a\nb】", "【a]", "[a】", "【一二三四五六七八九十一二三四五六】"]
    public static let emojiSequences = [
        "\u{1F600}", "\u{2764}\u{FE0F}", "\u{2764}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
        "\u{1F1E8}\u{1F1F3}", "1\u{FE0F}\u{20E3}", "#\u{20E3}", "\u{1F44D}\u{1F3FD}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "\u{1F9D1}\u{200D}\u{1F4BB}", "\u{263A}\u{FE0F}", "\u{00A9}", "\u{1F603}", "\u{1F44B}",
    ]
    public static let emojiFragments: [[UInt8]] = [
        Array("\u{200D}".utf8), Array("\u{FE0F}".utf8), Array("\u{FE0E}".utf8), Array("\u{1F1E8}".utf8),
        Array("\u{1F3FB}".utf8), Array("\u{20E3}".utf8), Array("\u{E0067}".utf8), Array("\u{0301}".utf8),
    ]
    public static let invalidSequences: [[UInt8]] = [
        [0xF0, 0x9F, 0x98], [0xE4, 0xB8], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5], [0xFF], [0xFE], [0x80], [0xBF], [0xC2],
    ]

    private var random: SeededGenerator
    private let tags: [String]
    private let pieces: [Piece]

    /// A generator drawing tags from `catalog`, using only the given kinds of piece.
    public init(seed: UInt64, catalog: FaceCatalog = .default, pieces: [Piece] = Piece.allCases) {
        random = SeededGenerator(seed: seed)
        tags = catalog.faces.flatMap(\.tags)
        self.pieces = pieces
    }

    /// The bytes of one piece of the given kind.
    public mutating func bytes(of piece: Piece) -> [UInt8] {
        switch piece {
        case .tag: return Array(tags.randomElement(using: &random)!.utf8)
        case .partialTag: return Array(Self.partialTags.randomElement(using: &random)!.utf8)
        case .emoji: return Array(Self.emojiSequences.randomElement(using: &random)!.utf8)
        case .emojiFragment: return Self.emojiFragments.randomElement(using: &random)!
        case .cjk: return Array(["好", "开心", "，", "。", "“引”", "…", "𠀀"].randomElement(using: &random)!.utf8)
        case .ascii: return Array(["a", "ok ", " ", "123", "<b>", "&", "\"", "'", "!", "/::)", "\t"].randomElement(using: &random)!.utf8)
        case .lineBreak: return Array(["\n", "\r\n", "\r"].randomElement(using: &random)!.utf8)
        case .nul: return [0]
        case .invalid: return Self.invalidSequences.randomElement(using: &random)!
        }
    }

    /// A random string of up to `maximumPieces` pieces.
    public mutating func next(maximumPieces: Int = 24) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...maximumPieces, using: &random) {
            bytes += self.bytes(of: pieces.randomElement(using: &random)!)
        }
        return bytes
    }

    /// A random whole number in a range, from the same seeded sequence.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }
}
