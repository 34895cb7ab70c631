import Foundation
import Testing

/// Every `$ command` in the README's console blocks, run through bash with the
/// built binary on PATH, must print exactly the lines shown under it.
@Suite struct ReadmeExamplesTests {
    static let examples: [(command: String, output: String)] = {
        let readme = (try? String(contentsOf: BinaryRunner.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var examples: [(String, String)] = []
        var inConsole = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append((String(line.dropFirst(2)), ""))
            } else if !examples.isEmpty {
                examples[examples.count - 1].1 += line + "\n"
            }
        }
        return examples
    }()

    @Test func theReadmeHasExamples() {
        #expect(Self.examples.count >= 5)
    }

    @Test(arguments: examples.map(\.command))
    func readmeExampleWorksAsWritten(command: String) throws {
        let expected = Self.examples.first { $0.command == command }!.output
        let result = try BinaryRunner.shell(command)
        #expect(result.status == 0)
        #expect(result.text == expected)
    }
}
