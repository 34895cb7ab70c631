/// The built-in annotation table (``EmojiAnnotation/table``) read in place:
/// where each line's nine fields start and end. (`@unchecked Sendable`: the
/// bytes are the static string's, never written.)
struct AnnotationTable: @unchecked Sendable {
    /// The table's bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// For line `n`, `bounds[10n...10n+9]` are the starts of its nine fields and the line's end (plus one).
    let bounds: [Int32]
    /// Line numbers by a hash of the emoji without U+FE0F (see ``line(of:)``).
    private let lineByHash: [UInt64: Int]

    static let shared = AnnotationTable(EmojiAnnotation.table)

    /// The field numbers: the emoji, then name and keywords in en, zh and zh_Hant, then the
    /// pinyin of the two Chinese names (``PinyinSpelling/reading(_:_:)``).
    enum Column: Int {
        case emoji, englishName, englishKeywords, chineseName, chineseKeywords, traditionalName, traditionalKeywords
        case chinesePinyin, traditionalPinyin
    }
    private static let stride = 10

    init(_ table: StaticString) {
        let bytes = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
        var bounds: [Int32] = []
        bounds.reserveCapacity(Self.stride * 2_000)
        var lineByHash: [UInt64: Int] = [:]
        var start = 0
        while start < bytes.count {
            bounds.append(Int32(start))
            var index = start
            while index < bytes.count, bytes[index] != 0x0A {
                if bytes[index] == 0x09 { bounds.append(Int32(index + 1)) }
                index += 1
            }
            bounds.append(Int32(index + 1))
            precondition(bounds.count % Self.stride == 0, "annotation table: a line without nine fields")
            let line = bounds.count / Self.stride - 1
            let hash = Self.hash(UnsafeBufferPointer(rebasing: bytes[start..<Int(bounds[Self.stride * line + 1]) - 1]))
            if lineByHash[hash] == nil { lineByHash[hash] = line }
            start = index + 1
        }
        self.bytes = bytes
        self.bounds = bounds
        self.lineByHash = lineByHash
    }

    /// The line of `emoji`, compared without U+FE0F, or nil.
    func line(of emoji: String) -> Int? {
        var emoji = emoji
        return emoji.withUTF8(line(ofBytes:))
    }

    /// The line of the emoji whose UTF-8 bytes are `key`, compared without U+FE0F, or nil.
    func line(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let line = lineByHash[Self.hash(key)] else { return nil }
        return FoldedBytes.equalIgnoringSelector(field(.emoji, of: line), EmojiKey.normalized(key)) ? line : nil
    }

    /// FNV-1a over the bytes of UTF-8 text, U+FE0F left out.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var index = 0
        while index < text.count {
            if index + 2 < text.count, text[index] == 0xEF, text[index + 1] == 0xB8, text[index + 2] == 0x8F {
                index += 3
                continue
            }
            hash = (hash ^ UInt64(text[index])) &* 0x100_0000_01B3
            index += 1
        }
        return hash
    }

    var count: Int { bounds.count / Self.stride }

    /// Where one field of a line is in `bytes` (tabs and newline excluded).
    func range(_ column: Column, of line: Int) -> Range<Int> {
        Int(bounds[Self.stride * line + column.rawValue])..<Int(bounds[Self.stride * line + column.rawValue + 1]) - 1
    }

    /// The bytes of one field of a line.
    func field(_ column: Column, of line: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range(column, of: line)])
    }

    /// Calls `body` with where each `|`-separated keyword of a keywords field is in `bytes`.
    func forEachKeywordRange(_ column: Column, of line: Int, _ body: (Range<Int>) -> Void) {
        let field = range(column, of: line)
        var start = field.lowerBound
        for index in field.lowerBound...field.upperBound where index == field.upperBound || bytes[index] == UInt8(ascii: "|") {
            if index > start { body(start..<index) }
            start = index + 1
        }
    }

    func annotation(_ line: Int) -> EmojiAnnotation {
        func string(_ column: Column) -> String { String(decoding: field(column, of: line), as: UTF8.self) }
        func list(_ column: Column) -> [String] {
            var result: [String] = []
            forEachKeywordRange(column, of: line) { result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
            return result
        }
        return EmojiAnnotation(emoji: string(.emoji), englishName: string(.englishName), englishKeywords: list(.englishKeywords),
                               chineseName: string(.chineseName), chineseKeywords: list(.chineseKeywords),
                               traditionalName: string(.traditionalName), traditionalKeywords: list(.traditionalKeywords))
    }
}
