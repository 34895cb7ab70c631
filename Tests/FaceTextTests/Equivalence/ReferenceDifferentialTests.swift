import Testing
import TestSupport
@testable import FaceText

/// The scanner, with its fast paths and without them, whole and in chunks,
/// and the commands built on it (tag, render, stats, backspace), against the
/// plain ``ReferenceScanner``, on inputs built to hit the fast paths: every
/// fragment of invalid UTF-8 (each lead byte with 0, 1 and 2 continuation
/// bytes) right before and right after every kind of face, in lines long
/// enough for the tables, the memo and the run loops to be used.
@Suite struct ReferenceDifferentialTests {
    static let catalog = FaceCatalog.default

    /// Every kind of face: tags in each spelling, emoji of every shape, with and without faces.
    static let faces: [String] = {
        let tagged = catalog.faces.prefix(40)
        var faces = [tagged[tagged.startIndex].tag, "[哈哈]", "[心]"]
        faces += tagged.compactMap(\.traditionalTag).prefix(1) + tagged.flatMap(\.aliases).prefix(1)
        faces += catalog.faces.compactMap(\.emoji).prefix(3)
        faces += ["😀", "❤", "❤\u{FE0F}", "❤\u{FE0E}", "😀\u{0301}", "👍🏽", "🇨🇳", "🇨🇳🇺🇸", "1\u{FE0F}\u{20E3}", "#\u{20E3}",
                  "👨\u{200D}👩\u{200D}👧", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "©\u{FE0F}", "©", "™",
                  "\u{2388}\u{200D}😀", "\u{1FC00}\u{200D}😀", "\u{0600}😀", "😀\u{093E}", "[图片]"]
        return faces
    }()

    /// A lead byte with 0, 1 and 2 continuation bytes, among them those emoji and punctuation start with.
    static func fragments(lead: UInt8) -> [[UInt8]] {
        [[lead], [lead, 0x80], [lead, 0x9F], [lead, 0xB8], [lead, 0x80, 0x80], [lead, 0x9F, 0x98], [lead, 0xB8, 0x8F]]
    }

    /// The cases around one fragment, each in a line long enough for every path.
    static func inputs(fragment: [UInt8]) -> [[UInt8]] {
        let filler = Array(" 好开心 ok, 今天天气不错。see you tomorrow!! 明天见～ 1234567890 abcdefghij".utf8)
        return faces.flatMap { face -> [[UInt8]] in
            let face = Array(face.utf8)
            return [
                Array("好".utf8) + fragment + face + face + fragment + filler,
                face + fragment + face + Array("\n".utf8) + fragment + face + filler,
            ]
        }
    }

    static let scanner = FaceScanner(catalog: catalog, recognizing: [.tags, .emoji, .unknownTags])
    static let plain = ScanEngine(catalog: catalog, recognized: [.tags, .emoji, .unknownTags], fastPaths: .none)
    static let reference = ReferenceScanner(catalog: catalog, unknownTags: true)
    static let emojiReference = ReferenceScanner(catalog: catalog, tags: false)

    static let leadGroups: [ClosedRange<UInt8>] = [0x80...0xBF, 0xC0...0xDF, 0xE0...0xE7, 0xE8...0xEF, 0xF0...0xF7, 0xF8...0xFF]

    /// Every control character and line break, and every ASCII byte, inside, before and after an unknown tag of either kind.
    @Test func unknownTagsAroundEveryControlAndLineBreak() {
        let singles = (UInt32(0)...0x7F).map { String(Unicode.Scalar($0)!) } + ["\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{3000}"]
        for single in singles {
            for text in ["[a\(single)b]", "【a\(single)b】", "[\(single)]", "【\(single)】", "\(single)[图片]\(single)", "【图\(single)片】[哈哈]"] {
                let input = Array(text.utf8)
                #expect(Self.scanner.tokens(in: input) == Self.reference.tokens(in: input), "\(text.debugDescription)")
            }
        }
    }

    @Test(arguments: leadGroups)
    func tokensEqualTheReference(leads: ClosedRange<UInt8>) {
        for lead in leads {
            for fragment in Self.fragments(lead: lead) {
                for input in Self.inputs(fragment: fragment) {
                    let expected = Self.reference.tokens(in: input)
                    #expect(Self.scanner.tokens(in: input) == expected, "fast paths: \(input)")
                    var collector = TokenCollector()
                    _ = input.withUnsafeBufferPointer { Self.plain.scan($0, isFinal: true, into: &collector) }
                    #expect(collector.tokens == expected, "plain path: \(input)")
                    for size in [3] {
                        #expect(Self.faces(ofStream: input, size: size) == expected.filter { $0.kind != .text },
                                "chunks of \(size): \(input)")
                    }
                }
            }
        }
    }

    /// tag, render and stats, from the reference's tokens (with the default
    /// catalog, whose tags hold no emoji, the tokens of tags and of emoji
    /// alone are those of both together).
    @Test(arguments: leadGroups)
    func tagRenderAndStatsEqualTheReference(leads: ClosedRange<UInt8>) {
        let tagger = FaceTagger(catalog: Self.catalog)
        let renderer = FaceRenderer(catalog: Self.catalog)
        let all = ReferenceScanner(catalog: Self.catalog)
        var stats = FaceStats.Stream(catalog: Self.catalog, recognizing: [.tags, .emoji])
        var counts: [String: Int] = [:]
        for lead in leads {
            for fragment in Self.fragments(lead: lead) {
                for input in Self.inputs(fragment: fragment) {
                    let tokens = all.tokens(in: input)
                    // tag: each emoji with a face becomes its tag; everything else stays.
                    let tagged = taggedReference(tokens, in: input, catalog: Self.catalog)
                    // render: each tag becomes its face's emoji (or stays, without one).
                    var rendered: [UInt8] = []
                    for token in tokens {
                        let bytes = Array(input[token.range])
                        let face = token.face.map { Self.catalog.faces[$0] }
                        rendered += token.kind == .tag ? face?.emoji.map { Array($0.utf8) } ?? bytes : bytes
                        // stats: faces by tag (a toned emoji without a face of its own by its base's),
                        // emoji without a face by themselves (without U+FE0F).
                        if token.kind != .text {
                            let toned = token.kind == .emoji && face == nil
                                ? SkinToneReference.face(of: String(decoding: bytes, as: UTF8.self), in: Self.catalog) : nil
                            counts[(face ?? toned)?.tag ?? String(decoding: EmojiKey.normalized(bytes), as: UTF8.self), default: 0] += 1
                        }
                    }
                    #expect(tagger.tag(input) == tagged, "tag: \(input)")
                    #expect(tagger.makeStream().output(of: input, inChunksOf: 7) == tagged, "tag in chunks: \(input)")
                    #expect(renderer.render(input) == rendered, "render: \(input)")
                    // One counting stream for all (building one costs more than a line): each input a line.
                    let line = input + [0x0A]
                    for start in stride(from: 0, to: line.count, by: 3) {
                        line[start..<min(start + 3, line.count)].withUnsafeBufferPointer { stats.feed($0) }
                    }
                }
            }
        }
        stats.finish()
        #expect(stats.stats.counts == counts)
    }

    @Test(arguments: leadGroups)
    func backspaceEqualsTheReference(leads: ClosedRange<UInt8>) {
        let editor = LineEditor(catalog: Self.catalog)
        let spellings = Self.catalog.faces.flatMap(\.tags).map { Array($0.utf8) }
        for lead in leads {
            for fragment in Self.fragments(lead: lead) {
                for face in Self.faces {
                    let face = Array(face.utf8)
                    for line in [face + fragment, Array("好".utf8) + fragment + face + fragment + face] {
                        var end = line.count
                        for presses in 1...3 {
                            // One press: the longest tag that ends the line, else its last cluster (or invalid byte).
                            let rest = Array(line[..<end])
                            if let tag = spellings.filter({ rest.count >= $0.count && rest.suffix($0.count).elementsEqual($0) })
                                .map(\.count).max() {
                                end -= tag
                            } else if end > 0 {
                                let units = ReferenceScanner.units(of: rest)
                                let last = ReferenceScanner.clusterStarts(units).lastIndex(of: true)!
                                end = units[last].offset
                            }
                            let kept = line.withUnsafeBufferPointer { editor.remainingLength(of: $0, presses: presses) }
                            #expect(kept == end, "\(presses) presses: \(line)")
                        }
                    }
                }
            }
        }
    }

    /// The faces a token stream finds in `input` fed in chunks of `size` bytes.
    static func faces(ofStream input: [UInt8], size: Int) -> [Token] {
        var stream = scanner.makeStream()
        var tokens: [Token] = []
        for start in stride(from: 0, to: input.count, by: size) {
            tokens += stream.feed(Array(input[start..<min(start + size, input.count)]))
        }
        return (tokens + stream.finish()).filter { $0.kind != .text }
    }
}
