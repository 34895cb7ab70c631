import Testing
import TestSupport
@testable import FaceText

/// `tag` takes runs of emoji in a loop of its own (``RunShape`` and the
/// memo's tables of short and long clusters). Whatever the run holds, its
/// output must be what the scanner's tokens say, the same way the general
/// loop sees them: each face as its tag, everything else as its own bytes.
@Suite struct RunClusterTests {
    /// Every shape the run loop tells apart, the same shapes with something
    /// after them that extends them (which must send them the slow way), and
    /// text that ends a run.
    static let pieces: [String] = [
        // Single scalars, with a face in the catalog below or not; text-style ones.
        "😀", "🙂", "🚀", "❤", "✌", "™", "☀", "\u{1F170}", "\u{1F004}",
        // With U+FE0F.
        "❤️", "✌️", "☀️", "🏳️", "\u{1F170}\u{FE0F}",
        // Skin tones on both blocks' bases, one twice.
        "👍🏽", "👍🏻", "✌🏽", "☝🏿", "👍🏽🏽",
        // Flags, a lone regional indicator, three in a row.
        "🇨🇳", "🇺🇸", "\u{1F1E8}", "🇨🇳\u{1F1FA}",
        // Keycaps, with and without U+FE0F, and bases that make none.
        "1️⃣", "1⃣", "#️⃣", "*⃣", "7", "7\u{FE0F}",
        // ZWJ sequences, short and long, a tag sequence, and one cut short.
        "👩‍💻", "🏳️‍🌈", "🧑🏽‍💻", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🧑‍🤝‍🧑", "👁️‍🗨️",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "👨\u{200D}",
        // Long clusters alike but at the end (one table set would not hold them all), and one over 32 bytes.
        "👩🏽‍💻", "👩🏽‍🔬", "👩🏽‍🍳", "👩🏻‍❤️‍👨🏼", "👩🏻‍❤️‍👨🏽", "👩🏻‍❤️‍👩🏼", "🧑🏻‍🤝‍🧑🏼", "🧑🏻‍🤝‍🧑🏿",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "❤️‍🔥", "❤️‍🩹", "🏳️‍⚧️", "👩🏻‍❤️‍💋‍👨🏼",
        // Latin-1 symbols that are emoji or text; with a skin tone, U+FE0E, a ZWJ and a
        // pictograph (GB11), a combining mark.
        "©", "®", "©️", "®️", "©🏻", "©\u{FE0E}", "©\u{200D}🔥", "®\u{0301}", "©️\u{0301}",
        // Extenders right after: a combining mark, U+FE0E, U+20E3, ZWNJ, a symbol mark,
        // a tag character alone, and a combining mark of another plane (U+1D165).
        "😀\u{0301}", "😀\u{FE0E}", "😀\u{20E3}", "😀\u{200C}", "✌\u{20D0}", "😀\u{E0067}", "😀\u{1D165}",
        "👍🏽\u{0301}", "1️⃣\u{0301}", "🇨🇳\u{0301}", "👨‍👩‍👧\u{0301}", "❤️\u{FE0F}",
        // What ends a run.
        "a", "好", " ", "\n", "[哈哈]", "\u{00E9}", "\u{FF0C}",
    ]

    static let catalog = FaceCatalog(faces: FaceCatalog.default.faces + [
        Face(tag: "[赞肤]", emoji: "👍🏽"), Face(tag: "[耶肤]", emoji: "✌🏽"), Face(tag: "[中国]", emoji: "🇨🇳"),
        Face(tag: "[一]", emoji: "1️⃣"), Face(tag: "[井]", emoji: "#️⃣"), Face(tag: "[家]", emoji: "👨‍👩‍👧‍👦"),
        Face(tag: "[英格兰]", emoji: "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"), Face(tag: "[码农]", emoji: "👩‍💻"),
        Face(tag: "[A]", emoji: "\u{1F170}"), Face(tag: "[码农肤]", emoji: "👩🏽‍💻"), Face(tag: "[情侣]", emoji: "👩🏻‍❤️‍👨🏼"),
        Face(tag: "[苏格兰]", emoji: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"), Face(tag: "[心火]", emoji: "❤️‍🔥"),
        Face(tag: "[版权]", emoji: "©️"),
    ])

    /// The output the tokens of the general scanner give.
    private func expected(_ input: [UInt8]) -> [UInt8] {
        taggedReference(FaceScanner(catalog: Self.catalog, recognizing: [.emoji, .images]).tokens(in: input), in: input,
                        catalog: Self.catalog)
    }

    @Test func everyShapeInARunIsTaggedAsItsTokenSays() {
        let tagger = FaceTagger(catalog: Self.catalog)
        var generator = SeededGenerator(seed: 0x2C1E)
        for round in 0..<60 {
            // Runs long enough for the loop's fast paths (32 bytes ahead), with pieces
            // coming again so that what it learned is used; mostly emoji.
            var text = "😀"
            for _ in 0..<(40 + round * 7) {
                let piece = Self.pieces.randomElement(using: &generator)!
                text += piece.unicodeScalars.first!.value < 0x80 && generator.next() % 3 != 0 ? "😀" : piece
            }
            let input = Array(text.utf8)
            let expected = expected(input)
            #expect(tagger.tag(input) == expected, "round \(round)")
            for chunkSize in [7, 64, 4097] {
                #expect(tagger.makeStream().output(of: input, inChunksOf: chunkSize) == expected, "round \(round) in chunks of \(chunkSize)")
            }
        }
    }

    @Test func copyrightAndRegisteredInARunEndWhereTheirClusterEnds() {
        // © and ® are told by their shape in a run (not by the matcher): whatever follows them must
        // be read as the scanner reads it, a combining mark (lead byte CC) most of all.
        let tagger = FaceTagger(catalog: Self.catalog)
        let padding = String(repeating: "😀", count: 12)
        let alone = String(decoding: tagger.tag(Array((padding + "©️" + padding).utf8)), as: UTF8.self)
        #expect(alone.contains("[版权]"), "\(alone)")
        for symbol in ["©", "©️", "®", "®️"] {
            for after in ["", "\u{0301}", "\u{FE0E}", "🏻", "\u{200D}🔥", "\u{00E9}", "©", "a", "好"] {
                let input = Array((padding + symbol + after + "😀" + symbol + after + padding).utf8)
                #expect(tagger.tag(input) == expected(input), "\(EmojiName.codePoints(of: symbol + after))")
            }
        }
    }

    @Test func aClusterEndingInAJoinerIsJoinedByAPictographAfterItEvenWhenMetBefore() {
        // Learned where text follows (the joiner ends it), then met again before a pictograph (GB11).
        let tagger = FaceTagger(catalog: Self.catalog)
        let padding = String(repeating: "😀", count: 12)
        for joined in ["👨‍👩‍👧\u{200D}", "👨‍👩\u{200D}", "👨\u{200D}", "🏳️\u{200D}", "🧑🏽\u{200D}"] {
            let input = Array(("😀" + joined + "a😀" + joined + "a😀" + joined + "👦" + padding).utf8)
            #expect(tagger.tag(input) == expected(input), "\(EmojiName.codePoints(of: joined))")
        }
    }

    @Test func longClustersThatShareATableSetAreToldApartByAllTheirBytes() {
        // Two ZWJ sequences alike in their first sixteen bytes and in their length, that the
        // long-cluster table puts in one set: each must be found as itself, with its own face.
        let stem = "👩🏽\u{200D}"
        let sequences = (0x1F300...0x1F5FF).filter(ExtendedPictographic.contains).compactMap(Unicode.Scalar.init).map { stem + String($0) }
        var bySet: [Int: String] = [:]
        var pair: (String, String)?
        for sequence in sequences {
            let bytes = Array(sequence.utf8) + [UInt8](repeating: 0, count: 32)
            let set = bytes.withUnsafeBytes { ClusterMemo.longSet(ClusterMemo.longWords(at: $0.baseAddress!, length: sequence.utf8.count)) }
            if let other = bySet[set], other.utf8.count == sequence.utf8.count {
                pair = (other, sequence)
                break
            }
            bySet[set] = sequence
        }
        guard let (first, second) = pair else {
            Issue.record("no two sequences share a set")
            return
        }
        let catalog = FaceCatalog(faces: [Face(tag: "[甲]", emoji: first), Face(tag: "[乙]", emoji: second)])
        let tagger = FaceTagger(catalog: catalog)
        let padding = String(repeating: "😀", count: 12)
        for order in [[first, second], [second, first]] {
            let text = "😀" + (order + order + [first, first, second, second]).joined(separator: "😀") + padding
            let tagged = String(decoding: tagger.tag(Array(text.utf8)), as: UTF8.self)
            let expected = text.replacingOccurrences(of: first, with: "[甲]").replacingOccurrences(of: second, with: "[乙]")
            #expect(tagged == expected)
        }
    }

    @Test func longClustersThatBeginAlikeAreEachFoundAsThemselvesInAnyOrder() {
        // Long clusters that begin alike (a family and its longer families, one person with
        // one skin tone at several jobs), in every order: back to back, between other emoji,
        // before text, and before a joiner and a pictograph that make them longer still.
        let tagger = FaceTagger(catalog: Self.catalog)
        let family = ["👨‍👩‍👧", "👨‍👩‍👧‍👦", "👨‍👩‍👦", "👨‍👩‍👧‍👧", "👨‍💻", "👨‍👩‍👧‍👦\u{200D}👦", "👩🏽‍💻", "👩🏽‍🔬", "👩🏽"]
        let after = ["", "😀", "a", "\n", "\u{200D}👦", "\u{0301}"]
        var generator = SeededGenerator(seed: 0x7A11)
        for round in 0..<40 {
            var text = "😀"
            for _ in 0..<60 {
                text += family.randomElement(using: &generator)! + after.randomElement(using: &generator)!
            }
            let input = Array((text + String(repeating: "😀", count: 12)).utf8)
            let expected = expected(input)
            #expect(tagger.tag(input) == expected, "round \(round)")
            #expect(tagger.makeStream().output(of: input, inChunksOf: 61) == expected, "round \(round) in chunks of 61")
        }
    }

    @Test func aClusterLearnedBeforeIsNotTakenWhenWhatFollowsExtendsIt() {
        // Each shape first with a plain emoji after it (so that it is learned), then
        // with an extender after it: the second time it must take the extender in.
        let tagger = FaceTagger(catalog: Self.catalog)
        let padding = String(repeating: "😀", count: 12)
        for base in ["😀", "❤️", "✌", "👍🏽", "✌🏽", "🇨🇳", "1️⃣", "1⃣", "👩‍💻", "👨‍👩‍👧‍👦", "©", "👩🏽‍💻", "🏳️‍🌈", "👩🏻‍❤️‍👨🏼",
                     "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"] {
            for extender in ["\u{0301}", "\u{FE0E}", "\u{20E3}", "\u{200D}", "\u{200C}", "\u{1F3FB}", "\u{E0067}", "\u{1D165}", "\u{20D0}"] {
                let input = Array(("😀" + base + "😀" + base + "😀" + base + extender + padding).utf8)
                #expect(tagger.tag(input) == expected(input), "\(EmojiName.codePoints(of: base)) + \(EmojiName.codePoints(of: extender))")
                // The same where it starts its run (after text), learned there.
                let first = Array(("a" + base + "a" + base + "😀a" + base + extender + padding).utf8)
                #expect(tagger.tag(first) == expected(first), "a \(EmojiName.codePoints(of: base)) + \(EmojiName.codePoints(of: extender))")
            }
        }
    }
}
