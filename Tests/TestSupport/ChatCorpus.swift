import FaceText

/// A deterministic synthetic chat log for tests, with the face counts it holds.
///
/// Lines look like `2024-03-01 12:00:03 名字` and a message mixing Chinese and
/// ASCII text with tags (in all their spellings), emoji with and without faces,
/// CRLF line ends, and now and then an invalid byte. Pieces are chosen so that
/// no two of them can join into another face, so the counts are exact.
public struct ChatCorpus: Sendable {
    public var bytes: [UInt8] = []
    /// Expected face counts, keyed as `FaceStats` keys them.
    public var counts: [String: Int] = [:]

    public init(seed: UInt64, lines: Int, catalog: FaceCatalog = .default) {
        var random = SeededGenerator(seed: seed)
        let spellings = catalog.faces.flatMap { face in face.tags.map { ($0, face.tag) } }
        let withFaces = catalog.faces.compactMap { $0.emoji }
        let without = ["\u{1F680}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1E8}\u{1F1F3}", "\u{1F44B}\u{1F3FD}", "2\u{FE0F}\u{20E3}"]
        let words = ["今天", "好开心", "哈哈哈", "review", "merge", " ", " ", "，", "。", "ok", "plz", "[图片", "123", "“引号”"]
        let names = ["Alice", "Bob_2024", "猪八戒", "陈静"]
        for line in 0..<lines {
            append("2024-03-01 12:\(String(format2: line / 60 % 60)):\(String(format2: line % 60)) \(names.randomElement(using: &random)!)\n")
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2:
                    let (spelling, canonical) = spellings.randomElement(using: &random)!
                    append(spelling)
                    counts[canonical, default: 0] += 1
                case 3:
                    let emoji = withFaces.randomElement(using: &random)!
                    append(emoji)
                    counts[catalog.face(forEmoji: emoji)!.tag, default: 0] += 1
                case 4:
                    let emoji = without.randomElement(using: &random)!
                    append(emoji)
                    // A toned emoji whose base is a face counts as that face.
                    let key = SkinToneReference.face(of: emoji, in: catalog)?.tag
                        ?? String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }))
                    counts[key, default: 0] += 1
                case 5 where Int.random(in: 0..<20, using: &random) == 0:
                    bytes.append(0xFF)
                default:
                    append(words.randomElement(using: &random)!)
                }
                append(" ")
            }
            append(Int.random(in: 0..<10, using: &random) == 0 ? "\r\n" : "\n")
        }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// The corpus split into `parts` pieces at random line boundaries.
    public func split(into parts: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        let cuts = Array(Set((0..<(parts - 1)).map { _ in lineEnds.randomElement(using: &random)! })).sorted()
        var pieces: [[UInt8]] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            pieces.append(Array(bytes[start..<cut]))
            start = cut
        }
        return pieces
    }
}

private extension String {
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : String(value)
    }
}
