import Foundation
import Testing
import TestSupport
@testable import FaceText

/// The generated Line_Break table says what LineBreak.txt says (as rule LB1
/// resolves it), and the table-driven machine decides as the rules do.
@Suite struct LineBreakTableTests {
    @Test func everyListedCodePointHasItsResolvedClass() throws {
        let url = Fixtures.unicodeData.appendingPathComponent("LineBreak.txt")
        var checked = 0
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let fields = parts[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let category = parts[1].trimmingCharacters(in: .whitespaces).prefix(2)
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            // Every range's ends and middle: the table's ranges never split a line of the file.
            for value in Set([bounds[0], bounds[bounds.count - 1], (bounds[0] + bounds[bounds.count - 1]) / 2]) {
                let found = LineBreakClass(of: value)
                let expected: Set<String>
                switch fields[1] {
                case "AI", "SG", "XX": expected = ["AL", "IDPictographic"]
                case "SA": expected = category == "Mn" || category == "Mc" ? ["CM"] : ["AL"]
                case "CJ": expected = ["NS"]
                case "OP": expected = ["OP", "OPEastAsian"]
                case "CP": expected = ["CP", "CPEastAsian"]
                case "ID": expected = ["ID", "IDPictographic"]
                default: expected = [fields[1]]
                }
                #expect(expected.contains("\(found)"), "U+\(String(value, radix: 16, uppercase: true)) is \(found), not \(fields[1])")
                checked += 1
            }
        }
        #expect(checked > 7000)
    }

    @Test func variantsFollowTheirProperties() {
        #expect(LineBreakClass(of: 0x28) == .OP)              // (
        #expect(LineBreakClass(of: 0xFF08) == .OPEastAsian)   // （ fullwidth
        #expect(LineBreakClass(of: 0x29) == .CP)              // )
        #expect(LineBreakClass(of: 0xFF09) == .CL)            // ） fullwidth: CL, not CP
        #expect(LineBreakClass(of: 0x1F000) == .ID)           // 🀀, assigned
        #expect(LineBreakClass(of: 0x1FAFF) == .IDPictographic)  // unassigned in 15.0, Extended_Pictographic
        #expect(LineBreakClass(of: 0xE01F0) == .AL)           // unlisted: XX
        #expect(LineBreakClass(of: 0x10FFFF) == .AL)
        #expect(LineBreakClass(of: 0x0E33) == .AL)            // Thai SARA AM: SA, Lo
        #expect(LineBreakClass(of: 0x0E31) == .CM)            // Thai MAI HAN-AKAT: SA, Mn
    }

    /// Random runs of classes (marks, spaces and numbers often, as the context
    /// rules are about them): the table and the rules agree before every class.
    @Test func theMachineDecidesAsTheRules() {
        var random = SeededGenerator(seed: 14)
        let all = LineBreakClass.allCases
        let common: [LineBreakClass] = [.CM, .ZWJ, .SP, .NU, .PR, .PO, .OP, .CL, .CP, .IS, .SY, .RI, .HL, .HY, .BA, .QU, .B2, .ZW]
        for _ in 0..<3000 {
            let classes = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Bool.random(using: &random) ? common.randomElement(using: &random)! : all.randomElement(using: &random)!
            }
            #expect(LineBreaker.breaks(before: classes, rules: false) == LineBreaker.breaks(before: classes, rules: true),
                    "\(classes)")
        }
        #expect(LineBreakMachine.shared.stateCount < 1000)
    }

    @Test func opportunitiesInAString() {
        let text = "Hello, 世界。\nok"
        let breaks = LineBreaker().opportunities(in: text).map { (text[..<$0.index].count, $0.isMandatory) }
        #expect(breaks.map(\.0) == [7, 8, 11, 13])
        #expect(breaks.map(\.1) == [false, false, true, true])
        #expect(LineBreaker().opportunities(in: "").isEmpty)
        // Numbers stay whole: "$(12.50)" has no break inside.
        #expect(LineBreaker().opportunities(in: "$(12.50)").count == 1)
    }
}
