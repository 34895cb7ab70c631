/// Finds faces and emoji by what they mean.
///
/// A query is one or more words; a result must match every word. A word
/// matches a catalog face by its tags (any spelling, brackets optional), and
/// a face with an emoji, or an emoji of its own, by the emoji itself, its code
/// points (`1f602`, `U+1F602`) and its CLDR names and keywords in English and
/// Chinese (``EmojiAnnotation``). Chinese tags and names also match by pinyin,
/// spelled out or by initials, tones and spaces optional (`xiaoku`, `hh`), and
/// a Chinese word finds what sounds the same from its start, as pinyin (`爱心`
/// finds the traditional name `愛心`).
///
/// Results are ranked by their weakest word (``Rank``), and keep the search
/// order within a rank: the catalog's faces in catalog order, then the emoji
/// no face stands for, in Unicode's order. A query of several words is also
/// tried as one phrase (`cat face`), and, when they are pinyin-like, as one
/// pinyin word (`ha ha` as `haha`); a result takes the better rank.
///
/// ```swift
/// let search = FaceSearch(catalog: .default)
/// search.results(for: "xiaoku").first?.face?.tag   // "[笑cry]"
/// ```
public struct FaceSearch: Sendable {
    /// How well a result matched, best first.
    public enum Rank: Int, Comparable, Sendable, CaseIterable {
        /// A tag, name, the emoji itself or its code points, equal to the word;
        /// or the whole pinyin of a Chinese tag or name, every syllable in full.
        case exact
        /// A tag or name starting with the word.
        case prefix
        /// A whole word of a tag or name (for Chinese, any part of it).
        case word
        /// A keyword, or the start of a word of a name or keyword.
        case keyword
        /// The pinyin of the start of a Chinese tag or name, syllables in full
        /// (the last may be cut short).
        case pinyin
        /// Pinyin initials, or pinyin from inside a tag or name.
        case initials
        /// A word of four or more letters one edit from a word of a tag, name
        /// or keyword (two edits from eight letters on).
        case misspelling

        public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where a word matched.
    public enum Field: String, Sendable {
        case tag, emoji, code, name, keyword, pinyin
    }

    /// What one query word matched.
    public struct Match: Sendable, Hashable {
        /// How well.
        public let rank: Rank
        /// In which field.
        public let field: Field
        /// The text it matched: the tag, name or keyword, the code points, or
        /// the pinyin spelling (`xiao ku le`).
        public let text: String
    }

    /// One face or emoji found.
    public struct Result: Sendable, Hashable {
        /// The catalog face, or nil for an emoji no face stands for.
        public let face: Face?
        /// The face's emoji, or the emoji found.
        public let emoji: String?
        /// CLDR's names and keywords for the emoji, if it has them.
        public let annotation: EmojiAnnotation?
        /// The weakest of ``matches``' ranks.
        public let rank: Rank
        /// What each query word matched, in query order.
        public let matches: [Match]

        /// The text to write for it: the face's tag, else the emoji.
        public var text: String { face?.tag ?? emoji ?? "" }
        /// The Chinese name, else the English one, else empty.
        public var name: String {
            guard let annotation else { return "" }
            return annotation.chineseName.isEmpty ? annotation.englishName : annotation.chineseName
        }
    }

    let index: SearchIndex

    /// A search over `catalog`'s faces and, if `includesEmoji`, every annotated
    /// emoji that none of its faces stands for.
    public init(catalog: FaceCatalog, includesEmoji: Bool = true) {
        index = SearchIndex(catalog: catalog, includesEmoji: includesEmoji)
    }

    /// The longest query searched, in bytes of UTF-8: a search costs about
    /// its length times the catalog's size, and a person's query is a few words.
    public static let maximumQueryBytes = 256
    /// The most words of a query searched.
    public static let maximumQueryWords = 16

    /// `query` cut to what is searched: at most ``maximumQueryBytes`` bytes
    /// (never inside a character) and ``maximumQueryWords`` words.
    public static func searched(_ query: String) -> Substring {
        var end = query.startIndex
        var words = 0
        var inWord = false
        for index in query.indices {
            if query.utf8.distance(from: query.startIndex, to: query.index(after: index)) > maximumQueryBytes { break }
            let isSpace = query[index].isWhitespace
            if !isSpace && !inWord {
                words += 1
                if words > maximumQueryWords { break }
            }
            inWord = !isSpace
            end = query.index(after: index)
        }
        return query[..<end]
    }

    /// The faces and emoji matching every word of `query` (split at white
    /// space), best first; empty for a query without words. Only the start
    /// of a longer query is searched (``searched(_:)``).
    public func results(for query: String) -> [Result] {
        let words = Self.searched(query).split(whereSeparator: \.isWhitespace).map { SearchWord(String($0)) }
        guard !words.isEmpty else { return [] }
        // Several words are also tried as one phrase ("cat face"), and pinyin-like
        // ones as one pinyin word ("ha ha" as "haha").
        var together: [SearchWord] = []
        if words.count > 1 {
            together.append(SearchWord(words.map(\.typed).joined(separator: " "), use: .phrase))
            let letters = words.map(\.pinyin)
            if letters.allSatisfy({ $0 != nil }) { together.append(SearchWord(letters.map { String(decoding: $0!, as: UTF8.self) }.joined(), use: .pinyin)) }
        }
        var found: [(rank: Rank, order: Int, matches: [SearchIndex.Found])] = []
        index.tagBytes.withUnsafeBufferPointer { tagBytes in
            let pinyin = (words + together).contains { ($0.pinyin != nil || $0.sound != nil) && $0.use != .phrase }
            let reader = SearchIndex.Reader(tagBytes: tagBytes, table: index.table.bytes,
                                            tagSpellings: pinyin ? index.tagSpellings(tagBytes) : PinyinSpellings(), readsPinyin: pinyin)
            for (order, entry) in index.entries.enumerated() {
                var matches: [SearchIndex.Found]? = []
                for word in words {
                    guard let match = index.bestMatch(word, in: entry, reader) else { matches = nil; break }
                    matches!.append(match)
                }
                for word in together {
                    if let match = index.bestMatch(word, in: entry, reader),
                       matches == nil || match.rank < matches!.map(\.rank).max()! {
                        matches = [match]
                    }
                }
                guard let matches, let rank = matches.map(\.rank).max() else { continue }
                found.append((rank, order, matches))
            }
        }
        found.sort { ($0.rank, $0.order) < ($1.rank, $1.order) }
        return found.map { result($0.rank, index.entries[$0.order], $0.matches) }
    }

    private func result(_ rank: Rank, _ entry: SearchIndex.Entry, _ found: [SearchIndex.Found]) -> Result {
        let annotation = entry.annotation.map(index.table.annotation)
        let face = entry.face.map { index.catalog.faces[$0] }
        let matches = found.map { match -> Match in
            let field = match.field
            let bytes = field.kind == .tag ? Array(index.tagBytes[field.range]) : Array(index.table.bytes[field.range])
            let text = String(decoding: bytes, as: UTF8.self)
            switch match.via {
            case .code:
                return Match(rank: match.rank, field: .code, text: EmojiName.codePoints(of: text))
            case .pinyin:
                return Match(rank: match.rank, field: .pinyin, text: Pinyin.spelling(of: text).joined(separator: " ") + " (\(text))")
            case .text:
                let kind: Field = switch field.kind {
                case .tag: .tag
                case .emoji: .emoji
                case .englishName, .chineseName: .name
                case .keyword: .keyword
                }
                return Match(rank: match.rank, field: kind, text: text)
            }
        }
        return Result(face: face, emoji: face?.emoji ?? annotation?.emoji, annotation: annotation, rank: rank, matches: matches)
    }
}
