import Testing
import TestSupport
@testable import FaceTextCLI

/// Hostile input through the commands: the output never depends on how the
/// input arrives (chunks of any size) or is split across runs (at any line
/// boundary), and the bytes that are not faces are kept.
@Suite struct HostileStreamTests {
    let folder = TemporaryFolder()

    static let commands: [[String]] = [["render"], ["render", "--to", "html", "--emoji"], ["tag"], ["backspace"], ["backspace", "-n", "2"], ["scan", "--unknown-tags"]]

    @Test(arguments: commands)
    func outputIsTheSameForEveryChunkSize(arguments: [String]) {
        var generator = HostileText(seed: 7)
        for _ in 0..<6 {
            let input = generator.next(maximumPieces: 60)
            let whole = runCLI(arguments, stdin: input).stdout
            for size in 1...64 {
                #expect(runCLI(arguments, stdin: input, chunkSize: size).stdout == whole, "\(arguments) chunk \(size)")
            }
        }
    }

    @Test(arguments: commands.filter { $0[0] != "scan" })
    func runsOverLinesSplitAnywhereConcatenateToTheWholeRun(arguments: [String]) {
        var generator = HostileText(seed: 8)
        for _ in 0..<40 {
            let input = generator.next(maximumPieces: 60)
            let lineEnds = input.indices.filter { input[$0] == 0x0A }.map { $0 + 1 }
            guard !lineEnds.isEmpty else { continue }
            let cut = lineEnds[generator.number(in: 0...(lineEnds.count - 1))]
            let parts = runCLI(arguments, stdin: Array(input[..<cut])).stdout + runCLI(arguments, stdin: Array(input[cut...])).stdout
            #expect(parts == runCLI(arguments, stdin: input).stdout, "\(arguments): \(input)")
        }
    }

    @Test func htmlNeverLetsMarkupThroughFromTextTagsOrImageNames() throws {
        let hostile = #"[{"chs":"[<script>]","png":"\"><script>alert(1)</script>.png","emoji":"😀"},{"chs":"[x'y]","png":"a&b'.png"}]"#
        let path = folder.write("hostile.json", hostile)
        let input = #"<script>alert("&")</script>[<script>][x'y]'"#
        let result = runCLI(["render", "--to", "html", "--emoji", "--catalog", path], input: input)
        #expect(result.status == .success)
        #expect(!result.text.contains("<script>"))
        #expect(result.text == #"&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt;<img src="%22%3E%3Cscript%3Ealert(1)%3C/script%3E.png" alt="[&lt;script&gt;]"><img src="a&amp;b&#39;.png" alt="[x&#39;y]">&#39;"#)
    }
}
