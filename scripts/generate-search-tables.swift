// Regenerates the two tables `facetext search` reads, from Unicode data checked in
// under Tests/UnicodeData (with its licence):
//   Sources/FaceText/Generated/EmojiAnnotations+Table.swift  one record per fully-qualified
//     emoji of emoji-test.txt without a skin-tone modifier, in its order: the CLDR short name
//     and keywords in en, zh and zh_Hant (cldr/annotations and cldr/annotationsDerived,
//     versions in SOURCES.md), the English name falling back to emoji-test.txt's for emoji the
//     annotations lack, then the pinyin of the two Chinese names in every reading (from the readings below);
//   Sources/FaceText/Generated/PinyinReadings+Table.swift  every Mandarin reading of every
//     ideograph in U+3400...U+4DBF and U+4E00...U+9FFF (unihan/: kMandarin's,
//     then kXHC1983's, then kHanyuPinyin's), without tones, as a set of syllable numbers (ü is v).
// Run: swift scripts/generate-search-tables.swift
// A test (SearchTablesTests) checks both tables against the data files.
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let data = root.appendingPathComponent("Tests/UnicodeData")

func text(_ path: String) throws -> String {
    try String(contentsOf: data.appendingPathComponent(path), encoding: .utf8)
}

/// The emoji without U+FE0F, the key CLDR uses.
func key(_ emoji: String) -> String {
    String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0.value != 0xFE0F }))
}

func unescaped(_ value: String) -> String {
    value.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}

/// A locale's short names and keywords by emoji key, from its annotation and derived annotation files.
func annotations(_ locale: String) throws -> (names: [String: String], keywords: [String: [String]]) {
    var names: [String: String] = [:]
    var keywords: [String: [String]] = [:]
    for folder in ["annotations", "annotationsDerived"] {
        for line in try text("cldr/\(folder)/\(locale).xml").split(separator: "\n") {
            guard let open = line.range(of: "<annotation cp=\""),
                  let quote = line[open.upperBound...].firstIndex(of: "\""),
                  let start = line[quote...].firstIndex(of: ">"),
                  let end = line.range(of: "</annotation>") else { continue }
            let cp = unescaped(String(line[open.upperBound..<quote]))
            let value = unescaped(String(line[line.index(after: start)..<end.lowerBound]))
                .trimmingCharacters(in: .whitespaces)
            if line[quote..<start].contains("type=\"tts\"") {
                names[key(cp)] = value
            } else {
                keywords[key(cp)] = value.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            }
        }
    }
    return (names, keywords)
}

/// Whether a field is safe between tabs and lines inside a raw string literal.
func clean(_ field: String) -> String {
    precondition(!field.contains("\t") && !field.contains("\n") && !field.contains("\"\"\"#"), "field \(field)")
    return field
}

// MARK: - Pinyin

/// A kMandarin reading without its tone, ü written v: "xiào" → "xiao", "lǜ" → "lv".
func toneless(_ reading: String) -> String {
    var result = ""
    for scalar in reading.decomposedStringWithCanonicalMapping.unicodeScalars {
        switch scalar.value {
        case 0x0308: result.removeLast(); result.append("v")  // combining diaeresis: ü
        case 0x0300...0x036F: continue  // tone marks
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

let blocks: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]
/// Every reading of each ideograph, toneless and without repeats: kMandarin's first (the most
/// common), then the modern dictionary's (kXHC1983), then the large dictionary's (kHanyuPinyin).
var readings: [UInt32: [String]] = [:]
let fieldOrder = ["kMandarin", "kXHC1983", "kHanyuPinyin"]
var byField: [UInt32: [Int: [String]]] = [:]
for line in try text("unihan/Unihan_Readings-Mandarin.txt").split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t")
    guard fields.count == 3, let order = fieldOrder.firstIndex(of: String(fields[1])),
          let value = UInt32(fields[0].dropFirst(2), radix: 16), blocks.contains(where: { $0.contains(value) }) else { continue }
    // kMandarin: "de dì"; kXHC1983: "0224.030:de 0235.050:dì"; kHanyuPinyin: "10420.120:dì,de".
    let values = fields[2].split(separator: " ").flatMap { entry in
        (entry.split(separator: ":").last ?? entry).split(separator: ",").map { toneless(String($0)) }
    }
    byField[value, default: [:]][order] = values
}
for (value, fields) in byField {
    var all: [String] = []
    for order in fields.keys.sorted() { for reading in fields[order]! where !all.contains(reading) { all.append(reading) } }
    readings[value] = all
}

/// The pinyin of a text as the library spells it (``PinyinSpellings``): each ideograph's readings,
/// each run of ASCII letters (lowercased) and each run of digits, written together, each piece's
/// first letter in upper case and each further reading of an ideograph after a `/`
/// (`XiaoKuLe`, `De/DiTu`, `AnJian10`); empty when the text has no ideograph with a reading.
func spelling(_ text: String) -> String {
    var pieces: [String] = [], word = "", hasReading = false
    func capitalized(_ piece: String) -> String { piece.prefix(1).uppercased() + piece.dropFirst() }
    for scalar in text.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            // Letters and digits are pieces of their own: "3d" is 3, d.
            if let last = word.unicodeScalars.last, ("0"..."9").contains(last) != ("0"..."9").contains(scalar) {
                pieces.append(capitalized(word)); word = ""
            }
            word += String(scalar).lowercased()
            continue
        }
        if !word.isEmpty { pieces.append(capitalized(word)); word = "" }
        if let all = readings[scalar.value] { pieces.append(all.map(capitalized).joined(separator: "/")); hasReading = true }
    }
    if !word.isEmpty { pieces.append(capitalized(word)) }
    return hasReading ? pieces.joined() : ""
}

// MARK: - Emoji annotations

let locales = ["en", "zh", "zh_Hant"]
let byLocale = try locales.map(annotations)
var records: [String] = []
for line in try text("emoji-test.txt").split(separator: "\n") where line.contains("; fully-qualified") {
    let fields = line.split(separator: ";", maxSplits: 1)
    let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }.compactMap(Unicode.Scalar.init)
    guard !scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) }) else { continue }
    var emoji = ""
    emoji.unicodeScalars.append(contentsOf: scalars)
    // "# 😀 E1.0 grinning face": the name follows the version.
    guard let comment = line.range(of: "# "), let version = line[comment.upperBound...].range(of: " E") else { continue }
    let afterVersion = line[version.upperBound...]
    let englishName = String(afterVersion[afterVersion.index(after: afterVersion.firstIndex(of: " ")!)...])
    var record = [emoji]
    for (index, (names, keywords)) in byLocale.enumerated() {
        record.append(names[key(emoji)] ?? (index == 0 ? englishName : ""))
        record.append((keywords[key(emoji)] ?? []).joined(separator: "|"))
    }
    record += [spelling(record[3]), spelling(record[5])]
    records.append(record.map(clean).joined(separator: "\t"))
}

let annotationsSource = """
    // Generated by scripts/generate-search-tables.swift from emoji-test.txt and CLDR's
    // annotations (en, zh, zh_Hant) under Tests/UnicodeData (versions in SOURCES.md). Do not edit.

    extension EmojiAnnotation {
        /// One line per emoji: the emoji, its English name, then the short name and
        /// `|`-separated keywords in en, zh and zh_Hant, then the pinyin of the zh and zh_Hant
        /// names, every reading of an ideograph after a `/` (`De/DiTu`); fields separated by tabs.
        static let table: StaticString = #\"\"\"
    \(records.joined(separator: "\n"))
    \"\"\"#
    }

    """
try annotationsSource.write(to: root.appendingPathComponent("Sources/FaceText/Generated/EmojiAnnotations+Table.swift"),
                            atomically: true, encoding: .utf8)
print("EmojiAnnotations+Table.swift: \(records.count) emoji, \(records.joined(separator: "\n").utf8.count) bytes")

let syllables = Set(readings.values.joined()).sorted()
let number = Dictionary(uniqueKeysWithValues: syllables.enumerated().map { ($0.element, $0.offset + 1) })
// Each distinct list of readings is a set, numbered from 1; sets of one reading come first,
// so set n, for n up to the syllable count, is syllable n; the others in order of first use.
var sets: [[String]] = syllables.map { [$0] }
var setNumber: [[String]: Int] = Dictionary(uniqueKeysWithValues: sets.enumerated().map { ($0.element, $0.offset + 1) })
for block in blocks {
    for value in block {
        guard let all = readings[value], setNumber[all] == nil else { continue }
        sets.append(all)
        setNumber[all] = sets.count
    }
}
// A number as `count` base-64 digits, each written as 0x30 plus its value ("0" to "o"):
// no quote or "#" that could end the raw literal.
func digits(_ value: Int, _ count: Int) -> String {
    precondition(value < 1 << (6 * count))
    return String((0..<count).reversed().map { Character(UnicodeScalar(UInt8(0x30 + (value >> (6 * $0)) & 63))) })
}
var lines: [String] = []
for block in blocks {
    var line = ""
    for value in block { line += digits(readings[value].map { setNumber[$0]! } ?? 0, 3) }
    lines.append(line)
}
let setLines = sets.dropFirst(syllables.count).map { $0.map { digits(number[$0]!, 2) }.joined() }
let pinyinSource = """
    // Generated by scripts/generate-search-tables.swift from the kMandarin, kXHC1983 and
    // kHanyuPinyin fields of Unihan, checked in under Tests/UnicodeData/unihan (version in SOURCES.md).
    // Do not edit.

    extension FaceSearch.Pinyin {
        /// The toneless syllables, space-separated; a syllable's number n is the nth (from 1).
        static let syllableList: StaticString = "\(syllables.joined(separator: " "))"
        /// The ideograph blocks the readings cover, in the order of `readings`.
        static let blocks: [ClosedRange<UInt32>] = [\(blocks.map { "0x\(String($0.lowerBound, radix: 16, uppercase: true))...0x\(String($0.upperBound, radix: 16, uppercase: true))" }.joined(separator: ", "))]
        /// Three characters per code point of each block in turn, a line per block: the number of
        /// its set of readings in base 64, each digit stored as 0x30 plus its value (0: no reading).
        /// Sets 1 to \(syllables.count) are the syllables themselves; the others are `readingSets`.
        static let readings: StaticString = #\"\"\"
    \(lines.joined(separator: "\n"))
    \"\"\"#
        /// The sets of several readings, set \(syllables.count + 1) on, a line each: the syllables'
        /// numbers, two base-64 digits each, the most common reading first.
        static let readingSets: StaticString = #\"\"\"
    \(setLines.joined(separator: "\n"))
    \"\"\"#
    }

    """
try pinyinSource.write(to: root.appendingPathComponent("Sources/FaceText/Generated/PinyinReadings+Table.swift"),
                       atomically: true, encoding: .utf8)
print("PinyinReadings+Table.swift: \(readings.count) ideographs, \(syllables.count) syllables, \(sets.count - syllables.count) sets of several")
