import Testing
import TestSupport
@testable import FaceText

/// What a person expects at the top when they look for a face, in Chinese,
/// pinyin, English, code points and misspellings, over the default catalog and every emoji.
@Suite struct FaceSearchTests {
    static let search = FaceSearch(catalog: .default)

    static func top(_ query: String, _ count: Int) -> [String] {
        search.results(for: query).prefix(count).map(\.text)
    }

    /// The first result is this face (or emoji).
    @Test(arguments: [
        ("[哈哈]", "[哈哈]"), ("哈哈", "[哈哈]"), ("【哈哈】", "[哈哈]"), ("ha ha", "[哈哈]"), ("hā hā", "[哈哈]"),
        ("xiaoku", "[笑cry]"), ("xiao ku", "[笑cry]"), ("xiǎokū", "[笑cry]"), ("xiao4ku1", "[笑cry]"), ("笑哭了", "[笑cry]"),
        ("😂", "[笑cry]"), ("1f602", "[笑cry]"), ("U+1F602", "[笑cry]"), ("u+1f602", "[笑cry]"),
        ("laugh", "[笑cry]"), ("lauhg", "[笑cry]"), ("face with tears of joy", "[笑cry]"),
        ("doge", "[doge]"), ("DOGE", "[doge]"), ("cat face", "[喵喵]"),
        ("🇨🇳", "🇨🇳"), ("1f1e8-1f1f3", "🇨🇳"), ("china", "🇨🇳"), ("中国", "🇨🇳"),
        ("2764", "[心]"), ("❤", "[心]"), ("red heart", "[心]"),
        ("pizza", "🍕"), ("披萨", "🍕"), ("pisa", "🍕"), ("pizzza", "🍕"),
        ("thumbs up", "[赞]"), ("爱心", "[心]"), ("xinsui", "[伤心]"),
        // A word that is only a CLDR keyword (CLDR gives 😂 `haha`) is still read as pinyin first.
        ("haha", "[哈哈]"), ("hehe", "[微笑]"),
        // Emoji 15.1 to 17.0, by CLDR's names in both languages and by code point.
        ("phoenix", "🐦‍🔥"), ("凤凰", "🐦‍🔥"), ("lime", "🍋‍🟩"), ("眼袋", "🫩"), ("distorted face", "🫪"),
        ("1faea", "🫪"), ("变形的脸", "🫪"), ("orca", "🫍"), ("虎鲸", "🫍"), ("landslide", "🛘"), ("宝箱", "🪎"),
    ])
    func first(query: String, expected: String) {
        #expect(Self.top(query, 1) == [expected], "\(Self.top(query, 5))")
    }

    /// These are all among the first few.
    @Test(arguments: [
        ("笑", ["😂", "😆", "😹"], 40),
        ("猫", ["🐱", "🐈", "😺", "😸", "😹", "😻", "😼", "😽", "🙀", "😿", "😾"], 20),
        ("cat", ["🐱", "🐈", "😺", "😸", "😹", "😻", "😼", "😽", "🙀", "😿", "😾"], 20),
        ("hh", ["[哈哈]", "[嘿嘿]"], 8),
        ("laugh", ["😂", "😆", "🤣"], 6),
        ("heart", ["❤️", "💔"], 40),
        ("cat heart", ["😻"], 1),
    ])
    func amongTheFirst(query: String, expected: [String], within: Int) {
        let results = Self.search.results(for: query).prefix(within)
        let shown = Set(results.flatMap { [$0.text, $0.emoji ?? ""] })
        for item in expected { #expect(shown.contains(item), "\(item) not in the first \(within) for \(query)") }
    }

    @Test func everyWordMustMatch() {
        let results = Self.search.results(for: "cat heart")
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.matches.count == 2 || $0.matches.count == 1 })
        #expect(!results.contains { $0.emoji == "🐱" })
        #expect(Self.search.results(for: "cat zzzzqqqq").isEmpty)
        #expect(Self.search.results(for: "").isEmpty)
        #expect(Self.search.results(for: "   ").isEmpty)
    }

    /// Best rank first; within a rank, the catalog's faces before emoji no face stands for.
    @Test(arguments: ["笑", "cat", "hh", "face", "lauhg", "心", "heart", "ditu"])
    func rankedThenFacesFirst(query: String) {
        let results = Self.search.results(for: query)
        #expect(!results.isEmpty)
        for (a, b) in zip(results, results.dropFirst()) {
            #expect(a.rank <= b.rank)
            if a.rank == b.rank { #expect(a.face != nil || b.face == nil, "\(a.text) before \(b.text)") }
        }
    }

    /// What a word means ranks before what it only sounds like; sound-alikes are whole syllables.
    @Test func meaningBeforeSound() {
        let cry = Self.search.results(for: "哭")
        let byText = Dictionary(cry.map { ($0.text, $0.rank) }, uniquingKeysWith: { first, _ in first })
        // 酷 is ku, as 哭 is: a sound-alike, after every match by meaning; 困 (kun) and 狂笑 (kuang)
        // are not (😪 [困] may come by meaning: CLDR gives it the keyword 哭).
        #expect(byText["[酷]"] == .sound)
        #expect(byText["[困]"].map { $0 < .sound } ?? true && byText["[太开心]"] == nil)
        #expect(cry.prefix { $0.rank != .sound }.allSatisfy { $0.matches.allSatisfy { $0.field != .pinyin } })
        // An English keyword is not read as pinyin above its meaning: bye is 👋, not 毕业.
        let bye = Self.search.results(for: "bye")
        #expect(bye.first?.emoji == "👋")
        #expect(bye.filter { $0.matches.contains { $0.field == .pinyin } }.allSatisfy { $0.rank == .sound })
    }

    /// Every reading of a polyphone counts: 地 is de and di, 行 xing and hang, 重 zhong and chong, 觉 jue and jiao.
    @Test(arguments: [("ditu", "🗺️"), ("diqiu", "🌍"), ("yinhang", "🏦"), ("chongfu", "🔁"), ("shuijiao", "[睡]")])
    func polyphonesMatchInEveryReading(query: String, expected: String) {
        let top = Self.search.results(for: query).prefix(3).flatMap { [$0.text, $0.emoji ?? ""] }
        #expect(top.contains(expected), "\(top)")
    }

    /// A face has the keywords of its catalog entry and of its emoji, and everyday words.
    @Test(arguments: [("狗", ["[doge]", "[二哈]"]), ("点赞", ["[赞]"]), ("吃瓜", ["[吃瓜]"]), ("加油", ["💪"]), ("庆祝", ["🎉"]),
                      ("哈士奇", ["[二哈]"]), ("dianzan", ["[赞]"])])
    func facesCarryKeywords(query: String, expected: [String]) {
        let top = Self.search.results(for: query).prefix(5).flatMap { [$0.text, $0.emoji ?? ""] }
        for item in expected { #expect(top.contains(item), "\(item) not in \(top)") }
        let faces = FaceSearch(catalog: .default, includesEmoji: false).results(for: "狗").map(\.text)
        #expect(faces.starts(with: ["[doge]", "[二哈]"]) || faces.starts(with: ["[二哈]", "[doge]"]), "\(faces)")
    }

    @Test func facesOnlyLeavesOutEmojiWithoutAFace() {
        let faces = FaceSearch(catalog: .default, includesEmoji: false)
        #expect(faces.results(for: "猫").allSatisfy { $0.face != nil })
        #expect(faces.results(for: "pizza").isEmpty)
        // An emoji a face stands for is that face, not a second result.
        let cry = Self.search.results(for: "😂")
        #expect(cry.count == 1 && cry[0].face?.tag == "[笑cry]")
    }

    @Test func matchesSayWhatMatched() {
        let cry = Self.search.results(for: "xiaoku")[0]
        #expect(cry.rank == .exact)
        #expect(cry.matches == [FaceSearch.Match(rank: .exact, field: .pinyin, text: "xiao ku (笑哭)")])
        #expect(Self.search.results(for: "xiaokule")[0].matches == [FaceSearch.Match(rank: .exact, field: .pinyin, text: "xiao ku le ([笑哭了])")])
        #expect(Self.search.results(for: "yinhang")[0].matches == [FaceSearch.Match(rank: .exact, field: .pinyin, text: "yin hang (银行)")])
        #expect(Self.search.results(for: "U+1F602")[0].matches[0].text == "U+1F602")
        #expect(Self.search.results(for: "lauhg")[0].rank == .misspelling)
        #expect(Self.search.results(for: "laugh")[0].matches[0] == FaceSearch.Match(rank: .keyword, field: .keyword, text: "laugh"))
        #expect(Self.search.results(for: "哈哈")[0].rank == .exact)
        #expect(Self.search.results(for: "xiaoku")[0].name == "笑哭了")
    }

    /// A query that matches as typed is not also read as misspelt; one that matches nothing is.
    @Test(arguments: ["laugh", "xiaoku", "heart", "cat face", "猫"])
    func misspellingsOnlyWhenNothingMatches(query: String) {
        let results = Self.search.results(for: query)
        #expect(!results.isEmpty && !results.contains { $0.rank == .misspelling })
    }

    /// Misspellings need four letters: short words match only as written.
    @Test func shortWordsAreNotMisspellings() {
        #expect(!Self.search.results(for: "cst").contains { $0.rank == .misspelling })
        #expect(Self.search.results(for: "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz").isEmpty)
    }

    /// A catalog of its own: faces without emoji are found by tag and pinyin.
    @Test func aCatalogOfItsOwn() {
        let catalog = FaceCatalog(faces: [Face(tag: "[二哈]", aliases: ["[Husky]"]), Face(tag: "[吃瓜]", emoji: "🍉")])
        let search = FaceSearch(catalog: catalog, includesEmoji: false)
        #expect(search.results(for: "erha").map(\.text) == ["[二哈]"])
        #expect(search.results(for: "husky").map(\.text) == ["[二哈]"])
        #expect(search.results(for: "chigua").map(\.text) == ["[吃瓜]"])
        #expect(search.results(for: "watermelon").map(\.text) == ["[吃瓜]"])
        #expect(search.results(for: "西瓜").map(\.text) == ["[吃瓜]"])
    }
}

/// Any query answers, ranked and without a crash: hostile text (broken tags, emoji
/// fragments, invalid UTF-8 as U+FFFD, line breaks), very long words and very many.
@Suite struct HostileQueryTests {
    @Test(arguments: [UInt64(31), 32])
    func anyQueryAnswersRanked(seed: UInt64) {
        let search = FaceSearch(catalog: .default)
        var hostile = HostileText(seed: seed)
        for _ in 0..<30 {
            let query = String(decoding: hostile.next(maximumPieces: 6), as: UTF8.self)
            let results = search.results(for: query)
            #expect(zip(results, results.dropFirst()).allSatisfy { $0.rank <= $1.rank }, "\(query.debugDescription)")
        }
        let long = String(repeating: "哈", count: 5_000) + " " + String(repeating: "ha", count: 5_000) + " U+" + String(repeating: "F", count: 300)
        #expect(search.results(for: long).isEmpty)
        #expect(!search.results(for: Array(repeating: "a", count: 40).joined(separator: " ")).isEmpty)
        #expect(search.results(for: "\u{1F3FD}\u{200D}\u{FE0F}").allSatisfy { $0.emoji != nil })
    }
}
