import Foundation
import Testing
import TestSupport
@testable import FaceText

@Suite struct FaceListerTests {
    /// Short unknown tags of one length that differ in one byte (their texts are
    /// told apart by bytes read past the end of a buffer or byte by byte), a
    /// chat log, and emoji of every length from 2 to 18 bytes.
    static let input: [UInt8] = {
        var text = ""
        for index in 0..<300 {
            let letter = Character(UnicodeScalar(UInt8(97 + index % 26)))
            text += "[\(letter)]©[x\(letter)]❤❤️[\(letter)y]😀👍🏽🇨🇳👨‍👩‍👧 [哈哈][乾杯][干杯]"
            if index % 7 == 0 { text += "\n" }
        }
        return Array(text.utf8) + ChatCorpus(seed: 7, lines: 400).bytes
    }()

    private func list(_ bytes: [UInt8], chunk: Int, file: String = "a.txt") -> [UInt8] {
        FaceLister.listing(of: bytes, catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags], inChunksOf: chunk, file: file)
    }

    private func objects(_ lines: [UInt8]) -> [[String: Any]] {
        lines.split(separator: 0x0A).map { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [:] }
    }

    @Test func everyLineIsTheScannersTokenWhateverTheChunks() {
        expectLinesAreTheTokens(of: Self.input, chunks: [1, 2, 7, 8, 9, 100, 4096])
    }

    @Test func everyEmojiOfUnicodesListIsListedAsItself() {
        // Each once, then again (its line parts are kept), after text and after
        // another emoji; with marks on it; and chains longer than any kept text.
        var text = ""
        for (_, emoji) in Fixtures.emojiTestSequences { text += emoji + "a" + emoji + emoji + "\u{0301}\u{0302} " }
        text += String(repeating: "\u{1F468}\u{200D}", count: 20) + "\u{1F468}\n"
        text += String(repeating: "\u{1F3F3}\u{FE0F}\u{200D}", count: 9) + "\u{1F308}"
        expectLinesAreTheTokens(of: Array(text.utf8), chunks: [1, 13, 4096])
    }

    @Test func copyrightAndRegisteredInRunsAreListedAsThemselves() {
        // © and ® are told by their shape in a run of emoji: what follows them (a combining
        // mark of lead byte CC above all) must end or extend them as the scanner says.
        let padding = String(repeating: "😀", count: 12)
        var text = padding
        for symbol in ["©", "©️", "®", "®️"] {
            for after in ["", "\u{0301}", "\u{0302}\u{0303}", "\u{FE0E}", "🏻", "\u{200D}🔥", "\u{00E9}", "®", "a", "好"] {
                text += symbol + after + "😀" + symbol + after + padding
            }
        }
        expectLinesAreTheTokens(of: Array(text.utf8), chunks: [1, 13, 4096])
    }

    @Test func manyDistinctTextsAreEachListedRight() {
        // More distinct faces than the lister first keeps line parts for, in random order, each several times.
        var random = SeededGenerator(seed: 0xFACE_0020)
        let emoji = Fixtures.emojiTestSequences.map(\.emoji)
        let texts = (0..<6000).map { "[t\($0)]" } + emoji + ["[哈哈]", "[乾杯]", "[干杯]"]
        var input = ""
        for _ in 0..<3 {
            for text in texts.shuffled(using: &random) { input += text + (Int.random(in: 0..<9, using: &random) == 0 ? "\n" : "") }
        }
        expectLinesAreTheTokens(of: Array(input.utf8), chunks: [1 << 16])
    }

    @Test func moreDistinctEmojiThanAreNumberedAreEachListedRight() {
        // Emoji without a face are numbered by the stream and their line parts found by
        // number, up to a limit; past it, and when the store of parts fills and is
        // emptied (16,807 sequences, their line parts over 100 bytes each), by their bytes.
        let people = ["👨", "👩", "👧", "👦", "🧑", "👶", "🧒"]
        var sequences: [String] = []
        for a in people { for b in people { for c in people { for d in people { for e in people {
            sequences.append([a, b, c, d, e].joined(separator: "\u{200D}"))
        } } } } }
        var random = SeededGenerator(seed: 0xFACE_0021)
        var input = ""
        for _ in 0..<2 { for sequence in sequences.shuffled(using: &random) { input += sequence + "😀" + sequence + " " } }
        expectLinesAreTheTokens(of: Array(input.utf8), chunks: [1 << 16])
    }

    @Test func eachFileNumbersItsEmojiAfresh() {
        // The same emoji in another order in the next file get other numbers: each
        // file's lines are what a lister of that file alone writes.
        let emoji = ["🧑‍🎄", "👨‍🦰", "🥷", "🫠", "🧑🏽‍💻", "🇦🇶", "🐦‍🔥"]
        let first = String(repeating: emoji.joined() + " ", count: 20)
        let second = String(repeating: emoji.reversed().joined() + "a", count: 20)
        var lister = FaceLister(catalog: .default)
        let out = StreamOutput()
        for (name, text) in [("a.txt", first), ("b.txt", second)] {
            lister.startFile(name)
            lister.feed(Array(text.utf8), into: out)
            lister.finish(into: out)
        }
        let expected = list(Array(first.utf8), chunk: 1 << 20, file: "a.txt") + list(Array(second.utf8), chunk: 1 << 20, file: "b.txt")
        #expect(out.withBytes { Array($0) } == expected)
    }

    /// Lists `input` whole, and in chunks of each size of `chunks` (the same
    /// lines), and checks each line against the scanner's token.
    private func expectLinesAreTheTokens(of input: [UInt8], chunks: [Int]) {
        let scanner = FaceScanner(catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags])
        let faces = scanner.tokens(in: input).filter { $0.kind != .text }
        let whole = list(input, chunk: input.count)
        let objects = objects(whole)
        #expect(objects.count == faces.count)
        var line = 1, counted = 0
        for (object, token) in zip(objects, faces) {
            let text = String(decoding: input[token.range], as: UTF8.self)
            line += input[counted..<token.range.lowerBound].filter { $0 == 0x0A }.count
            counted = token.range.lowerBound
            #expect(object["kind"] as? String == token.kind.rawValue)
            #expect(object["text"] as? String == text)
            #expect(object["offset"] as? Int == token.range.lowerBound)
            #expect(object["length"] as? Int == token.range.count)
            #expect(object["line"] as? Int == line)
            #expect(object["file"] as? String == "a.txt")
            // A toned emoji without a face of its own is the face of its base, its tones apart.
            let toned = token.kind == .emoji && token.face == nil ? SkinToneReference.face(of: text, in: .default) : nil
            let face = token.face.map { FaceCatalog.default.faces[$0] } ?? toned
            #expect(object["tag"] as? String == face?.tag, "\(text)")
            #expect(object["tone"] as? String == (toned != nil ? SkinToneReference.split(text)?.tones : nil), "\(text)")
            #expect(object["emoji"] as? String == face?.emoji ?? (token.kind == .emoji ? text : nil), "\(text)")
            #expect(object["image"] as? String == face.flatMap { $0.image ?? $0.animatedImage }, "\(text)")
        }
        // Chunks of one byte put every face at the end of a buffer.
        for chunk in chunks {
            let same = list(input, chunk: chunk) == whole
            #expect(same, "chunks of \(chunk)")
        }
    }

    @Test func eachFileCountsItsOwnLinesAndOffsets() {
        var lister = FaceLister(catalog: .default)
        let out = StreamOutput()
        lister.feed(Array("a\n[哈哈]".utf8), into: out)
        lister.finish(into: out)
        lister.startFile("two.txt")
        lister.feed(Array("😀[心".utf8), into: out)
        lister.feed(Array("]".utf8), into: out)
        lister.finish(into: out)
        let places = objects(out.withBytes { Array($0) }).map { "\($0["file"]!) \($0["line"]!) \($0["offset"]!)" }
        #expect(places == ["- 2 2", "two.txt 1 0", "two.txt 1 4"])
    }

    @Test func aCopyGoesOnByItself() {
        var lister = FaceLister(catalog: .default)
        let first = StreamOutput(), second = StreamOutput()
        lister.startFile("a.txt")
        lister.feed(Array("x\n[哈哈]".utf8), into: first)
        var copy = lister
        copy.startFile("b.txt")
        copy.feed(Array("😀\n\n[心]".utf8), into: second)
        copy.finish(into: second)
        lister.feed(Array("[心]".utf8), into: first)
        lister.finish(into: first)
        // Each as a lister of its own writes it.
        #expect(first.withBytes { Array($0) } == list(Array("x\n[哈哈][心]".utf8), chunk: 1 << 20, file: "a.txt"))
        #expect(second.withBytes { Array($0) } == list(Array("😀\n\n[心]".utf8), chunk: 1 << 20, file: "b.txt"))
    }

    @Test func imageTextsAreEscapedShortOrLongAndStayValidJSON() {
        // Quotes, a backslash, a tab, U+2028 and bytes that are not UTF-8 in the
        // attributes of references the lister keeps (short) and of ones it does not.
        let long = String(repeating: "x", count: 300)
        var input = Array(#"a<img alt='[赞]' title='say "hi" \ \#t end'>b<img alt="[赞]" t=" ">"#.utf8)
        input += Array("<img alt=\"[赞]\" t=\"\u{2028}\">".utf8)
        input += Array(#"<img alt="[赞]" t=""#.utf8) + [0xFF, 0xE2, 0x80] + Array(#"">"#.utf8)
        input += Array(#"<img alt="[赞]" t="\#(long)" u='"'>"#.utf8) + [0x0A]
        // Markdown references hold no quotes: a byte that is not UTF-8, and U+2028, short and long.
        input += Array("![".utf8) + [0xFF] + Array("\u{2028}](h_zan.png) ![".utf8) + [0xFF] + Array("\(long)](h_zan.png)".utf8)
        let scanner = FaceScanner(catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags])
        let faces = scanner.tokens(in: input).filter { $0.kind != .text }
        #expect(faces.count == 7)
        for chunk in [1, 9, input.count] {
            let lines = list(input, chunk: chunk).split(separator: 0x0A)
            #expect(lines.count == faces.count)
            for (line, token) in zip(lines, faces) {
                let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
                #expect(object?["text"] as? String == String(decoding: input[token.range], as: UTF8.self))
                #expect(!line.contains(0xFF) && !line.contains(0x09), "raw bytes in \(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}
