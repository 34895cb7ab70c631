import Foundation
import Testing
import FaceText
import TestSupport
@testable import FaceTextCLI

@Suite struct ScanStatsCommandTests {
    static let corpus = ChatCorpus(seed: 42, lines: 3000)

    private func lines(_ result: CLIResult) -> [[String: Any]] {
        result.stdout.split(separator: 0x0A).map { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [:] }
    }

    @Test func scanWritesOneValidJSONObjectPerFace() {
        let result = runCLI(["scan"], stdin: Self.corpus.bytes)
        let objects = lines(result)
        #expect(objects.count == Self.corpus.counts.values.reduce(0, +))
        #expect(objects.allSatisfy { $0["kind"] != nil })
        for object in objects.prefix(500) {
            let offset = object["offset"] as! Int, length = object["length"] as! Int
            #expect(String(decoding: Self.corpus.bytes[offset..<(offset + length)], as: UTF8.self) == object["text"] as? String)
            let line = Self.corpus.bytes[..<offset].filter { $0 == 0x0A }.count + 1
            #expect(object["line"] as? Int == line)
        }
    }

    @Test func everyLineHoldsTheScannersTokenAndItsFace() {
        // Faces on both sides of 10,000-byte steps of the offset (the writer keeps
        // the digits above the last four per step), more distinct unknown tags than
        // its store of line heads holds (so it empties and fills again), tags alike
        // in their first 16 bytes, two spellings of one face, an escaped text, and two files.
        let pieces = ["😀", "[哈哈]", "[一二三四五六七八九十]", "[一二三四五六七八九百]", "❤", "[x\"y]", "👍🏽", "👨‍👩‍👧", "[乾杯]", "[干杯]"]
        var text = ""
        for index in 0..<16_000 {
            text += "[u\(index)]" + pieces[index % pieces.count] + (index % 5 == 0 ? "\n" : "")
            if index % 400 == 0 {
                text += String(repeating: "a", count: 10_000 - text.utf8.count % 10_000 - 3 + index % 7)
            }
        }
        let bytes = Array(text.utf8)
        let result = runCLI(["scan", "--unknown-tags", "one.txt", "two.txt"], files: ["one.txt": bytes, "two.txt": Array(bytes.prefix(30_000))])
        #expect(result.status == .success)
        let catalog = FaceCatalog.default
        let scanner = FaceScanner(catalog: catalog, recognizing: FaceScanner.Recognized.all.union(.unknownTags))
        // Each line as its fields in order, nulls as "null".
        var expected: [[String]] = []
        for (name, input) in [("one.txt", bytes), ("two.txt", Array(bytes.prefix(30_000)))] {
            var (line, counted) = (1, 0)
            for token in scanner.tokens(in: input) where token.kind != .text {
                line += input[counted..<token.range.lowerBound].filter { $0 == 0x0A }.count
                counted = token.range.lowerBound
                let matched = String(decoding: input[token.range], as: UTF8.self)
                // A toned emoji without a face of its own is its base's face.
                let face = token.face.map { catalog.faces[$0] } ?? (token.kind == .emoji ? SkinToneReference.face(of: matched, in: catalog) : nil)
                let emoji: String? = face.map { $0.emoji } ?? (token.kind == .emoji ? matched : nil)
                expected.append([token.kind.rawValue, matched, face?.tag ?? "null", emoji ?? "null",
                                 face.flatMap { $0.image ?? $0.animatedImage } ?? "null", name,
                                 "\(line)", "\(token.range.lowerBound)", "\(token.range.count)"])
            }
        }
        let fields = ["kind", "text", "tag", "emoji", "image", "file", "line", "offset", "length"]
        let written = lines(result).map { object in fields.map { object[$0].map { "\($0)" }.map { $0 == "<null>" ? "null" : $0 } ?? "missing" } }
        #expect(written.count == expected.count)
        let firstDifference = zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "line \((firstDifference?.offset ?? -1) + 1): \(firstDifference.map { "\($0.element)" } ?? "")")
    }

    @Test func aLongFileNameIsWrittenWholeOnEveryLine() {
        // The file, line and offset part of a line has room for names of a few hundred bytes and grows for longer ones.
        let name = String(repeating: "目录/", count: 400) + "chat.log"
        let result = runCLI(["scan", "short.txt", name, "short.txt"], files: ["short.txt": Array("[哈哈]".utf8), name: Array("😀\n[心]".utf8)])
        let objects = lines(result)
        #expect(objects.map { $0["file"] as? String } == ["short.txt", name, name, "short.txt"])
        #expect(objects.map { $0["line"] as? Int } == [1, 1, 2, 1])
        #expect(objects.map { $0["offset"] as? Int } == [0, 0, 5, 0])
    }

    @Test func scanReportsEveryFieldAndUnknownTags() {
        let result = runCLI(["scan", "--unknown-tags", "a.txt"], files: ["a.txt": Array("好[贊]\n[图片]🚀\u{2764}".utf8)])
        #expect(result.text == """
            {"kind":"tag","text":"[贊]","tag":"[赞]","emoji":"👍","image":"h_zan.png","file":"a.txt","line":1,"offset":3,"length":5}
            {"kind":"unknown","text":"[图片]","tag":null,"emoji":null,"image":null,"file":"a.txt","line":2,"offset":9,"length":8}
            {"kind":"emoji","text":"🚀","tag":null,"emoji":"🚀","image":null,"file":"a.txt","line":2,"offset":17,"length":4}
            {"kind":"emoji","text":"❤","tag":"[心]","emoji":"❤️","image":"l_xin.png","file":"a.txt","line":2,"offset":21,"length":3}

            """)
    }

    @Test func fullWidthBracketsAreUnknownTagsToo() throws {
        let scanned = runCLI(["scan", "--unknown-tags"], input: "【图片】[图片]【图片]\n")
        #expect(scanned.text == """
            {"kind":"unknown","text":"【图片】","tag":null,"emoji":null,"image":null,"file":"-","line":1,"offset":0,"length":12}
            {"kind":"unknown","text":"[图片]","tag":null,"emoji":null,"image":null,"file":"-","line":1,"offset":12,"length":8}

            """)
        let stats = runCLI(["stats", "--unknown-tags", "--partial"], input: "【图片】[图片]【图片】\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout)) as? [String: Any])
        #expect(object["counts"] as? [String: Int] == ["【图片】": 2, "[图片]": 1])
    }

    @Test func scanDoesNotDependOnChunkSize() {
        let input = Array(Self.corpus.bytes.prefix(3000))
        let whole = runCLI(["scan", "--unknown-tags"], stdin: input).stdout
        for size in [1, 2, 3, 5, 7, 13, 31, 64] {
            #expect(runCLI(["scan", "--unknown-tags"], stdin: input, chunkSize: size).stdout == whole, "chunk \(size)")
        }
    }

    @Test func statsCountsExactlyWhatTheCorpusHolds() throws {
        let result = runCLI(["stats", "--partial"], stdin: Self.corpus.bytes)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["counts"] as? [String: Int] == Self.corpus.counts)
        #expect(object["faces"] as? Int == Self.corpus.counts.values.reduce(0, +))
    }

    @Test(arguments: [2, 3, 7, 16])
    func splitAndMergeEqualsTheWholeRun(parts: Int) {
        let whole = runCLI(["stats"], stdin: Self.corpus.bytes)
        var partials: [UInt8] = []
        for piece in Self.corpus.split(into: parts, seed: UInt64(parts)) {
            partials += runCLI(["stats", "--partial"], stdin: piece).stdout
        }
        let merged = runCLI(["stats", "--merge"], stdin: partials)
        #expect(merged.status == .success)
        #expect(merged.stdout == whole.stdout)
        let mergedJSON = runCLI(["stats", "--merge", "--partial"], stdin: partials)
        #expect(mergedJSON.stdout == runCLI(["stats", "--partial"], stdin: Self.corpus.bytes).stdout)
    }

    @Test func renderOverChunksConcatenatedEqualsRenderOverTheWhole() {
        let whole = runCLI(["render"], stdin: Self.corpus.bytes).stdout
        let pieces = Self.corpus.split(into: 9, seed: 99)
        #expect(pieces.flatMap { runCLI(["render"], stdin: $0).stdout } == whole)
        let tagged = runCLI(["tag"], stdin: Self.corpus.bytes).stdout
        #expect(pieces.flatMap { runCLI(["tag"], stdin: $0).stdout } == tagged)
    }

    @Test func theTableIsRankedWithTiesInTagOrderAndTopCuts() {
        let result = runCLI(["stats", "--top", "3"], input: "🚀[心][哈哈]❤😃x[赞]\n")
        #expect(result.text == """
            rank  count  share  tag     emoji
               1      2  33.3%  [哈哈]  😃
               2      2  33.3%  [心]    ❤️
               3      1  16.7%  [赞]    👍
            6 faces

            """)
    }

    /// Thousands of distinct faces of every width, written a piece at a time:
    /// the table equals one laid out cell by cell (the plain way: each row's
    /// cells measured, padded to the widest of their column, joined by two
    /// spaces, trailing spaces dropped), with and without --top.
    @Test func aTableOfManyDistinctFacesIsLaidOutCellByCell() {
        var random = SeededGenerator(seed: 0xFACE_0031)
        let faces = ["[哈哈]", "[心]", "[赞]", "😀", "🚀", "👨‍👩‍👧", "🇨🇳", "1️⃣", "❤", "[doge]"]
        var input = ""
        for number in 0..<6000 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: input += "[t\(number % 2500)]"                                 // unknown tags, many ties
            case 1: input += "[宽\(String(repeating: "字", count: number % 5))\(number % 300)]"     // wide unknown tags
            case 2: input += "👩\u{200D}" + ["💻", "🔧", "🚀", "🍳"][number % 4] + String(repeating: "\u{200D}👦", count: number % 3)
            default: input += faces.randomElement(using: &random)!
            }
            if number % 7 == 0 { input += "\n" }
        }
        let stats = runCLI(["stats", "--partial", "--unknown-tags"], input: input).stdout
        let counts = try! JSONSerialization.jsonObject(with: Data(stats)) as! [String: Any]
        let ranked = (counts["counts"] as! [String: Int]).map { ($0.key, $0.value) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let total = ranked.reduce(0) { $0 + $1.1 }
        for top in [nil, 1, 40] as [Int?] {
            var rows = [["rank", "count", "share", "tag", "emoji"]]
            for (rank, (key, count)) in ranked.prefix(top ?? .max).enumerated() {
                let face = FaceCatalog.default.face(forTag: key)
                let isTag = face != nil || key.hasPrefix("[")
                rows.append([String(rank + 1), String(count), StatsReport.percent(count, of: total), isTag ? key : "-",
                             face?.emoji ?? (isTag ? "" : key)])
            }
            let widths = (0..<5).map { column in rows.map { DisplayWidth.columns(of: $0[column]) }.max()! }
            var expected = ""
            for row in rows {
                var line = row.enumerated().map { column, cell in
                    let pad = String(repeating: " ", count: widths[column] - DisplayWidth.columns(of: cell))
                    return column < 3 ? pad + cell : cell + pad
                }.joined(separator: "  ")
                while line.hasSuffix(" ") { line.removeLast() }
                expected += line + "\n"
            }
            expected += "\(total) \(total == 1 ? "face" : "faces")\n"
            let table = runCLI(["stats", "--unknown-tags"] + (top.map { ["--top", String($0)] } ?? []), input: input).text
            #expect(table == expected, "top \(top.map(String.init) ?? "none")")
        }
    }

    @Test func byFileCountsEachFileAndMergesByName() {
        let files = ["a": Array("[心]\n".utf8), "b": Array("[哈哈][哈哈]\n".utf8)]
        let table = runCLI(["stats", "--by-file", "a", "b"], files: files).text
        #expect(table.hasPrefix("file: a\n"))
        #expect(table.contains("\nfile: b\n"))
        let partial = runCLI(["stats", "--by-file", "--partial", "a", "b"], files: files).stdout
        let merged = runCLI(["stats", "--merge", "--by-file"], stdin: partial + [0x0A] + partial)
        #expect(merged.text.contains("file: b\nrank  count   share  tag     emoji\n   1      4  100.0%  [哈哈]  😃\n4 faces\n"))
    }

    @Test(arguments: [
        ("not json", "standard input line 1: not a JSON object written by 'facetext stats --partial'"),
        (#"{"format":"other"}"#, #"standard input line 1: not a stats partial result (format is not "facetext-stats")"#),
        (#"{"format":"facetext-stats","version":9,"catalog":"x","counts":{}}"#, "standard input line 1: partial result version 9 is not supported (this facetext reads version 1)"),
        (#"{"format":"facetext-stats","version":1,"catalog":"x","counts":{"a":-1}}"#, #"standard input line 1: count of "a" must be a whole number from 0 to 9007199254740991"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"x","faces":3,"counts":{"a":1}}"#, #"standard input line 1: "faces" is 3 but the counts add up to 1"#),
        (#"{"format":"facetext-stats","version":1,"catalog":"0000000000000000","counts":{"a":1}}"#, "partial results were made with another catalog"),
        // Numbers no count can be: too big for a word, or for JSON readers to keep exactly.
        (partial(#"{"[哈哈]":4611686018427387904}"#), #"standard input line 1: count of "[哈哈]" must be a whole number from 0 to 9007199254740991"#),
        (partial(#"{"[哈哈]":18446744073709551616}"#), #"standard input line 1: count of "[哈哈]" must be a whole number from 0 to 9007199254740991"#),
        (partial(#"{"[哈哈]":1e30}"#), #"standard input line 1: count of "[哈哈]" must be a whole number from 0 to 9007199254740991"#),
        (partial(#"{"[哈哈]":1.5}"#), #"standard input line 1: count of "[哈哈]" must be a whole number from 0 to 9007199254740991"#),
        (partial(#"{"[哈哈]":9007199254740991,"[心]":1}"#), "standard input line 1: the counts add up to more than 9007199254740991"),
        // Keys 'stats' never writes.
        (partial(#"{"[贊]":1}"#), #"standard input line 1: key "[贊]" is not how 'facetext stats' writes this face: it writes "[赞]""#),
        (partial(#"{"❤️":1}"#), #"standard input line 1: key "❤️" is not how 'facetext stats' writes this face: it writes "[心]""#),
        (partial(#"{"":1}"#), #"standard input line 1: key "" is not a face"#),
        (partial(#"{"not an emoji":1}"#), #"standard input line 1: key "not an emoji" is not a face"#),
        (#"{"format":"facetext-stats","version":"1","catalog":"x","counts":{}}"#, #"standard input line 1: "version" must be the number 1, not "1""#),
        (#"{"format":"facetext-stats","catalog":"x","counts":{}}"#, #"standard input line 1: "version" is missing"#),
    ])
    func mergeRejectsMalformedOrIncompatiblePartials(input: String, message: String) {
        let result = runCLI(["stats", "--merge"], input: input)
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("facetext: error: " + message), "\(result.stderr)")
    }

    /// A partial of the default catalog with these counts.
    static func partial(_ counts: String) -> String {
        #"{"format":"facetext-stats","version":1,"catalog":""# + FaceStats.catalogFingerprint(.default) + #"","counts":"# + counts + "}"
    }

    @Test func mergedCountsOverTheLimitAreAnError() {
        let big = Self.partial(#"{"[哈哈]":9007199254740991}"#)
        let result = runCLI(["stats", "--merge"], input: big + "\n" + Self.partial(#"{"[哈哈]":1}"#) + "\n")
        #expect(result.status == .failure)
        #expect(result.stderr.contains("the merged counts would exceed 9007199254740991 faces"))
        let fits = runCLI(["stats", "--merge", "--partial"], input: Self.partial(#"{"[哈哈]":9007199254740990}"#) + "\n" + Self.partial(#"{"[哈哈]":1}"#))
        #expect(fits.text.contains(#""[哈哈]":9007199254740991"#))
        #expect(runCLI(["stats", "--merge"], input: big).text.contains("100.0%"))
    }

    @Test func partialsOfDifferentCatalogsDoNotMerge() {
        let ours = runCLI(["stats", "--partial"], input: "[微笑]").stdout
        let wechat = runCLI(["stats", "--partial", "--catalog", "wechat"], input: "[微笑]").stdout
        let result = runCLI(["stats", "--merge"], stdin: ours + [0x0A] + wechat)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("partial result was made with another catalog"))
    }
}
