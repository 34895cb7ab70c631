extension SearchIndex {
    /// How a field matched: by its text, by the emoji's code points, or by its pinyin.
    enum Via {
        case text, code, pinyin
    }

    /// The pinyin of every field that can have one (tags, Chinese names), by field
    /// index; other fields have none.
    func spellings(_ text: (Field) -> FoldedBytes.Text) -> PinyinSpellings {
        var spellings = PinyinSpellings()
        for field in fields {
            switch field.kind {
            case .tag: spellings.append(FoldedBytes.bare(text(field)))
            case .chineseName: spellings.append(text(field))
            case .emoji, .englishName, .keyword: spellings.append(FoldedBytes.Text(start: nil, count: 0))
            }
        }
        return spellings
    }

    /// The best match of one word in one entry: its rank, the field, and how.
    typealias Found = (rank: FaceSearch.Rank, field: Int, via: Via)

    /// The best match of `word` among `entry`'s fields, trying each rule in
    /// rank order, and misspellings only when nothing else matched (and only
    /// for a single word).
    func bestMatch(_ word: SearchWord, in entry: Entry, _ text: (Field) -> FoldedBytes.Text,
                   spellings: PinyinSpellings?) -> Found? {
        var best: Found?
        for index in entry.fields {
            let field = fields[index]
            if word.use != .pinyin, let rank = rank(of: word, in: field, text(field)), rank < best?.rank ?? .misspelling {
                best = (rank, index, field.kind == .emoji && word.codePoints != nil && rank == .exact ? .code : .text)
                if rank == .exact { return best }
            }
            if word.use != .phrase, let letters = word.pinyin, let spellings,
               let match = spellings.withSpelling(index, { $0.flatMap { PinyinMatch.best(letters, in: $0) } }) {
                let rank: FaceSearch.Rank = switch match {
                case .complete: .exact
                case .spelled: .pinyin
                case .abbreviated, .inside: .initials
                }
                if rank < best?.rank ?? .misspelling {
                    best = (rank, index, .pinyin)
                    if rank == .exact { return best }
                }
            }
        }
        if best == nil, word.use == .word { best = misspelling(word, in: entry, text, spellings: spellings) }
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
    private func misspelling(_ word: SearchWord, in entry: Entry, _ text: (Field) -> FoldedBytes.Text,
                             spellings: PinyinSpellings?) -> Found? {
        guard word.isASCII, (4...32).contains(word.text.count) else { return nil }
        let limit = word.text.count >= 8 ? 2 : 1
        for index in entry.fields where fields[index].kind != .emoji {
            if FoldedBytes.anyWord(of: text(fields[index]), { FoldedBytes.isClose($0, word.text, limit: limit) }) {
                return (.misspelling, index, .text)
            }
        }
        guard let spellings else { return nil }
        for index in entry.fields {
            let close = spellings.withSpelling(index) { spelling in
                spelling.map { FoldedBytes.isClose(UnsafeBufferPointer(rebasing: $0.letters[Int($0.bounds.first!)..<Int($0.bounds.last!)]),
                                                   word.text, limit: limit) } ?? false
            }
            if close { return (.misspelling, index, .pinyin) }
        }
        return nil
    }
}
