/// The Line_Break property of UAX #14, resolved as rule LB1 resolves it (AI,
/// SG and XX as AL; SA as CM when a mark, else AL; CJ as NS), with three
/// variants the rules tell apart: East Asian opening and closing punctuation
/// (which LB30 leaves out) and unassigned Extended_Pictographic code points
/// (ID, but LB30b joins an emoji modifier to them).
enum LineBreakClass: UInt8, CaseIterable, Sendable {
    case BK, CR, LF, NL, SP, ZW, WJ, GL, CM, ZWJ, OP, CL, CP, QU, EX, IS, SY
    case NS, B2, BA, BB, HY, CB, IN, NU, PR, PO, AL, HL, ID, EB, EM, JL, JV
    case JT, H2, H3, RI
    /// OP whose East_Asian_Width is F, W or H.
    case OPEastAsian
    /// CP whose East_Asian_Width is F, W or H.
    case CPEastAsian
    /// An unassigned Extended_Pictographic code point (ID otherwise).
    case IDPictographic

    /// The class of `value` from the generated ranges (a search of 2,539
    /// records; ``WrapTables`` keeps the answers by block).
    init(of value: UInt32) {
        self = Self.classes(from: value, count: 1)[0]
    }

    /// The classes of the `count` code points from `first`: one search for the
    /// first, then the ranges in order.
    static func classes(from first: UInt32, count: Int) -> [LineBreakClass] {
        ranges.withUTF8Buffer { table in
            let recordCount = (table.count + 1) / 8
            var low = 0, high = recordCount - 1
            // The last record whose start is at most `first`.
            while low < high {
                let middle = (low + high + 1) / 2
                if start(ofRecord: middle, in: table) <= first { low = middle } else { high = middle - 1 }
            }
            var record = low
            return (0..<UInt32(count)).map { offset in
                while record + 1 < recordCount && start(ofRecord: record + 1, in: table) <= first + offset { record += 1 }
                return LineBreakClass(rawValue: table[record * 8 + 6] &- 48) ?? .AL
            }
        }
    }

    private static func start(ofRecord index: Int, in table: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<6 {
            let digit = table[index * 8 + offset]
            value = value << 4 | UInt32(digit <= 57 ? digit - 48 : digit - 55)
        }
        return value
    }

    /// Opening punctuation, East Asian or not.
    var isOpening: Bool { self == .OP || self == .OPEastAsian }
    /// Closing punctuation or parenthesis, East Asian or not.
    var isClosing: Bool { self == .CL || self == .CP || self == .CPEastAsian }
    /// The classes of letters rules LB23, LB24, LB28 and LB29 join.
    var isLetter: Bool { self == .AL || self == .HL }
    /// Ideographs and emoji (LB23a).
    var isIdeographicOrEmoji: Bool { self == .ID || self == .IDPictographic || self == .EB || self == .EM }
    /// Hangul jamo and syllables (LB26, LB27).
    var isHangul: Bool { self.rawValue >= LineBreakClass.JL.rawValue && self.rawValue <= LineBreakClass.H3.rawValue }
    /// The classes after which a line ends whatever follows (LB4, LB5).
    var isHardBreak: Bool { self == .BK || self == .CR || self == .LF || self == .NL }
}
