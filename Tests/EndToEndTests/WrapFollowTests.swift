import Foundation
import Testing

/// `tail -f chat.txt | facetext wrap --bubble --format F` on a terminal draws
/// each message once the next one starts, while the input is still open.
@Suite struct WrapFollowTests {
    @Test(arguments: [
        ("prefixed", "2024-05-01 20:02 小红: first one\\n2024-05-01 20:03 小明: second\\n"),
        ("qq", "2020-05-01 20:02:03 小红(1)\\nfirst one\\n\\n2020-05-01 20:03:03 小明(2)\\nsecond\\n"),
    ])
    func aMessageIsDrawnWhenTheNextStarts(format: String, log: String) throws {
        let binary = BinaryRunner.binary.path
        for bubble in [["--bubble"], []] {
            let command = "(printf '\(log)'; sleep 30) | '\(binary)' wrap \(bubble.joined(separator: " ")) --format \(format) -w 40"
            let terminal = try PseudoTerminal(["-c", command], stdoutIsTerminal: true, program: "/bin/bash")
            #expect(terminal.waitFor("first one", seconds: 10), "\(format) \(bubble): nothing drawn while the input is open\n\(terminal.screen.text)")
            kill(-terminal.pid, SIGTERM)
        }
    }
}
