import Foundation

/// Terminal columns of every scalar, worked out from Unicode's own files
/// (EastAsianWidth.txt with the general category in its comments,
/// emoji-data.txt and PropList.txt, all Unicode 15.0) by rules written out
/// here, not by ``DisplayWidth``:
///
/// 1. a control (Cc) takes no column;
/// 2. a regional indicator alone takes one;
/// 3. an Emoji_Presentation scalar takes two;
/// 4. a Grapheme_Extend scalar (Mn, Me, Other_Grapheme_Extend) takes none,
///    but for the halfwidth voiced sound marks U+FF9E and U+FF9F, which take one;
/// 5. an East Asian Wide or Fullwidth scalar takes two;
/// 6. a format character (Cf), a line or paragraph separator and any other
///    Default_Ignorable_Code_Point takes none;
/// 7. any other scalar, unassigned ones too, takes one.
///
/// In a cluster, U+FE0F after an Emoji scalar (or U+20E3 after one) makes two
/// columns; U+FE0E drops rule 3; a voiced mark adds its column; other
/// extenders add nothing.
struct WidthReference {
    /// The columns of each scalar alone, indexed by code point.
    let alone: [UInt8]
    /// The columns of each scalar shown as text (after U+FE0E).
    let asText: [UInt8]
    /// Whether each scalar is Emoji=Yes.
    let isEmoji: [Bool]
    /// Each scalar's general category (`Cn` when unassigned) and whether it is Grapheme_Extend, in Unicode 15.0.
    let category: [String]
    let isGraphemeExtend: [Bool]

    init(folder: URL) throws {
        let count = 0x110000
        var category = [String](repeating: "Cn", count: count)
        var wide = [Bool](repeating: false, count: count)
        for (range, value, comment) in try Self.rows(folder.appendingPathComponent("EastAsianWidth.txt")) {
            let general = String(comment.split(separator: " ").first ?? "Cn")
            for code in range {
                category[code] = general
                wide[code] = value == "W" || value == "F"
            }
        }
        var emoji = [Bool](repeating: false, count: count)
        var presentation = [Bool](repeating: false, count: count)
        var regional = [Bool](repeating: false, count: count)
        for (range, value, _) in try Self.rows(folder.appendingPathComponent("emoji-data.txt")) {
            for code in range {
                if value == "Emoji" { emoji[code] = true }
                if value == "Emoji_Presentation" { presentation[code] = true }
            }
        }
        for code in 0x1F1E6...0x1F1FF { regional[code] = true }
        var otherExtend = [Bool](repeating: false, count: count)
        var ignorable = [Bool](repeating: false, count: count)
        var notIgnorable = [Bool](repeating: false, count: count)
        for (range, value, _) in try Self.rows(folder.appendingPathComponent("PropList.txt")) {
            for code in range {
                switch value {
                case "Other_Grapheme_Extend": otherExtend[code] = true
                case "Other_Default_Ignorable_Code_Point", "Variation_Selector": ignorable[code] = true
                case "White_Space", "Prepended_Concatenation_Mark": notIgnorable[code] = true
                default: break
                }
            }
        }
        var graphemeExtend = [Bool](repeating: false, count: count)
        var alone = [UInt8](repeating: 1, count: count)
        var asText = [UInt8](repeating: 1, count: count)
        for code in 0..<count {
            let general = category[code]
            let extend = general == "Mn" || general == "Me" || otherExtend[code]
            graphemeExtend[code] = extend
            let defaultIgnorable = (general == "Cf" || ignorable[code]) && !notIgnorable[code]
                && !(0xFFF9...0xFFFB).contains(code) && !(0x13430...0x1343F).contains(code)
            func width(emojiStyle: Bool) -> UInt8 {
                if general == "Cc" { return 0 }
                if regional[code] { return 1 }
                if emojiStyle && presentation[code] { return 2 }
                if code == 0xFF9E || code == 0xFF9F { return 1 }
                if extend { return 0 }
                if wide[code] { return 2 }
                if general == "Cf" || general == "Zl" || general == "Zp" || defaultIgnorable { return 0 }
                return 1
            }
            alone[code] = width(emojiStyle: true)
            asText[code] = width(emojiStyle: false)
        }
        self.alone = alone
        self.asText = asText
        self.isEmoji = emoji
        self.category = category
        self.isGraphemeExtend = graphemeExtend
    }

    /// The data rows of a Unicode data file: code point range, first field value, comment.
    private static func rows(_ url: URL) throws -> [(ClosedRange<Int>, String, String)] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let fields = parts[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty else { return nil }
            let bounds = fields[0].components(separatedBy: "..").compactMap { Int($0, radix: 16) }
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            return (bounds[0]...bounds[bounds.count - 1], fields[1], comment)
        }
    }
}
