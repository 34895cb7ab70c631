// Regenerates the two tables `facetext search` reads, from Unicode data checked in
// under Tests/UnicodeData (with its licence):
//   Sources/FaceText/Generated/EmojiAnnotations+Table.swift  one record per fully-qualified
//     emoji of emoji-test.txt without a skin-tone modifier, in its order: the CLDR short name
//     and keywords in en, zh and zh_Hant (cldr/annotations and cldr/annotationsDerived,
//     CLDR 41), the English name falling back to emoji-test.txt's for emoji newer than CLDR 41,
//     then the pinyin of the two Chinese names (from the readings below);
//   Sources/FaceText/Generated/PinyinReadings+Table.swift  the first kMandarin reading of
//     every ideograph in U+3400...U+4DBF and U+4E00...U+9FFF (unihan/, Unicode 15.0.0),
//     without its tone, as an index into a list of syllables (ü is written v).
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
var readings: [UInt32: String] = [:]
for line in try text("unihan/Unihan_Readings-kMandarin.txt").split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t")
    guard fields.count == 3, fields[1] == "kMandarin", let value = UInt32(fields[0].dropFirst(2), radix: 16),
          blocks.contains(where: { $0.contains(value) }) else { continue }
    readings[value] = toneless(String(fields[2].split(separator: " ")[0]))
}
/// The pinyin of a text as the library spells it (``Pinyin.spelling(of:)``): each ideograph's
/// reading, each run of ASCII letters (lowercased) and each run of digits, written together
/// with each piece's first letter in upper case (`XiaoKuLe`, `OkShouShi`, `AnJian10`); empty
/// when the text has no ideograph with a reading.
func spelling(_ text: String) -> String {
    var pieces: [String] = [], word = "", hasReading = false
    for scalar in text.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            // Letters and digits are pieces of their own: "3d" is 3, d.
            if let last = word.unicodeScalars.last, ("0"..."9").contains(last) != ("0"..."9").contains(scalar) {
                pieces.append(word); word = ""
            }
            word += String(scalar).lowercased()
            continue
        }
        if !word.isEmpty { pieces.append(word); word = "" }
        if let reading = readings[scalar.value] { pieces.append(reading); hasReading = true }
    }
    if !word.isEmpty { pieces.append(word) }
    return hasReading ? pieces.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() : ""
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
    // Generated by scripts/generate-search-tables.swift from emoji-test.txt (Emoji 15.0) and
    // CLDR 41's annotations (en, zh, zh_Hant), checked in under Tests/UnicodeData. Do not edit.

    extension EmojiAnnotation {
        /// One line per emoji: the emoji, its English name, then the short name and
        /// `|`-separated keywords in en, zh and zh_Hant; fields separated by tabs.
        static let table: StaticString = #\"\"\"
    \(records.joined(separator: "\n"))
    \"\"\"#
    }

    """
try annotationsSource.write(to: root.appendingPathComponent("Sources/FaceText/Generated/EmojiAnnotations+Table.swift"),
                            atomically: true, encoding: .utf8)
print("EmojiAnnotations+Table.swift: \(records.count) emoji, \(records.joined(separator: "\n").utf8.count) bytes")

let syllables = Set(readings.values).sorted()
let number = Dictionary(uniqueKeysWithValues: syllables.enumerated().map { ($0.element, $0.offset + 1) })
// Two characters per code point: the syllable's number (1 and up; 0 for no reading) in base 64,
// each digit written as 0x30 plus its value ("0" to "o"): no quote or "#" that could end the raw literal.
func digits(_ value: Int) -> String {
    precondition(value < 64 * 64)
    return String(UnicodeScalar(UInt8(0x30 + value / 64))) + String(UnicodeScalar(UInt8(0x30 + value % 64)))
}
var lines: [String] = []
for block in blocks {
    var line = ""
    for value in block { line += digits(readings[value].map { number[$0]! } ?? 0) }
    lines.append(line)
}
let pinyinSource = """
    // Generated by scripts/generate-search-tables.swift from the kMandarin field of Unihan
    // (Unicode 15.0.0), checked in under Tests/UnicodeData/unihan. Do not edit.

    extension Pinyin {
        /// The toneless syllables, space-separated; a reading's number n is the nth (from 1).
        static let syllableList: StaticString = "\(syllables.joined(separator: " "))"
        /// The ideograph blocks the readings cover, in the order of `readings`.
        static let blocks: [ClosedRange<UInt32>] = [\(blocks.map { "0x\(String($0.lowerBound, radix: 16, uppercase: true))...0x\(String($0.upperBound, radix: 16, uppercase: true))" }.joined(separator: ", "))]
        /// Two characters per code point of each block in turn: its syllable's number in base 64,
        /// each digit stored as 0x30 plus its value (0 is no reading).
        static let readings: StaticString = #\"\"\"
    \(lines.joined(separator: "\n"))
    \"\"\"#
    }

    """
try pinyinSource.write(to: root.appendingPathComponent("Sources/FaceText/Generated/PinyinReadings+Table.swift"),
                       atomically: true, encoding: .utf8)
print("PinyinReadings+Table.swift: \(readings.count) ideographs, \(syllables.count) syllables")
