import Testing
import TestSupport
@testable import FaceText

/// The emoji matcher's table-driven fast path must answer exactly as the full
/// cluster matcher does, for every scalar it covers and whatever follows it.
@Suite struct EmojiFastPathTests {
    /// What may follow an emoji: plain text, CJK, punctuation, extenders of
    /// every kind, other emoji, invalid and cut-off bytes.
    static let followers: [[UInt8]] = [
        Array("a".utf8), Array("\n".utf8), Array("好".utf8), Array("。".utf8), Array("，".utf8), Array("…".utf8),
        Array("\u{FE0F}a".utf8), Array("\u{FE0F}\u{200D}\u{1F525}".utf8), Array("\u{FE0F}\u{FE0F}".utf8), Array("\u{FE0E}".utf8),
        Array("\u{200D}\u{1F525}".utf8), Array("\u{200C}x".utf8), Array("\u{1F3FD}".utf8), Array("\u{0301}".utf8),
        Array("\u{3099}".utf8), Array("\u{302A}".utf8), Array("\u{FF9E}".utf8), Array("\u{20E3}".utf8), Array("\u{20D0}".utf8),
        Array("\u{E0067}\u{E007F}".utf8), Array("\u{E0100}".utf8), Array("\u{1F600}".utf8), Array("\u{2764}".utf8),
        Array("\u{1F1E8}".utf8), Array("\u{1D165}".utf8), [0xFF], [0x80], [0xF0, 0x9F], [0xE2], [],
    ]

    /// A catalog whose emoji are sequences (skin tones, flags, keycaps, ZWJ and
    /// tag sequences) beside single scalars: the built-in catalogs have none,
    /// and the fast paths look sequences up apart from single scalars.
    static let sequences = FaceCatalog(faces: [
        "👍🏽", "👍", "🇨🇳", "🇨🇦", "1️⃣", "#⃣", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🧑‍💻", "🧑🏽‍💻", "🏳️‍🌈", "❤️‍🔥",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "✌🏻", "☺️", "😀", "©️",
    ].enumerated().map { Face(tag: "[s\($0.offset)]", emoji: $0.element) })

    @Test func sequencesOfTheCatalogAreFoundByEveryPath() {
        let engine = ScanEngine(catalog: Self.sequences, recognized: .all)
        for (index, face) in Self.sequences.faces.enumerated() {
            // Alone, and where a run of emoji and the cluster memo find it.
            let emoji = face.emoji!
            let input = Array((emoji + "a" + emoji + emoji + "😃" + emoji + String(repeating: "x", count: 200)).utf8)
            let faces = tokens(engine, input, chunkSize: input.count).filter { $0.kind == .emoji }.map(\.face)
            #expect(faces == [index, index, index, nil, index], "\(emoji)")
        }
    }

    @Test func everyScalarOfTheTwoBlocksAndLatin1MatchesAsTheFullMatcherDoes() {
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, Self.sequences] {
            let fast = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: true)
            let full = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: false)
            // And Latin-1, where © and ® are emoji.
            let scalars = Array(UInt32(0xA0)..<0x100) + Array(UInt32(0x2000)..<0x3000) + Array(UInt32(0x1F000)..<0x20000)
            var differences: [String] = []
            for value in scalars {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let head = Array(String(scalar).utf8)
                // Each follower at the very end and with text after it (the fast path needs a few bytes of lookahead).
                for follower in Self.followers + Self.followers.map({ $0 + Array("xyzw".utf8) }) {
                    let bytes = head + follower
                    for isFinal in [true, false] {
                        let (a, b) = bytes.withUnsafeBufferPointer {
                            (fast.match(in: $0, at: 0, isFinal: isFinal), full.match(in: $0, at: 0, isFinal: isFinal))
                        }
                        if a != b { differences.append("U+\(String(value, radix: 16)) + \(follower): \(a) ≠ \(b)") }
                    }
                }
            }
            #expect(differences.isEmpty, "\(differences.prefix(10))")
        }
    }

    @Test func keycapsMatchAsTheFullMatcherDoes() {
        let fast = EmojiMatcher(emojiIndex: FaceCatalog.default.index.emojiIndex, precompute: true)
        let full = EmojiMatcher(emojiIndex: FaceCatalog.default.index.emojiIndex, precompute: false)
        let bodies = ["\u{FE0F}\u{20E3}", "\u{20E3}", "\u{FE0F}", "\u{FE0F}\u{FE0F}\u{20E3}", "\u{20E3}\u{20E3}", ""]
        for base in "#*0123456789a" {
            for body in bodies {
                for follower in Self.followers + Self.followers.map({ $0 + Array("xyzw".utf8) }) {
                    let bytes = Array((String(base) + body).utf8) + follower
                    for isFinal in [true, false] {
                        let (a, b) = bytes.withUnsafeBufferPointer {
                            (fast.match(in: $0, at: 0, isFinal: isFinal), full.match(in: $0, at: 0, isFinal: isFinal))
                        }
                        #expect(a == b, "\(base)\(body.unicodeScalars.map { String($0.value, radix: 16) }) + \(follower)")
                    }
                }
            }
        }
    }

    /// Parts that emoji clusters are made of, and what may sit between them.
    static let clusterParts: [String] = [
        "\u{1F600}", "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F9D1}", "\u{1F44D}", "\u{1F525}", "\u{1F3F4}",
        "\u{1F3F3}", "\u{1F308}", "\u{1F4BB}", "\u{1F91D}", "\u{2764}", "\u{2640}", "\u{2642}", "\u{2601}", "\u{270C}",
        "\u{263A}", "\u{2122}", "\u{00A9}", "\u{2603}", "\u{2B50}", "\u{2049}", "\u{2728}", "\u{1F5E8}", "\u{1F441}",
        "\u{FE0F}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FB}", "\u{1F3FD}", "\u{1F3FF}", "\u{200D}", "\u{200D}", "\u{200D}",
        "\u{1F1E8}", "\u{1F1F3}", "\u{1F1EF}", "1", "#", "*", "\u{20E3}", "\u{E0067}", "\u{E0062}", "\u{E007F}",
        "\u{0301}", "\u{20D0}", "a", "好", "\n", "。", "\u{200C}", "\u{1F000}", "\u{1FAF8}", "\u{2000}", "\u{2FFF}",
    ]

    @Test func clustersReadInOnePassMatchAsTheFullMatcherDoes() {
        var random = SeededGenerator(seed: 0xFACE_0010)
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, Self.sequences] {
            let fast = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: true)
            let full = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: false)
            var onePass = 0
            for _ in 0..<4000 {
                var text = ""
                for _ in 0..<Int.random(in: 1...14, using: &random) { text += Self.clusterParts.randomElement(using: &random)! }
                // Room after the parts, so the one-pass reader (which needs a window of bytes) is tried at every start.
                let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: "x"), count: EmojiMatcher.clusterWindow)
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0..<text.utf8.count where buffer[start] & 0xC0 != 0x80 {
                        let expected = full.match(in: buffer, at: start, isFinal: true)
                        if let (length, face) = fast.cluster(in: buffer, at: start) {
                            onePass += 1
                            #expect(expected == .emoji(length: length, face: face), "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(start)")
                        }
                        #expect(fast.match(in: buffer, at: start, isFinal: true) == expected, "\(Array(text.utf8)) at \(start)")
                    }
                }
            }
            #expect(onePass > 5000)
        }
    }

    @Test func runsOfEmojiScanToTheSameTokensWithAndWithoutTheFastPaths() {
        // Emoji strung together with every kind of follower between them, split at every chunk size.
        var random = SeededGenerator(seed: 0xFACE_0009)
        let singles = (0..<400).map { _ in Array(String(Unicode.Scalar(UInt32.random(in: 0x1F000...0x1FAFF, using: &random))!).utf8) }
        let pieces = singles + Self.followers + HostileText.emojiSequences.map { Array($0.utf8) }
            + ["[哈哈]", "1\u{FE0F}", "©", "®\u{FE0F}", "©\u{1F3FB}"].map { Array($0.utf8) }
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, Self.sequences] {
            let fast = ScanEngine(catalog: catalog, recognized: .all)
            let full = ScanEngine(catalog: catalog, recognized: .all, fastPaths: .none)
            for _ in 0..<200 {
                var input: [UInt8] = []
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    input += Bool.random(using: &random) ? singles.randomElement(using: &random)! : pieces.randomElement(using: &random)!
                }
                let expected = tokens(full, input, chunkSize: input.count)
                for chunkSize in [input.count, 1, 5, 9] {
                    #expect(tokens(fast, input, chunkSize: chunkSize) == expected, "\(input)")
                }
            }
        }
    }

    @Test func clustersMetAgainScanToTheSameTokensAsWhenFirstMet() {
        // Long inputs (the memo of clusters works on buffers of a few hundred bytes
        // or more) where a small set of clusters comes again and again, each time
        // followed by something else: another emoji, an extender, a ZWJ and a
        // pictograph, a regional indicator, text, invalid bytes.
        var random = SeededGenerator(seed: 0xFACE_0011)
        // Skin tones of one hand and flags of one first letter share their first bytes; scalars
        // that are text without U+FE0F (of C2, E3 and F0) are remembered as text.
        let variants = ["👍🏻", "👍🏿", "👍", "✌🏻", "✌🏿", "✌️", "🇨🇳", "🇨🇦", "🇨", "🧑🏽‍💻", "🧑‍💻",
                        "®", "©\u{FE0E}", "©", "©\u{FE0F}", "®\u{FE0F}", "©\u{1F3FB}", "©\u{200D}\u{1F525}",
                        "\u{3030}", "\u{303D}\u{FE0F}", "\u{3299}", "\u{1F170}", "\u{1F170}\u{FE0F}"]
        let clusters = HostileText.emojiSequences.map { Array($0.utf8) } + variants.map { Array($0.utf8) }
            + Self.clusterParts.map { Array($0.utf8) } + [Array("\u{1F468}\u{200D}".utf8), Array("\u{1F1FA}".utf8)]
        let followers = Self.followers + [Array("\u{1F469}".utf8), Array("\u{1F1F8}".utf8), Array("[哈哈]".utf8)]
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, Self.sequences] {
            let fast = ScanEngine(catalog: catalog, recognized: .all)
            let full = ScanEngine(catalog: catalog, recognized: .all, fastPaths: .none)
            var remembered = 0
            for _ in 0..<60 {
                let set = (0..<6).map { _ in clusters.randomElement(using: &random)! }
                var input: [UInt8] = []
                while input.count < 3000 {
                    input += set.randomElement(using: &random)!
                    if Int.random(in: 0..<4, using: &random) == 0 { input += followers.randomElement(using: &random)! }
                }
                let expected = tokens(full, input, chunkSize: input.count)
                for chunkSize in [input.count, 700, 97] {
                    #expect(tokens(fast, input, chunkSize: chunkSize) == expected, "\(input.prefix(200))")
                }
                remembered += expected.filter { $0.kind == .emoji }.count
            }
            #expect(remembered > 10_000)
        }
    }

    @Test func bracketedTagsScanToTheSameTokensWithAndWithoutTheTable() {
        // Tags of every length (the table reads up to 16 bytes at once), cut,
        // nested, broken by line feeds, near the end of a chunk, at every chunk size.
        var random = SeededGenerator(seed: 0xFACE_0012)
        // Tags of 15 to 18 bytes, either side of what is read as two words.
        let long = FaceCatalog(faces: ["[abcdefghijklm]", "[abcdefghijklmn]", "[abcdefghijklmno]", "[一二三四五]", "[一二三四五x]", "[ab]", "[]"].map { Face(tag: $0) })
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, long] {
            let tags = catalog.faces.flatMap(\.tags).filter { $0.hasPrefix("[") }
            // Each tag, cut at either end, and with its middle byte changed (a key read as words must still be exact).
            let changed = tags.map { tag in
                var bytes = Array(tag.utf8)
                bytes[bytes.count / 2] = UInt8(ascii: "x")
                return bytes
            }
            let pieces = tags.map { Array($0.utf8) } + tags.map { Array($0.utf8.dropLast()) } + tags.map { Array($0.utf8.dropFirst()) } + changed
                + ["[", "]", "[[", "]]", "\n", "a", "好", "[一二三四五六七八九十一二三]", "[abcdefghijklmno]", "[abcdefghijklmnop]", "😀"].map { Array($0.utf8) }
            let fast = ScanEngine(catalog: catalog, recognized: .all)
            let full = ScanEngine(catalog: catalog, recognized: .all, fastPaths: .none)
            var found = 0
            for _ in 0..<150 {
                var input: [UInt8] = []
                for _ in 0..<Int.random(in: 1...60, using: &random) { input += pieces.randomElement(using: &random)! }
                let expected = tokens(full, input, chunkSize: input.count)
                for chunkSize in [input.count, 1, 7, 23] {
                    #expect(tokens(fast, input, chunkSize: chunkSize) == expected, "\(String(decoding: input, as: UTF8.self))")
                }
                found += expected.filter { $0.kind == .tag }.count
            }
            #expect(found > 1000)
        }
    }

    @Test func everyTwoAndThreeByteScalarIsSteppedOverOnlyWhenItStartsNoFace() {
        // Scalars that can start no face are stepped over whole when text is
        // skipped; every scalar of U+0080–U+3FFF, after a keycap base, an emoji
        // or nothing, and before U+FE0F, U+20E3 or nothing, scans as without fast paths.
        let scalars = (UInt32(0x80)..<0x4000).compactMap(Unicode.Scalar.init)
        var input: [UInt8] = []
        for before in ["", "1", "😀"] {
            for after in ["", "\u{FE0F}", "\u{20E3}"] {
                for scalar in scalars { input += Array((before + String(scalar) + after).utf8) }
            }
        }
        expectSameTokensWithAndWithoutFastPaths(input)
    }

    @Test func everyFourByteScalarIsSteppedOverOnlyWhenItStartsNoFace() {
        // Scalars of planes 1 and 2 (F0 90–AF: U+1F000–U+1FFFF are emoji, the
        // rest letters, signs and CJK; every third one, so every byte value at
        // every place), tag characters, some of every other plane, and F0 and C2
        // in sequences that are not UTF-8, after text or an emoji, before U+FE0F or nothing.
        let values = Array(stride(from: UInt32(0x10000), to: 0x30000, by: 3)) + Array(UInt32(0xE0000)..<0xE0200)
            + stride(from: UInt32(0x30000), to: 0x110000, by: 97)
        let scalars = values.compactMap(Unicode.Scalar.init).map { Array(String($0).utf8) }
        let invalid: [[UInt8]] = [[0xF0, 0x41, 0x5B], [0xF0, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0xA0, 0x80, 0x5B],
                                  [0xF0, 0x9F, 0x41], [0xF0, 0xC2, 0xA9], [0xC2, 0x41], [0xC2, 0xC2, 0xA9], [0xC2], [0xF0]]
        var input: [UInt8] = []
        for before in ["a", "😀"] {
            for after in ["", "\u{FE0F}"] {
                for scalar in scalars + invalid { input += Array(before.utf8) + scalar + Array(after.utf8) }
            }
        }
        expectSameTokensWithAndWithoutFastPaths(input)
    }

    /// Checks that `input` scans to the same tokens with the fast paths as
    /// without, whole and in chunks of 7 bytes, for the built-in catalogs and ``sequences``.
    private func expectSameTokensWithAndWithoutFastPaths(_ input: [UInt8]) {
        for catalog in [FaceCatalog.default, FaceCatalog.wechat, Self.sequences] {
            let fast = ScanEngine(catalog: catalog, recognized: .all)
            let full = ScanEngine(catalog: catalog, recognized: .all, fastPaths: .none)
            let expected = tokens(full, input, chunkSize: input.count)
            #expect(expected.filter { $0.kind == .emoji }.count > 1000)
            for chunkSize in [input.count, 7] {
                // The first token that differs, not all of them: the input is long.
                let found = tokens(fast, input, chunkSize: chunkSize)
                let difference = zip(found, expected).first { $0 != $1 }
                #expect(difference == nil && found.count == expected.count,
                        "chunks of \(chunkSize): \(difference.map { "\($0) instead of \($1)" } ?? "\(found.count) tokens, not \(expected.count)")")
            }
        }
    }

    /// The tokens of `input` fed in chunks, with neighbouring text tokens merged
    /// (how text is split into tokens may depend on the chunks; faces may not).
    private func tokens(_ engine: ScanEngine, _ input: [UInt8], chunkSize: Int) -> [Token] {
        var stream = FaceScanner.Stream(scanner: ChunkedScanner(engine: engine))
        var tokens: [Token] = []
        var start = 0
        while start < input.count {
            let end = min(start + max(chunkSize, 1), input.count)
            tokens += stream.feed(Array(input[start..<end]))
            start = end
        }
        tokens += stream.finish()
        var merged: [Token] = []
        for token in tokens {
            if token.kind == .text, let last = merged.last, last.kind == .text {
                merged[merged.count - 1].range = last.range.lowerBound..<token.range.upperBound
            } else {
                merged.append(token)
            }
        }
        return merged
    }

    @Test func noScalarFromU4000ToU9FFFExtendsACluster() {
        // The fast path reads lead bytes E4–E9 as "cannot extend" without decoding.
        for value in UInt32(0x4000)..<0xA000 {
            #expect(EmojiProperties.flags(value) & EmojiProperties.extend == 0 && value != EmojiProperties.zwj)
        }
    }

    @Test func noScalarFromU0080ToU02FFExtendsACluster() {
        // Nor lead bytes C2–CB (Latin-1 and the letters up to the combining marks at U+0300).
        for value in UInt32(0x80)..<0x300 {
            #expect(EmojiProperties.flags(value) & EmojiProperties.extend == 0, "U+\(String(value, radix: 16))")
        }
        #expect(EmojiProperties.flags(0x300) & EmojiProperties.extend != 0)
        let matcher = EmojiMatcher(emojiIndex: FaceCatalog.default.index.emojiIndex)
        for text in ["©a", "®\u{0301}", "é\u{0301}", "\u{02FF}\u{0300}"] {
            // After the first scalar: a scalar of U+0080–U+02FF extends nothing, a combining mark does.
            let bytes = Array(text.utf8) + Array("xyzw".utf8)
            let first = Array(String(text.unicodeScalars.first!).utf8).count
            let expected = text.unicodeScalars.dropFirst().first!.value >= 0x300
            #expect(bytes.withUnsafeBufferPointer { matcher.mayExtend($0, at: first) } == expected, "\(text)")
            #expect(bytes.withUnsafeBufferPointer { matcher.mayExtend($0, at: 0) } == false, "\(text)")
        }
    }
}
