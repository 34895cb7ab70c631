import Foundation
import Testing
@testable import FaceText

/// ``DisplayWidth`` against ``WidthReference`` on every scalar: alone, and
/// followed by each scalar that changes how a cluster is shown.
@Suite struct DisplayWidthReferenceTests {
    static let reference = Result { try WidthReference(folder: Fixtures.unicodeData) }

    /// The scalars to compare: all but the few whose properties Unicode changed
    /// after 15.0 (assigned later, another general category, Grapheme_Extend
    /// changed), where the standard library follows its newer data and the
    /// checked-in files do not.
    static let scalars: [Unicode.Scalar] = {
        guard let reference = try? reference.get() else { return [] }
        return (0..<0x110000).compactMap { code in
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            let properties = scalar.properties
            if let age = properties.age, age.major > 15 || age.major == 15 && age.minor > 0 { return nil }
            guard properties.age == nil || sameCategory(abbreviation(properties.generalCategory), reference.category[code]),
                  properties.isGraphemeExtend == reference.isGraphemeExtend[code] else { return nil }
            return scalar
        }
    }()

    /// The pairs are built on every assigned scalar, and every 61st unassigned or private-use one.
    static let pairBases: [Unicode.Scalar] = {
        guard let reference = try? reference.get() else { return [] }
        return scalars.filter { scalar in
            let category = reference.category[Int(scalar.value)]
            return category != "Cn" && category != "Co" || scalar.value % 61 == 0
        }
    }()

    @Test func fewScalarsAreLeftOut() throws {
        _ = try Self.reference.get()
        #expect(Self.scalars.count > 0x110000 - 0x800 - 10_615 - 50)  // Unicode 15.1 and 16.0 assigned 10,615
        #expect(Self.pairBases.count > 150_000)
    }

    /// Whether two general categories agree (`L&` is any cased letter).
    static func sameCategory(_ category: String, _ listed: String) -> Bool {
        listed == "L&" ? ["Lu", "Ll", "Lt"].contains(category) : category == listed
    }

    static func abbreviation(_ category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "?"
        }
    }

    /// A cluster is one scalar followed by `mark`; what the reference says it takes.
    static func expected(_ reference: WidthReference, _ code: Int, followedBy mark: UInt32) -> Int {
        let alone = Int(reference.alone[code])
        let control = reference.alone[code] == 0 && !reference.isEmoji[code] && (code < 0x20 || (0x7F...0x9F).contains(code))
        if control { return mark == 0xFF9E ? 1 : 0 }
        let regional = (0x1F1E6...0x1F1FF).contains(code)
        switch mark {
        case 0xFE0F, 0x20E3: return reference.isEmoji[code] ? 2 : alone
        case 0xFE0E: return regional ? 2 : Int(reference.asText[code])
        default: return (regional ? 2 : alone) + 1
        }
    }

    @Test func everyScalarAloneTakesTheReferenceColumns() throws {
        let reference = try Self.reference.get()
        var wrong: [String] = []
        for scalar in Self.scalars {
            let got = DisplayWidth.columns(of: Character(scalar))
            if got != Int(reference.alone[Int(scalar.value)]) {
                wrong.append(String(format: "U+%04X: %d, not %d", scalar.value, got, reference.alone[Int(scalar.value)]))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) scalars: \(wrong.prefix(40).joined(separator: "; "))")
    }

    @Test(arguments: [UInt32(0xFE0F), 0xFE0E, 0x20E3, 0xFF9E])
    func everyScalarFollowedBy(mark: UInt32) throws {
        let reference = try Self.reference.get()
        var wrong: [String] = []
        var text = String.UnicodeScalarView()
        for scalar in Self.pairBases {
            text.removeAll(keepingCapacity: true)
            text.append(scalar)
            text.append(Unicode.Scalar(mark)!)
            let got = DisplayWidth.columns(of: String(text))
            let want = Self.expected(reference, Int(scalar.value), followedBy: mark)
            if got != want { wrong.append(String(format: "U+%04X U+%04X: %d, not %d", scalar.value, mark, got, want)) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) clusters: \(wrong.prefix(40).joined(separator: "; "))")
    }
}
