import Foundation
import Testing
@testable import FaceText

/// The generated tables read from Unicode's files say what those files say:
/// a table left stale after its source changed fails here. (The embedded
/// catalogs, emoji properties and cluster starts are checked by their own
/// suites: `DefaultCatalogTests`, `EmojiPropertiesTests`, `SafePointTests`.)
@Suite struct GeneratedTablesTests {
    /// The code points of `file` in `Tests/UnicodeData` whose property value (the field after `;`) is one of `values`.
    static func codePoints(in file: String, values: Set<String>) throws -> Set<UInt32> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("UnicodeData/\(file)")
        var result = Set<UInt32>()
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, values.contains(fields[1]) else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            result.formUnion(bounds[0]...bounds[bounds.count - 1])
        }
        return result
    }

    static func members(of table: RangeTable) -> Set<UInt32> {
        table.ranges.reduce(into: Set<UInt32>()) { $0.formUnion($1) }
    }

    @Test func eastAsianWideIsTheWideAndFullwidthOfEastAsianWidthTxt() throws {
        let expected = try Self.codePoints(in: "EastAsianWidth.txt", values: ["W", "F"])
        #expect(expected.count > 100_000)
        #expect(Self.members(of: EastAsianWide.table) == expected, "run swift scripts/generate-unicode-tables.swift")
    }

    @Test func extendedPictographicIsThatOfEmojiDataTxt() throws {
        let expected = try Self.codePoints(in: "emoji-data.txt", values: ["Extended_Pictographic"])
        #expect(expected.count > 2_800)
        #expect(Self.members(of: ExtendedPictographic.table) == expected, "run swift scripts/generate-unicode-tables.swift")
    }

    /// The standard library's clusters join a scalar after an emoji and a ZWJ (GB11) exactly
    /// when the table calls it Extended_Pictographic: FaceText's units agree with `Character`.
    @Test func extendedPictographicIsWhatTheStandardLibraryJoins() {
        var wrong: [String] = []
        for value in UInt32(0x80)..<0x20000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let joins = ("\u{1F600}\u{200D}" + text).count == 1 && ("a\u{200D}" + text).count == 2
            if joins != ExtendedPictographic.contains(value) { wrong.append("U+" + String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ, e.g. \(wrong.prefix(5))")
    }
}
