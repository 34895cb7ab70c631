extension SearchIndex {
    /// How a field matched: by its text, by the emoji's code points, or by its pinyin.
    enum Via {
        case text, code, pinyin
    }

    /// One match of one word in one entry: its rank, the field, how, and for a
    /// match by typed pinyin the letters typed (to show the readings they took).
    typealias Found = (rank: FaceSearch.Rank, field: Field, via: Via, letters: [UInt8])

    /// The best matches of one word in one entry: by text (misspellings
    /// included) and by pinyin, kept apart because a word that is also
    /// text somewhere has its pinyin matches demoted (``FaceSearch``), and
    /// the best rank of a match in a tag, name or own keyword, which orders
    /// results of one rank.
    struct Candidates {
        var text: Found?
        var pinyin: Found?
        var nameRank: FaceSearch.Rank?
        /// The same, of pinyin matches.
        var pinyinNameRank: FaceSearch.Rank?

        /// How closely a tag, name or own keyword matched, pinyin left out if
        /// `demoted`: the rank's order, lower is closer; past every rank when none did.
        func closeness(demoted: Bool) -> Int {
            let rank = demoted ? nameRank : [nameRank, pinyinNameRank].compactMap { $0 }.min()
            return rank.map { Int($0.rawValue) } ?? Int.max
        }

        /// The better of the two, the pinyin one ranked `.sound` at best if `demoted`.
        func best(demoted: Bool) -> Found? {
            var pinyin = pinyin
            if demoted, let found = pinyin { pinyin = (max(found.rank, .sound), found.field, found.via, found.letters) }
            guard let text else { return pinyin }
            guard let pinyin else { return text }
            return pinyin.rank < text.rank ? pinyin : text
        }
    }

    /// What the rules read: the bytes of fields, and the pinyin of tags and own
    /// keywords (read once per query, when a word could be pinyin) and of Chinese
    /// names (spelled in the table).
    struct Reader {
        let tagBytes: UnsafeBufferPointer<UInt8>
        let table: UnsafeBufferPointer<UInt8>
        /// The pinyin of tags and own keywords, when a word could be pinyin (else empty: ``readsPinyin`` is false).
        let tagSpellings: PinyinSpellings
        let readsPinyin: Bool

        func text(_ field: Field) -> FoldedBytes.Text {
            FoldedBytes.Text(rebasing: (field.kind == .tag || field.kind == .ownKeyword ? tagBytes : table)[field.range])
        }

        /// Whether a syllable of a Chinese name's pinyin may start with the typed
        /// `letter` (each starts with a capital in the table): a quick look before reading it.
        @inline(__always)
        func mayStartWith(_ letter: UInt8, _ field: Field) -> Bool {
            guard field.kind == .chineseName else { return true }
            let capital = letter &- 0x20, alsoCapital = letter == UInt8(ascii: "u") ? UInt8(ascii: "V") : capital
            for index in field.spelling where table[index] == capital || table[index] == alsoCapital { return true }
            return letter &- 0x30 < 10
        }

        /// Calls `body` with the pinyin of a tag, own keyword or Chinese name, or nil for none.
        func withSpelling<R>(_ field: Field, _ body: (PinyinSpelling?) -> R) -> R {
            guard readsPinyin else { return body(nil) }
            switch field.kind {
            case .tag, .ownKeyword: return tagSpellings.withSpelling(field.spelling.lowerBound, body)
            case .chineseName: return PinyinSpelling.reading(UnsafeBufferPointer(rebasing: table[field.spelling]), body)
            case .emoji, .englishName, .keyword: return body(nil)
            }
        }
    }

    /// The best matches of `word` among `entry`'s fields, trying each rule in
    /// rank order, and, if `misspellings`, misspellings when nothing else
    /// matched; nil when nothing matched.
    func candidates(_ word: SearchWord, in entry: Entry, _ reader: Reader, misspellings: Bool) -> Candidates? {
        var found = Candidates()
        forEachField(of: entry) { field in
            let named = field.kind.isNamed
            if word.use != .pinyin, let rank = rank(of: word, in: field, reader.text(field)) {
                if rank < found.text?.rank ?? .misspelling {
                    found.text = (rank, field, field.kind == .emoji && word.codePoints != nil && rank == .exact ? .code : .text, [])
                }
                // An own keyword says less than the face's tag or name: it orders a step after.
                if named { found.nameRank = min(found.nameRank ?? .misspelling, field.kind == .ownKeyword ? rank.weaker : rank) }
                if rank == .exact { return false }
            }
            guard !field.spelling.isEmpty else { return true }
            if word.use != .phrase, let letters = word.pinyin, reader.mayStartWith(letters[0], field),
               let (match, common) = reader.withSpelling(field, { $0.flatMap { Self.pinyin(letters, in: $0) } }) {
                let rank: FaceSearch.Rank = switch match {
                case .complete: .exact
                case .spelled: .pinyin
                case .initials, .insideInFull: .initials
                case .firstSyllablePart, .abbreviated, .inside: .fragment
                }
                if rank < found.pinyin?.rank ?? .misspelling { found.pinyin = (rank, field, .pinyin, letters) }
                // Whole syllables from inside order before initials; read by a less common
                // reading or from an own keyword, a match orders a step after.
                let closeness: FaceSearch.Rank = match == .insideInFull ? .pinyin : rank
                found.pinyinNameRank = min(found.pinyinNameRank ?? .misspelling, !common || field.kind == .ownKeyword ? closeness.weaker : closeness)
            }
            // A Chinese word also finds a tag or name that sounds the same, syllable for
            // syllable from its start: as pinyin when it is the whole of a name of two or
            // more syllables (爱心 finds 愛心), else as a sound-alike (哭 finds 酷, not 困).
            if word.use == .word, let sound = word.sound, .pinyin < found.pinyin?.rank ?? .misspelling,
               let match = reader.withSpelling(field, { $0.flatMap { PinyinMatch.syllables(sound, in: $0) } }) {
                let rank: FaceSearch.Rank = match == .complete && sound.count > 1 ? .pinyin : .sound
                if rank < found.pinyin?.rank ?? .misspelling { found.pinyin = (rank, field, .pinyin, []) }
            }
            return true
        }
        if misspellings, found.text == nil, found.pinyin == nil, word.use == .word {
            found.text = misspelling(word, in: entry, reader)
            // A tag or name misspelled orders before a keyword misspelled.
            if let field = found.text?.field, field.kind.isNamed { found.nameRank = .misspelling }
        }
        return found.text == nil && found.pinyin == nil ? nil : found
    }

    /// How pinyin `letters` match a spelling, and whether by the most common
    /// readings alone (else by some less common reading of a character).
    private static func pinyin(_ letters: [UInt8], in spelling: PinyinSpelling) -> (PinyinMatch, common: Bool)? {
        guard let any = PinyinMatch.best(letters, in: spelling) else { return nil }
        guard (0..<spelling.count).contains(where: { spelling.alternativeCount(of: $0) > 1 }) else { return (any, true) }
        let common = PinyinMatch.best(letters, in: spelling, primaryOnly: true)
        return common == any ? (any, true) : (any, false)
    }

    /// The rank of a match of `word` by the text of one field, or nil.
    private func rank(of word: SearchWord, in field: Field, _ text: FoldedBytes.Text) -> FaceSearch.Rank? {
        if field.kind == .emoji {
            if FoldedBytes.equalIgnoringSelector(text, word.emojiKey) { return .exact }
            if let codePoints = word.codePoints, FoldedBytes.scalars(of: text).filter({ $0 != 0xFE0F }) == codePoints { return .exact }
            return nil
        }
        let text = field.kind == .tag ? FoldedBytes.bare(text) : text
        // Every rule below needs the word's first byte somewhere in the text: one quick look first.
        guard let first = word.text.first, FoldedBytes.containsByte(text, first) else { return nil }
        // A keyword counts whole (a face's own as much as its tags; CLDR's a step less); any part of one is partial.
        let isKeyword = field.kind == .keyword || field.kind == .ownKeyword
        if FoldedBytes.equal(text, word.text) { return field.kind == .keyword ? .keyword : .exact }
        // CLDR names a flag or keycap by its kind and then itself (`flag: China`, `旗: 中国`): the second part is its name too.
        if field.kind == .englishName || field.kind == .chineseName, let named = FoldedBytes.qualified(text),
           FoldedBytes.equal(named, word.text) { return .exact }
        if FoldedBytes.hasPrefix(text, word.text) { return isKeyword ? .partial : .prefix }
        if word.isASCII {
            if FoldedBytes.anyWord(of: text, { FoldedBytes.equal($0, word.text) }) { return isKeyword ? .partial : .word }
            if word.text.count >= 3, FoldedBytes.anyWord(of: text, { FoldedBytes.hasPrefix($0, word.text) }) { return .partial }
        } else if FoldedBytes.contains(text, word.text) {
            return isKeyword ? .partial : .word
        }
        return nil
    }

    /// A word of four to 32 ASCII letters one edit (two from eight letters) from
    /// a word of a tag, name or keyword, or from the whole pinyin of a Chinese tag or name.
    private func misspelling(_ word: SearchWord, in entry: Entry, _ reader: Reader) -> Found? {
        guard word.isASCII, (4...32).contains(word.text.count) else { return nil }
        let limit = word.text.count >= 8 ? 2 : 1
        var found: Found?
        forEachField(of: entry) { field in
            guard field.kind != .emoji, found?.field.kind.isNamed != true,
                  FoldedBytes.anyWord(of: reader.text(field), { FoldedBytes.isClose($0, word.text, limit: limit) }) else { return true }
            found = (.misspelling, field, .text, [])
            return !field.kind.isNamed
        }
        if found != nil { return found }
        forEachField(of: entry) { field in
            let close = reader.withSpelling(field) { spelling in
                guard let spelling else { return false }
                // Only a spelling of about the word's length can be close: measure before joining.
                var length = 0
                for piece in 0..<spelling.count { length += spelling.alternative(0, of: piece).count }
                guard abs(length - word.text.count) <= limit else { return false }
                return spelling.joined.withUnsafeBufferPointer { FoldedBytes.isClose($0, word.text, limit: limit) }
            }
            if close { found = (.misspelling, field, .pinyin, []) }
            return !close
        }
        return found
    }
}
