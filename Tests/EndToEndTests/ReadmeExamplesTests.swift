import Foundation
import Testing

/// Every `$ command` in the console blocks of the README and of the documents
/// in docs/, run through bash with the built binary on PATH, must print
/// exactly the lines shown under it.
@Suite struct ReadmeExamplesTests {
    /// The README and docs/*.md, by path from the repository's root.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: BinaryRunner.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let examples: [(command: String, output: String)] = documents.flatMap { examples(in: $0) }

    static func examples(in document: String) -> [(command: String, output: String)] {
        let text = (try? String(contentsOf: BinaryRunner.root.appendingPathComponent(document), encoding: .utf8)) ?? ""
        var examples: [(String, String)] = []
        var inConsole = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
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
    }

    @Test func theReadmeAndTheCommandReferenceHaveExamples() {
        #expect(Self.examples(in: "README.md").count >= 10)
        #expect(Self.examples(in: "docs/commands.md").count >= 10)
    }

    @Test(arguments: examples.map(\.command))
    func readmeExampleWorksAsWritten(command: String) throws {
        let expected = Self.examples.first { $0.command == command }!.output
        let result = try BinaryRunner.shell(command)
        #expect(result.status == 0)
        #expect(result.text == expected)
    }
}
