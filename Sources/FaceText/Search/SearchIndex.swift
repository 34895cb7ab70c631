/// The text a search compares, laid out flat: for each face or emoji in search
/// order, its fields (tags, the emoji, names, keywords) as ranges of bytes,
/// either of the catalog's tags (copied once) or of the built-in annotation
/// table (read in place).
struct SearchIndex: Sendable {
    /// What a field holds, which decides the rules it is compared by.
    enum Kind: UInt8 {
        case tag, emoji, englishName, chineseName, keyword
    }

    /// One field: a range of `tagBytes` (tags) or of the annotation table (the rest).
    struct Field {
        let kind: Kind
        let start: Int32
        let end: Int32
    }

    /// One face or emoji: a face index into the catalog, or an annotation line.
    struct Entry {
        let face: Int?
        let annotation: Int?
        let fields: Range<Int>
    }

    let catalog: FaceCatalog
    let table: AnnotationTable
    let tagBytes: [UInt8]
    let fields: [Field]
    let entries: [Entry]

    init(catalog: FaceCatalog, includesEmoji: Bool) {
        let table = AnnotationTable.shared
        var tagBytes: [UInt8] = []
        var fields: [Field] = []
        var entries: [Entry] = []
        var covered = Set<Int>()
        func addAnnotation(_ line: Int) {
            let columns: [(AnnotationTable.Column, Kind)] = [
                (.emoji, .emoji), (.englishName, .englishName), (.chineseName, .chineseName), (.traditionalName, .chineseName),
            ]
            for (column, kind) in columns {
                let range = table.range(column, of: line)
                if !range.isEmpty { fields.append(Field(kind: kind, start: Int32(range.lowerBound), end: Int32(range.upperBound))) }
            }
            for column in [AnnotationTable.Column.englishKeywords, .chineseKeywords, .traditionalKeywords] {
                table.forEachKeywordRange(column, of: line) { fields.append(Field(kind: .keyword, start: Int32($0.lowerBound), end: Int32($0.upperBound))) }
            }
        }
        for (index, face) in catalog.faces.enumerated() {
            let first = fields.count
            for tag in face.tags {
                let start = tagBytes.count
                tagBytes.append(contentsOf: tag.utf8)
                fields.append(Field(kind: .tag, start: Int32(start), end: Int32(tagBytes.count)))
            }
            let line = face.emoji.flatMap(table.line(of:))
            if let line {
                covered.insert(line)
                addAnnotation(line)
            }
            entries.append(Entry(face: index, annotation: line, fields: first..<fields.count))
        }
        if includesEmoji {
            for line in 0..<table.count where !covered.contains(line) {
                let first = fields.count
                addAnnotation(line)
                entries.append(Entry(face: nil, annotation: line, fields: first..<fields.count))
            }
        }
        self.catalog = catalog
        self.table = table
        self.tagBytes = tagBytes
        self.fields = fields
        self.entries = entries
    }
}
