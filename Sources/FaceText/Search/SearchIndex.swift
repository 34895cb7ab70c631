/// The faces and emoji a search goes through, in search order (the catalog's
/// faces, then the emoji no face stands for), each with its tags (copied once)
/// and its annotation line, whose fields are read in place from the generated
/// table: nothing per field is built ahead, so a query touches little memory.
struct SearchIndex: Sendable {
    /// What a field holds, which decides the rules it is compared by.
    enum Kind: UInt8 {
        case tag, emoji, englishName, chineseName, keyword
    }

    /// One field: a range of ``tagBytes`` (a tag) or of the annotation table (the rest).
    struct Field {
        let kind: Kind
        let range: Range<Int>
        /// A tag's number in ``tagRanges``; for a Chinese name, where its pinyin
        /// (``AnnotationTable/Column/chinesePinyin``) is in the table.
        let extra: Range<Int>
    }

    /// One face or emoji: a face index into the catalog, and/or an annotation line,
    /// and its tags' numbers in ``tagRanges``.
    struct Entry {
        let face: Int?
        let annotation: Int?
        let tags: Range<Int>
    }

    let catalog: FaceCatalog
    let table: AnnotationTable
    /// Every tag of every face, end to end.
    let tagBytes: [UInt8]
    /// Where each tag is in ``tagBytes``.
    let tagRanges: [Range<Int>]
    let entries: [Entry]

    init(catalog: FaceCatalog, includesEmoji: Bool) {
        let table = AnnotationTable.shared
        var tagBytes: [UInt8] = []
        var tagRanges: [Range<Int>] = []
        var entries: [Entry] = []
        var covered = Set<Int>()
        for (index, face) in catalog.faces.enumerated() {
            let first = tagRanges.count
            for tag in face.tags {
                let start = tagBytes.count
                tagBytes.append(contentsOf: tag.utf8)
                tagRanges.append(start..<tagBytes.count)
            }
            let line = face.emoji.flatMap(table.line(of:))
            if let line { covered.insert(line) }
            entries.append(Entry(face: index, annotation: line, tags: first..<tagRanges.count))
        }
        if includesEmoji {
            for line in 0..<table.count where !covered.contains(line) {
                entries.append(Entry(face: nil, annotation: line, tags: 0..<0))
            }
        }
        self.catalog = catalog
        self.table = table
        self.tagBytes = tagBytes
        self.tagRanges = tagRanges
        self.entries = entries
    }

    /// Calls `body` with each field of `entry` in order (tags, the emoji, names in
    /// English, Chinese and traditional Chinese, then keywords) until it returns false.
    @inline(__always)
    func forEachField(of entry: Entry, _ body: (Field) -> Bool) {
        for tag in entry.tags where !body(Field(kind: .tag, range: tagRanges[tag], extra: tag..<tag + 1)) { return }
        guard let line = entry.annotation else { return }
        // Written out rather than looped over a list: a list's retains and releases cost more than the fields.
        func name(_ column: AnnotationTable.Column, _ kind: Kind, pinyin: AnnotationTable.Column?) -> Bool {
            let range = table.range(column, of: line)
            return range.isEmpty || body(Field(kind: kind, range: range, extra: pinyin.map { table.range($0, of: line) } ?? 0..<0))
        }
        guard name(.emoji, .emoji, pinyin: nil), name(.englishName, .englishName, pinyin: nil),
              name(.chineseName, .chineseName, pinyin: .chinesePinyin), name(.traditionalName, .chineseName, pinyin: .traditionalPinyin)
        else { return }
        func keywords(_ column: AnnotationTable.Column) -> Bool {
            var going = true
            table.forEachKeywordRange(column, of: line) { range in
                if going { going = body(Field(kind: .keyword, range: range, extra: 0..<0)) }
            }
            return going
        }
        _ = keywords(.englishKeywords) && keywords(.chineseKeywords) && keywords(.traditionalKeywords)
    }
}
