/// The faces and emoji a search goes through, in search order (the catalog's
/// faces, then the emoji no face stands for), each with its tags and own
/// keywords (copied once) and its annotation line, whose fields are read in
/// place from the generated table: nothing per field is built ahead, so a
/// query touches little memory.
struct SearchIndex: Sendable {
    /// What a field holds, which decides the rules it is compared by.
    enum Kind: UInt8 {
        /// A tag of a face.
        case tag
        /// A keyword of the face's own (the catalog's) or of ``ChatKeywords``.
        case ownKeyword
        case emoji, englishName, chineseName
        /// A CLDR keyword.
        case keyword

        /// A tag, name or own keyword: what says what a face is, rather than what it may go with.
        var isNamed: Bool { self == .tag || self == .ownKeyword || self == .englishName || self == .chineseName }
    }

    /// One field: a range of ``tagBytes`` (a tag or own keyword) or of the annotation table (the rest).
    struct Field {
        let kind: Kind
        let range: Range<Int>
        /// Where the field's pinyin is: for a tag or own keyword, its number in
        /// ``tagRanges`` (`n..<n + 1`); for a Chinese name, its pinyin in the table
        /// (``AnnotationTable/Column/chinesePinyin``); else empty.
        let spelling: Range<Int>
    }

    /// One face or emoji: a face index into the catalog, and/or an annotation line,
    /// and the numbers in ``tagRanges`` of its tags and of its own keywords.
    struct Entry {
        let face: Int?
        let annotation: Int?
        let tags: Range<Int>
        let keywords: Range<Int>
    }

    let catalog: FaceCatalog
    let table: AnnotationTable
    /// Every tag and own keyword of every entry, end to end.
    let tagBytes: [UInt8]
    /// Where each tag or own keyword is in ``tagBytes``.
    let tagRanges: [Range<Int>]
    let entries: [Entry]

    init(catalog: FaceCatalog, includesEmoji: Bool) {
        let table = AnnotationTable.shared
        var tagBytes: [UInt8] = []
        var tagRanges: [Range<Int>] = []
        var entries: [Entry] = []
        var covered = Set<Int>()
        func add<C: Collection<UInt8>>(_ text: C) {
            let start = tagBytes.count
            tagBytes.append(contentsOf: text)
            tagRanges.append(start..<tagBytes.count)
        }
        /// The face's keywords, then its emoji's chat keywords, each once.
        func addKeywords(_ keywords: [String], line: Int?) -> Range<Int> {
            let first = tagRanges.count
            for keyword in keywords { add(keyword.utf8) }
            if let line {
                ChatKeywords.forEachKeyword(ofLine: line) { word in
                    if !keywords.contains(where: { $0.utf8.elementsEqual(word) }) { add(word) }
                }
            }
            return first..<tagRanges.count
        }
        for (index, face) in catalog.faces.enumerated() {
            let first = tagRanges.count
            for tag in face.tags { add(tag.utf8) }
            let tags = first..<tagRanges.count
            let line = face.emoji.flatMap(table.line(of:))
            if let line { covered.insert(line) }
            entries.append(Entry(face: index, annotation: line, tags: tags, keywords: addKeywords(face.keywords, line: line)))
        }
        if includesEmoji {
            for line in 0..<table.count where !covered.contains(line) {
                let keywords = addKeywords([], line: line)
                entries.append(Entry(face: nil, annotation: line, tags: keywords.lowerBound..<keywords.lowerBound, keywords: keywords))
            }
        }
        self.catalog = catalog
        self.table = table
        self.tagBytes = tagBytes
        self.tagRanges = tagRanges
        self.entries = entries
    }

    /// Calls `body` with each field of `entry` in order (tags, own keywords, the
    /// emoji, names in English, Chinese and traditional Chinese, then CLDR's
    /// keywords) until it returns false.
    @inline(__always)
    func forEachField(of entry: Entry, _ body: (Field) -> Bool) {
        for tag in entry.tags where !body(Field(kind: .tag, range: tagRanges[tag], spelling: tag..<tag + 1)) { return }
        for keyword in entry.keywords where !body(Field(kind: .ownKeyword, range: tagRanges[keyword], spelling: keyword..<keyword + 1)) { return }
        guard let line = entry.annotation else { return }
        // Written out rather than looped over a list: a list's retains and releases cost more than the fields.
        func name(_ column: AnnotationTable.Column, _ kind: Kind, pinyin: AnnotationTable.Column?) -> Bool {
            let range = table.range(column, of: line)
            return range.isEmpty || body(Field(kind: kind, range: range, spelling: pinyin.map { table.range($0, of: line) } ?? 0..<0))
        }
        guard name(.emoji, .emoji, pinyin: nil), name(.englishName, .englishName, pinyin: nil),
              name(.chineseName, .chineseName, pinyin: .chinesePinyin), name(.traditionalName, .chineseName, pinyin: .traditionalPinyin)
        else { return }
        func keywords(_ column: AnnotationTable.Column) -> Bool {
            var going = true
            table.forEachKeywordRange(column, of: line) { range in
                if going { going = body(Field(kind: .keyword, range: range, spelling: 0..<0)) }
            }
            return going
        }
        _ = keywords(.englishKeywords) && keywords(.chineseKeywords) && keywords(.traditionalKeywords)
    }

    /// The pinyin of every tag and own keyword, by number.
    func tagSpellings(_ tagBytes: UnsafeBufferPointer<UInt8>) -> PinyinSpellings {
        var spellings = PinyinSpellings()
        for range in tagRanges { spellings.append(FoldedBytes.bare(FoldedBytes.Text(rebasing: tagBytes[range]))) }
        return spellings
    }
}
