import Foundation
import Testing

/// `COLUMNS` and the terminal's width, whatever they say: a width past
/// 1 to 1,000,000 (the range of `-w`) is no terminal's and is ignored.
@Suite struct TerminalWidthTests {
    @Test(arguments: ["9223372036854775807", "3074457345618258603", "1000001", "0", "-5", "x", ""])
    func anyColumnsLeavesWrapAndChartsWhole(columns: String) throws {
        for arguments in [["wrap"], ["wrap", "--bubble"], ["stats", "--chart"], ["help", "wrap"]] {
            let terminal = try PseudoTerminal(arguments, stdoutIsTerminal: true, stdinIsTerminal: false, environment: ["COLUMNS": columns])
            let status = terminal.exitStatus(seconds: 20)
            #expect(status == 0, "COLUMNS=\(columns) facetext \(arguments.joined(separator: " ")): \(status.map(String.init) ?? "no exit")\n\(terminal.screen.text)")
        }
    }

    /// A width given in the environment within the range is taken (help wraps at 50 at the least, its example commands whole); one past it is not.
    @Test func aColumnsWithinTheRangeIsTaken() throws {
        func widest(_ columns: String) throws -> Int {
            let terminal = try PseudoTerminal(["help", "wrap"], columns: 200, stdoutIsTerminal: true, stdinIsTerminal: false, environment: ["COLUMNS": columns])
            #expect(terminal.exitStatus(seconds: 20) == 0)
            return String(decoding: terminal.drawn, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.hasPrefix("  facetext ") }.map(\.count).max() ?? 0
        }
        #expect(try widest("60") <= 60)
        #expect(try widest("120") > 100)
        #expect(try widest("9223372036854775807") > 100 && widest("9223372036854775807") <= 200, "the terminal's own width")
    }
}
