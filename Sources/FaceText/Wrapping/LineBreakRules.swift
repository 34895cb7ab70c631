/// The rules of UAX #14 (Unicode 15.0, with the numbers tailored as its
/// Example 7 does, as `LineBreakTest.txt` is), applied one class at a time.
///
/// This is the plain form of the rules, written as the standard numbers them;
/// ``LineBreakMachine`` runs the same rules from a table and is tested against it.
/// The context is what the rules look back at: the class before (after LB9
/// and LB10 resolve marks), the class before a run of spaces, where a number
/// stands (LB25), the parity of a run of regional indicators (LB30a), and
/// whether the scalar before was a ZWJ (LB8a).
enum LineBreakRules {
    /// Whether a line may break before a class.
    enum Decision: UInt8, Sendable {
        case noBreak = 0
        case allowed = 1
        /// A break unless the next class but marks is NU: only between PR or PO
        /// and OP, where LB25 looks ahead (`(PR | PO) × OP NU`).
        case allowedUnlessNumberFollows = 2
    }

    /// Where a number stands, for LB25's `NU (NU | SY | IS)* (CL | CP)?`.
    enum NumberState: UInt8, Hashable, Sendable {
        case none, digits, closed
    }

    /// What the rules remember of the classes before.
    struct Context: Hashable, Sendable {
        /// The class before (a mark takes the class of what it follows); nil at the start.
        var previous: LineBreakClass?
        /// When `previous` is SP: the class before the run of spaces (nil at the start).
        var beforeSpaces: LineBreakClass?
        var number = NumberState.none
        /// Whether an odd number of regional indicators ends the text so far.
        var oddRegionalIndicators = false
        /// Whether the last scalar was a ZWJ.
        var afterJoiner = false
        /// Whether the text ends with HL then HY or BA (LB21a).
        var hebrewThenHyphen = false

        /// The start of a text.
        static let start = Context()
    }

    /// Whether a line may break before `next`, and what the context becomes.
    static func step(_ context: inout Context, _ next: LineBreakClass) -> Decision {
        let previous = context.previous
        // LB9: X (CM | ZWJ)* is X, after anything but the start, spaces and breaks.
        if next == .CM || next == .ZWJ, let previous, !previous.isHardBreak, previous != .SP, previous != .ZW {
            context.afterJoiner = next == .ZWJ
            return .noBreak
        }
        // LB10: other marks are AL.
        let current = next == .CM || next == .ZWJ ? LineBreakClass.AL : next
        let decision = decide(context, current)
        advance(&context, to: current, joiner: next == .ZWJ)
        return decision
    }

    /// The rules from LB2 on, for a class LB9 did not join to what precedes it.
    private static func decide(_ context: Context, _ next: LineBreakClass) -> Decision {
        guard let previous = context.previous else { return .noBreak }                    // LB2
        switch previous {
        case .BK, .LF, .NL: return .allowed                                                // LB4, LB5
        case .CR: return next == .LF ? .noBreak : .allowed                                 // LB5
        default: break
        }
        if next.isHardBreak || next == .SP || next == .ZW { return .noBreak }              // LB6, LB7
        // The class before any spaces, for the rules that look across them (LB8, LB14–LB17).
        let base = previous == .SP ? context.beforeSpaces : previous
        if base == .ZW { return .allowed }                                                 // LB8
        if context.afterJoiner { return .noBreak }                                         // LB8a
        if next == .WJ || previous == .WJ { return .noBreak }                              // LB11
        if previous == .GL { return .noBreak }                                             // LB12
        if next == .GL, previous != .SP, previous != .BA, previous != .HY { return .noBreak }  // LB12a
        if next.isClosing || next == .EX || next == .IS || next == .SY { return .noBreak } // LB13
        if let base, base.isOpening { return .noBreak }                                    // LB14
        if base == .QU, next.isOpening { return .noBreak }                                 // LB15
        if let base, base.isClosing, next == .NS { return .noBreak }                       // LB16
        if base == .B2, next == .B2 { return .noBreak }                                    // LB17
        if previous == .SP { return .allowed }                                             // LB18
        if next == .QU || previous == .QU { return .noBreak }                              // LB19
        if next == .CB || previous == .CB { return .allowed }                              // LB20
        if next == .BA || next == .HY || next == .NS || previous == .BB { return .noBreak } // LB21
        if context.hebrewThenHyphen { return .noBreak }                                    // LB21a
        if previous == .SY, next == .HL { return .noBreak }                                // LB21b
        if next == .IN { return .noBreak }                                                 // LB22
        if previous.isLetter && next == .NU || previous == .NU && next.isLetter { return .noBreak }  // LB23
        if previous == .PR && next.isIdeographicOrEmoji || previous.isIdeographicOrEmoji && next == .PO {
            return .noBreak                                                                // LB23a
        }
        let prefixOrPostfix = previous == .PR || previous == .PO
        if prefixOrPostfix && next.isLetter || previous.isLetter && (next == .PR || next == .PO) {
            return .noBreak                                                                // LB24
        }
        if let decision = numbers(context, previous, next) { return decision }            // LB25
        switch (previous, next) {
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3), (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT),
             (.JT, .JT), (.H3, .JT):
            return .noBreak                                                                // LB26
        default: break
        }
        if previous.isHangul && next == .PO || previous == .PR && next.isHangul { return .noBreak }  // LB27
        if previous.isLetter && next.isLetter { return .noBreak }                          // LB28
        if previous == .IS && next.isLetter { return .noBreak }                            // LB29
        if (previous.isLetter || previous == .NU) && next == .OP { return .noBreak }       // LB30
        if previous == .CP && (next.isLetter || next == .NU) { return .noBreak }           // LB30
        if previous == .RI && next == .RI && context.oddRegionalIndicators { return .noBreak }  // LB30a
        if (previous == .EB || previous == .IDPictographic) && next == .EM { return .noBreak }  // LB30b
        return .allowed                                                                    // LB31
    }

    /// LB25 as `LineBreakTest.txt` tailors it (UAX #14, Example 7).
    private static func numbers(_ context: Context, _ previous: LineBreakClass, _ next: LineBreakClass) -> Decision? {
        let prefixOrPostfix = previous == .PR || previous == .PO
        if prefixOrPostfix && next == .NU { return .noBreak }
        if prefixOrPostfix && next.isOpening { return .allowedUnlessNumberFollows }   // (PR | PO) × OP NU
        if (previous.isOpening || previous == .HY) && next == .NU { return .noBreak }
        if context.number == .digits && (next == .NU || next == .SY || next == .IS || next.isClosing) { return .noBreak }
        if context.number != .none && (next == .PO || next == .PR) { return .noBreak }
        return nil
    }

    /// The context after `next` (LB10 already applied).
    private static func advance(_ context: inout Context, to next: LineBreakClass, joiner: Bool) {
        let previous = context.previous
        context.beforeSpaces = next == .SP ? (previous == .SP ? context.beforeSpaces : previous) : nil
        switch next {
        case .NU: context.number = .digits
        case .SY, .IS: context.number = context.number == .digits ? .digits : .none
        case .CL, .CP, .CPEastAsian: context.number = context.number == .digits ? .closed : .none
        default: context.number = .none
        }
        context.oddRegionalIndicators = next == .RI && !(previous == .RI && context.oddRegionalIndicators)
        context.hebrewThenHyphen = (next == .HY || next == .BA) && previous == .HL
        context.afterJoiner = joiner
        context.previous = next
    }
}
