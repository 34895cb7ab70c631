extension SearchIndex {
    /// How a field matched: by its text, by the emoji's code points, or by its pinyin.
    enum Via {
        case text, code, pinyin
    }

    /// The best match of one word in one entry: its rank, the field, and how.
    typealias Found = (rank: FaceSearch.Rank, field: Field, via: Via)

    /// What the rules read: the bytes of fields, and the pinyin of tags (read
    /// once per query, when a word could be pinyin) and of Chinese names (spelled in the table).
    struct Reader {
        let tagBytes: UnsafeBufferPointer<UInt8>
        let table: UnsafeBufferPointer<UInt8>
        /// The tags' pinyin, when a word could be pinyin (else empty: ``readsPinyin`` is false).
        let tagSpellings: PinyinSpellings
        let readsPinyin: Bool

        func text(_ field: Field) -> FoldedBytes.Text {
            FoldedBytes.Text(rebasing: (field.kind == .tag ? tagBytes : table)[field.range])
        }

        /// Calls `body` with the pinyin of a tag or a Chinese name, or nil for none.
        func withSpelling<R>(_ field: Field, _ body: (PinyinSpelling?) -> R) -> R {
            switch field.kind {
            case .tag:
                guard readsPinyin else { return body(nil) }
                return tagSpellings.withSpelling(field.extra.lowerBound, body)
            case .chineseName:
                guard !field.extra.isEmpty else { return body(nil) }
                return PinyinSpelling.reading(FoldedBytes.Text(rebasing: table[field.extra]), body)
            case .emoji, .englishName, .keyword:
                return body(nil)
            }
        }
    }

    /// The pinyin of every tag, by tag number.
    func tagSpellings(_ tagBytes: UnsafeBufferPointer<UInt8>) -> PinyinSpellings {
        var spellings = PinyinSpellings()
        for range in tagRanges { spellings.append(FoldedBytes.bare(FoldedBytes.Text(rebasing: tagBytes[range]))) }
        return spellings
    }

    /// The best match of `word` among `entry`'s fields, trying each rule in
    /// rank order, and misspellings only when nothing else matched (and only
    /// for a single word).
    func bestMatch(_ word: SearchWord, in entry: Entry, _ reader: Reader) -> Found? {
        var best: Found?
        forEachField(of: entry) { field in
            if word.use != .pinyin, let rank = rank(of: word, in: field, reader.text(field)), rank < best?.rank ?? .misspelling {
                best = (rank, field, field.kind == .emoji && word.codePoints != nil && rank == .exact ? .code : .text)
                if rank == .exact { return false }
            }
            if word.use != .phrase, let letters = word.pinyin,
               let match = reader.withSpelling(field, { $0.flatMap { PinyinMatch.best(letters, in: $0) } }) {
                let rank: FaceSearch.Rank = switch match {
                case .complete: .exact
                case .spelled: .pinyin
                case .abbreviated, .inside: .initials
                }
                if rank < best?.rank ?? .misspelling {
                    best = (rank, field, .pinyin)
                    if rank == .exact { return false }
                }
            }
            // A Chinese word also finds a tag or name that sounds the same from its start,
            // ranked as pinyin: 爱心 finds 愛心.
            if word.use == .word, let letters = word.sound, .pinyin < best?.rank ?? .misspelling,
               let match = reader.withSpelling(field, { $0.flatMap { PinyinMatch.best(letters, in: $0) } }),
               match == .complete || match == .spelled {
                best = (.pinyin, field, .pinyin)
            }
            return true
        }
        if best == nil, word.use == .word { best = misspelling(word, in: entry, reader) }
        return best
    }

    /// The rank of a match of `word` by the text of one field, or nil.
    private func rank(of word: SearchWord, in field: Field, _ text: FoldedBytes.Text) -> FaceSearch.Rank? {
        switch field.kind {
        case .emoji:
            if FoldedBytes.equalIgnoringSelector(text, word.emojiKey) { return .exact }
            if let codePoints = word.codePoints, FoldedBytes.scalars(of: text).filter({ $0 != 0xFE0F }) == codePoints { return .exact }
            return nil
        case .tag, .englishName, .chineseName:
            let text = field.kind == .tag ? FoldedBytes.bare(text) : text
            // Every rule below needs the word's first byte somewhere in the text: one quick look first.
            guard let first = word.text.first, FoldedBytes.containsByte(text, first) else { return nil }
            if FoldedBytes.equal(text, word.text) { return .exact }
            if FoldedBytes.hasPrefix(text, word.text) { return .prefix }
            if word.isASCII {
                if FoldedBytes.anyWord(of: text, { FoldedBytes.equal($0, word.text) }) { return .word }
                if word.text.count >= 3, FoldedBytes.anyWord(of: text, { FoldedBytes.hasPrefix($0, word.text) }) { return .keyword }
            } else if FoldedBytes.contains(text, word.text) {
                return .word
            }
            return nil
        case .keyword:
            guard let first = word.text.first, FoldedBytes.containsByte(text, first) else { return nil }
            if FoldedBytes.equal(text, word.text) { return .keyword }
            if word.isASCII {
                if FoldedBytes.hasPrefix(text, word.text) { return .keyword }
                if word.text.count >= 3, FoldedBytes.anyWord(of: text, { FoldedBytes.hasPrefix($0, word.text) }) { return .keyword }
            } else if FoldedBytes.contains(text, word.text) {
                return .keyword
            }
            return nil
        }
    }

    /// A word of four to 32 ASCII letters one edit (two from eight letters) from
    /// a word of a tag, name or keyword, or from the whole pinyin of a Chinese tag or name.
    private func misspelling(_ word: SearchWord, in entry: Entry, _ reader: Reader) -> Found? {
        guard word.isASCII, (4...32).contains(word.text.count) else { return nil }
        let limit = word.text.count >= 8 ? 2 : 1
        var found: Found?
        forEachField(of: entry) { field in
            if field.kind != .emoji, FoldedBytes.anyWord(of: reader.text(field), { FoldedBytes.isClose($0, word.text, limit: limit) }) {
                found = (.misspelling, field, .text)
                return false
            }
            return true
        }
        if found != nil { return found }
        forEachField(of: entry) { field in
            let close = reader.withSpelling(field) { spelling in
                spelling.map { FoldedBytes.isClose($0.joined, word.text, limit: limit) } ?? false
            }
            if close { found = (.misspelling, field, .pinyin) }
            return !close
        }
        return found
    }
}
