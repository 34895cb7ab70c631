import Testing
@testable import FaceTextCLI

/// Every numeric option has a stated range; a value outside it, however
/// large or small, is a usage error that names the range, never a crash, a
/// hang or gigabytes of memory.
@Suite struct NumericOptionTests {
    static let huge = "9223372036854775807"

    @Test(arguments: [
        (["grid", "--rows", huge, "--cols", huge], "invalid value '\(huge)' for '--cols': expected a whole number from 1 to 1000."),
        (["grid", "--rows", "1001"], "invalid value '1001' for '--rows': expected a whole number from 1 to 1000."),
        (["grid", "--cols", "99999999999999999999999"], "invalid value '99999999999999999999999' for '--cols': expected a whole number from 1 to 1000."),
        (["grid", "--frame", "\(huge)x\(huge)", "--icon", "1"],
         "'--frame' takes a width and a height from 1 to 10000 points, not '\(huge)x\(huge)'."),
        (["grid", "--frame", "1e308x1e308", "--icon", "1e-308"], "'--frame' takes a width and a height from 1 to 10000 points, not '1e308x1e308'."),
        (["grid", "--frame", "nanxinf", "--icon", "25"], "'--frame' takes a width and a height from 1 to 10000 points, not 'nanxinf'."),
        (["grid", "--frame", "320x216", "--icon", "0.001", "--gap", "0"], "'--icon' takes a number from 1 to 1000 points, not '0.001'."),
        (["grid", "--frame", "320x216", "--icon", "25", "--gap=-1"], "'--gap' takes a number from 0 to 1000 points, not '-1'."),
        (["grid", "--frame", "320x216", "--icon", "25", "--margin", "1e9"], "'--margin' takes a number from 0 to 1000 points, not '1e9'."),
        (["grid", "--frame", "10000x10000", "--icon", "1", "--gap", "0", "--margin", "0"],
         "1-point icons make 10000 columns on a page; a page has at most 1000 columns and rows."),
        (["render", "--jobs", huge], "invalid value '\(huge)' for '--jobs': expected a whole number from 0 to 64."),
        (["tag", "--jobs", "50000"], "invalid value '50000' for '--jobs': expected a whole number from 0 to 64."),
        (["render", "--jobs=-1"], "invalid value '-1' for '--jobs': expected a whole number from 0 to 64."),
        (["backspace", "-n", huge], "invalid value '\(huge)' for '--count': expected a whole number from 0 to 1000000."),
    ])
    func outOfRangeValuesAreUsageErrors(arguments: [String], message: String) {
        let result = runCLI(arguments, input: "[哈哈]\n")
        #expect(result.status == .usage)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == "facetext: error: " + message)
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ["grid", "--cols", "1000", "--rows", "1000"],
        ["grid", "--frame", "10000x10000", "--icon", "10"],
        ["render", "--jobs", "64"],
        ["backspace", "-n", "1000000"],
    ])
    func valuesAtTheEndsOfTheirRangesWork(arguments: [String]) {
        #expect(runCLI(arguments, input: "[哈哈]\n").status == .success)
    }
}
