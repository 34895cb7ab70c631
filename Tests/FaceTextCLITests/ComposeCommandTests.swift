import Testing
@testable import FaceTextCLI

/// `compose`'s usage errors, found before it looks for a terminal (what it does on a
/// terminal is tested on a pseudo-terminal in the end-to-end tests).
@Suite struct ComposeCommandTests {
    @Test(arguments: [
        (["compose", "--height", "2"], "facetext: error: invalid value '2' for '--height': expected a whole number from 3 to 1000."),
        (["compose", "--height", "99999999999999999999"],
         "facetext: error: invalid value '99999999999999999999' for '--height': expected a whole number from 3 to 1000."),
        (["compose", "--insert", "image"], "facetext: error: invalid value 'image' for '--insert': expected one of tag, emoji."),
        (["compose", "chat.txt"], "facetext: error: unexpected argument 'chat.txt'."),
        (["compose", "--fullscren"], "facetext: error: unknown option '--fullscren'. Did you mean '--fullscreen'?"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anEndBySignalIsItsNumberPast128() {
        #expect(ExitStatus.signal(2).code == 130)
        #expect(ExitStatus.signal(15).code == 143)
    }
}
