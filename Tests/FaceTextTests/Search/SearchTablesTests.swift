import Foundation
import Testing
@testable import FaceText

/// The search's generated tables say what Unicode's files say: every emoji of
/// emoji-test.txt without a skin tone has CLDR's names and keywords, and every
/// ideograph its first kMandarin reading.
@Suite struct SearchTablesTests {
    static func annotations(_ locale: String) throws -> [String: CLDRAnnotations.Annotation] {
        let folder = Fixtures.unicodeData.appendingPathComponent("cldr")
        let all = try ["annotations", "annotationsDerived"].flatMap { path in
            try CLDRAnnotations.annotations(from: String(contentsOf: folder.appendingPathComponent("\(path)/\(locale).xml"), encoding: .utf8))
        }
        return Dictionary(CLDRAnnotations.merged(all).map { ($0.sequence, $0) }, uniquingKeysWith: { _, last in last })
    }

    static func bare(_ emoji: String) -> String {
        String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }

    @Test func everyUntonedEmojiHasItsCLDRNamesAndKeywords() throws {
        let expected = Fixtures.emojiTestSequences.filter { entry in
            entry.status == "fully-qualified" && !entry.emoji.unicodeScalars.contains { (0x1F3FB...0x1F3FF).contains($0.value) }
        }.map(\.emoji)
        let all = EmojiAnnotation.all
        #expect(all.map(\.emoji) == expected, "run swift scripts/generate-search-tables.swift")
        let (english, chinese, traditional) = try (Self.annotations("en"), Self.annotations("zh"), Self.annotations("zh_Hant"))
        var wrong: [String] = []
        for annotation in all {
            let key = Self.bare(annotation.emoji)
            if let en = english[key], en.name != annotation.englishName || en.keywords != annotation.englishKeywords { wrong.append(annotation.emoji) }
            if chinese[key]?.name ?? "" != annotation.chineseName || chinese[key]?.keywords ?? [] != annotation.chineseKeywords {
                wrong.append(annotation.emoji)
            }
            if traditional[key]?.name ?? "" != annotation.traditionalName { wrong.append(annotation.emoji) }
            if annotation.englishName.isEmpty { wrong.append(annotation.emoji) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(all.filter { !$0.chineseName.isEmpty }.count > 1_840)
    }

    /// Every reading of every piece, as strings, lower case.
    static func readings(_ spelling: PinyinSpelling?) -> [[String]] {
        guard let spelling else { return [] }
        return (0..<spelling.count).map { piece in
            (0..<spelling.alternativeCount(of: piece)).map { String(decoding: spelling.alternative($0, of: piece).map(FoldedBytes.fold), as: UTF8.self) }
        }
    }

    /// The pinyin the table spells for each Chinese name (read in place) is the one the
    /// library reads from the name itself, every reading of every character.
    @Test func namesArePinyinSpelledAsTheLibrarySpellsThem() {
        let table = AnnotationTable.shared
        var wrong: [String] = []
        for line in 0..<table.count {
            for (name, pinyin) in [(AnnotationTable.Column.chineseName, AnnotationTable.Column.chinesePinyin), (.traditionalName, .traditionalPinyin)] {
                let spelled = PinyinSpelling.reading(table.field(pinyin, of: line), Self.readings)
                var spellings = PinyinSpellings()
                spellings.append(table.field(name, of: line))
                let expected = spellings.withSpelling(0, Self.readings)
                if spelled != expected { wrong.append("\(String(decoding: table.field(name, of: line), as: UTF8.self)) \(spelled) \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func annotationsAreFoundWithOrWithoutTheVariationSelector() {
        #expect(EmojiAnnotation.annotation(for: "😂")?.chineseName == "笑哭了")
        #expect(EmojiAnnotation.annotation(for: "❤")?.englishName == "red heart")
        #expect(EmojiAnnotation.annotation(for: "❤️")?.englishName == "red heart")
        #expect(EmojiAnnotation.annotation(for: "🇨🇳")?.chineseName == "旗: 中国")
        #expect(EmojiAnnotation.annotation(for: "👍🏽") == nil)
        #expect(EmojiAnnotation.annotation(for: "a") == nil)
        #expect(EmojiAnnotation.annotation(for: "") == nil)
    }

    /// A reading without its tone: NFD, then ü (u and a diaeresis) as v and tone marks dropped.
    static func toneless(_ reading: Substring) -> String {
        var letters = Array(String(reading).decomposedStringWithCanonicalMapping.unicodeScalars)
        while let at = letters.firstIndex(of: "\u{308}") { letters[at - 1] = "v"; letters.remove(at: at) }
        return String(String.UnicodeScalarView(letters.filter { !(0x300...0x36F).contains($0.value) }))
    }

    /// Every ideograph has every reading of kMandarin, kXHC1983 and kHanyuPinyin, toneless,
    /// each once, kMandarin's first (the most common) and nothing else.
    @Test func everyIdeographHasEveryMandarinReadingWithoutTone() throws {
        let url = Fixtures.unicodeData.appendingPathComponent("unihan/Unihan_Readings-Mandarin.txt")
        var expected: [UInt32: (first: String, all: Set<String>)] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            let value = UInt32(fields[0].dropFirst(2), radix: 16)!
            guard (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) else { continue }
            let readings = fields[2].split(separator: " ").flatMap { ($0.split(separator: ":").last ?? $0).split(separator: ",") }.map(Self.toneless)
            var entry = expected[value] ?? ("", [])
            if fields[1] == "kMandarin" { entry.first = readings[0] }
            entry.all.formUnion(readings)
            expected[value] = entry
        }
        var wrong: [String] = []
        for (value, entry) in expected {
            let readings = FaceSearch.Pinyin.readings(of: Unicode.Scalar(value)!)
            if Set(readings) != entry.all || readings.count != entry.all.count || (!entry.first.isEmpty && readings.first != entry.first) {
                wrong.append("U+\(String(value, radix: 16)) \(readings) \(entry)")
            }
        }
        #expect(expected.count > 26_000)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(FaceSearch.Pinyin.readings(of: "地") == ["de", "di"])
        #expect(FaceSearch.Pinyin.readings(of: "行").starts(with: ["xing"]) && FaceSearch.Pinyin.readings(of: "行").contains("hang"))
        #expect(FaceSearch.Pinyin.reading(of: "A") == nil)
        #expect(FaceSearch.Pinyin.readings(of: "\u{20000}").isEmpty)
    }
}
