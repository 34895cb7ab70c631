/// Finds faces and emoji by what they mean.
///
/// A query is one or more words; a result must match every word. A word
/// matches a catalog face by its tags (any spelling, brackets optional) and
/// its own keywords (``Face/keywords``); a face with an emoji, or an emoji of
/// its own, also by the emoji itself, its code points (`1f602`, `U+1F602`),
/// its CLDR names and keywords in English and Chinese (``EmojiAnnotation``)
/// and the everyday words of ``ChatKeywords`` (`点赞` for 👍). Chinese tags,
/// names and own keywords also match by pinyin in every reading of each
/// character, spelled out or by initials, tones and spaces optional
/// (`xiaoku`, `hh`), and a Chinese word finds what sounds the same, syllable
/// for syllable (`爱心` finds the traditional name `愛心`).
///
/// Results are ranked by their weakest word (``Rank``): what a word means
/// before what it sounds like. An ASCII word that is text of some entry (an
/// English name or keyword, say `bye`) has its pinyin readings ranked
/// ``Rank/sound``, below every meaning. Within a rank, the catalog's faces
/// come first, then results whose tags, names or own keywords matched
/// better, then search order: the catalog's faces in catalog order, then the
/// emoji no face stands for, in Unicode's order. A query of several words is
/// also tried as one phrase (`cat face`), and, when they are pinyin-like, as
/// one pinyin word (`ha ha` as `haha`); a result takes the better rank.
///
/// ```swift
/// let search = FaceSearch(catalog: .default)
/// search.results(for: "xiaoku").first?.face?.tag   // "[笑cry]"
/// ```
public struct FaceSearch: Sendable {
    /// How well a result matched, best first.
    public enum Rank: Int, Comparable, Sendable, CaseIterable {
        /// A tag, name, own keyword, the emoji itself or its code points, equal
        /// to the word; or the whole pinyin of a Chinese tag, name or own keyword,
        /// every syllable in full.
        case exact
        /// A CLDR keyword equal to the word, in any language.
        case keyword
        /// A tag or name starting with the word.
        case prefix
        /// A whole word of a tag or name (for Chinese, any part of it).
        case word
        /// A keyword (CLDR's or the face's own) starting with the word or holding
        /// it (a whole word, or any part for Chinese); or the start of a word of
        /// three or more letters in a tag, name or keyword.
        case partial
        /// The pinyin of the start of a Chinese tag, name or own keyword,
        /// syllables in full (the last may be cut short); or a Chinese word of
        /// two or more characters that sounds the same as a whole tag or name.
        case pinyin
        /// The initials of every syllable of a tag or name (`ws` for 握手), or
        /// whole syllables from inside one through its end (`ditu` for 世界地图).
        case initials
        /// Part of a tag or name's pinyin: only the start of its first syllable
        /// (`xia` for 笑哭了); from its start with some syllables cut short, not
        /// reaching its end (`xk`); or from inside it.
        case fragment
        /// What only sounds like the word: a Chinese word whose syllables are
        /// those of a tag or name's start (哭 finds 酷), or a word that is English
        /// text somewhere read as pinyin (`bye` as 毕业).
        case sound
        /// A word of four or more letters one edit from a word of a tag, name
        /// or keyword (two edits from eight letters on); looked for only when
        /// the query finds nothing as typed.
        case misspelling

        public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }

        /// The next rank down (misspelling stays).
        var weaker: Rank { Rank(rawValue: rawValue + 1) ?? .misspelling }
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

    /// A query that finds at least this many results as typed is not also
    /// read as misspelt.
    static let enoughWithoutMisspellings = 1

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
        var found: [(order: Int, words: [SearchIndex.Candidates], together: [SearchIndex.Candidates?])] = []
        index.tagBytes.withUnsafeBufferPointer { tagBytes in
            let pinyin = (words + together).contains { ($0.pinyin != nil || $0.sound != nil) && $0.use != .phrase }
            let reader = SearchIndex.Reader(tagBytes: tagBytes, table: index.table.bytes,
                                            tagSpellings: pinyin ? index.tagSpellings(tagBytes) : PinyinSpellings(), readsPinyin: pinyin)
            // Misspellings are looked for only when the query finds nothing as typed: then
            // the whole search runs again with them.
            for misspellings in [false, true] {
                found.removeAll(keepingCapacity: true)
                for (order, entry) in index.entries.enumerated() {
                    var each: [SearchIndex.Candidates]? = []
                    for word in words {
                        guard let candidates = index.candidates(word, in: entry, reader, misspellings: misspellings) else { each = nil; break }
                        each!.append(candidates)
                    }
                    let joined = together.map { index.candidates($0, in: entry, reader, misspellings: misspellings) }
                    guard each != nil || joined.contains(where: { $0 != nil }) else { continue }
                    found.append((order, each ?? [], joined))
                }
                if found.count >= Self.enoughWithoutMisspellings { break }
            }
        }
        // An English word (a whole word of an English name, or all of a face's own keyword) is not also read as
        // pinyin above that; a CLDR keyword alone does not count (`haha`, CLDR's for 😂, is still [哈哈] first).
        let demoted = words.indices.map { word in
            words[word].isASCII && found.contains { found in
                guard !found.words.isEmpty, let text = found.words[word].text else { return false }
                return [.exact, .keyword, .word].contains(text.rank) && [.englishName, .ownKeyword].contains(text.field.kind)
            }
        }
        var ranked: [(rank: Rank, face: Bool, closeness: Int, order: Int, matches: [SearchIndex.Found])] = []
        for (order, each, joined) in found {
            var best: (rank: Rank, closeness: Int, matches: [SearchIndex.Found])?
            if !each.isEmpty {
                let matches = each.indices.map { each[$0].best(demoted: demoted[$0])! }
                best = (matches.map(\.rank).max()!, each.indices.map { each[$0].closeness(demoted: demoted[$0]) }.max()!, matches)
            }
            for candidates in joined {
                if let candidates, let match = candidates.best(demoted: false), match.rank < best?.rank ?? .misspelling {
                    best = (match.rank, candidates.closeness(demoted: false), [match])
                }
            }
            guard let best else { continue }
            ranked.append((best.rank, index.entries[order].face != nil, best.closeness, order, best.matches))
        }
        ranked.sort { ($0.rank, $0.face ? 0 : 1, $0.closeness, $0.order) < ($1.rank, $1.face ? 0 : 1, $1.closeness, $1.order) }
        return ranked.map { result($0.rank, index.entries[$0.order], $0.matches) }
    }

    private func result(_ rank: Rank, _ entry: SearchIndex.Entry, _ found: [SearchIndex.Found]) -> Result {
        let annotation = entry.annotation.map(index.table.annotation)
        let face = entry.face.map { index.catalog.faces[$0] }
        let matches = found.map { match -> Match in
            let field = match.field
            let bytes = field.kind == .tag || field.kind == .ownKeyword ? Array(index.tagBytes[field.range]) : Array(index.table.bytes[field.range])
            let text = String(decoding: bytes, as: UTF8.self)
            switch match.via {
            case .code:
                return Match(rank: match.rank, field: .code, text: EmojiName.codePoints(of: text))
            case .pinyin:
                return Match(rank: match.rank, field: .pinyin, text: FaceSearch.Pinyin.spelling(of: text, as: String(decoding: match.letters, as: UTF8.self)).joined(separator: " ") + " (\(text))")
            case .text:
                let kind: Field = switch field.kind {
                case .tag: .tag
                case .emoji: .emoji
                case .englishName, .chineseName: .name
                case .keyword, .ownKeyword: .keyword
                }
                return Match(rank: match.rank, field: kind, text: text)
            }
        }
        return Result(face: face, emoji: face?.emoji ?? annotation?.emoji, annotation: annotation, rank: rank, matches: matches)
    }
}
