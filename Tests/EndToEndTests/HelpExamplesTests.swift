import Foundation
import Testing
import TestSupport

/// Every example that `facetext help COMMAND` prints runs as written, in a
/// folder holding the files the examples name (a chat log in each export
/// format, a catalog, a history under HOME); the examples of one page run in
/// order, so that one may use what an earlier one made. Each runs as bash runs
/// it, its output captured as it is (no redirection added). Examples that draw
/// on a terminal (compose, fzf) run on a pseudo-terminal of their own, and are
/// ended as a person would (Ctrl-D, Return). What an example needs besides
/// facetext (jq, GNU parallel, fzf, man, Unicode's data files) is asked of
/// ``MachineNeeds``: in CI a missing one fails the test.
@Suite struct HelpExamplesTests {
    static let commands = ["", "render", "tag", "backspace", "grid", "scan", "stats", "catalog", "search", "recent", "wrap", "page",
                           "compose", "completions", "help"]

    /// The example lines of a help page (the lines after EXAMPLES: that are not comments).
    static func examples(of command: String) throws -> [String] {
        let help = try BinaryRunner.run(command.isEmpty ? ["--help"] : ["help", command]).text
        guard let start = help.range(of: "\nEXAMPLES:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The files the examples name, in a folder of their own.
    static func folder() -> TemporaryFolder {
        let folder = TemporaryFolder()
        let prefixed = "2024-05-01 20:02 小红: 今天[哈哈]了[心]\n2024-05-01 20:03 我: 好的😀\n2024-06-02 09:00 小红: 早[太阳]\n"
        for name in ["chat.log", "big.log", "wechat.log", "weibo.log", "messages.txt"] { folder.write(name, prefixed) }
        folder.write("chat.txt", "2024-05-01 20:02:03 小红\n今天[哈哈]了\n\n2024-06-01 20:03:04 我\n好的[心]\n\n")
        folder.write("聊天记录.txt", "消息记录（此消息记录为文本格式，不支持重新导入）\n\n2024-05-01 20:02:03 小红(10001)\n今天[哈哈]了\n\n2024-05-01 20:03:04 我(10002)\n好的[心]\n\n")
        folder.write("result.json", #"{"name": "x", "messages": [{"id": 1, "type": "message", "date": "2024-05-01T20:02:03", "from": "小红", "text": "今天[哈哈]"}]}"#)
        folder.write("my-faces.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>chs</key><string>[哈哈]</string><key>emoji</key><string>😃</string></dict></array></plist>
            """)
        for path in ["my-logs", "faces", ".zfunc", ".config/fish/completions"] {
            try? FileManager.default.createDirectory(at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        folder.write("my-logs/a.txt", prefixed)
        return folder
    }

    /// Whether the machine has what `example` needs besides facetext.
    static func canRun(_ example: String) -> Bool {
        let tools = ["jq", "parallel", "fzf", "man", "awk"].filter {
            example.contains("| \($0) ") || example.hasPrefix("\($0) ") || example.contains(" \($0) -") || example.hasSuffix("| \($0)")
        }
        guard tools.allSatisfy({ MachineNeeds.tools($0) }) else { return false }
        // The Unicode files, or a catalog made from them.
        if ["/usr/share/unicode", "all.plist", "all-zh.plist"].contains(where: example.contains) {
            return MachineNeeds.files(unicodeFiles, from: "Debian's unicode-data and unicode-cldr-core")
        }
        return true
    }

    /// The files of Unicode's and CLDR's data that the catalog examples import.
    static let unicodeFiles = ["/usr/share/unicode/emoji/emoji-test.txt", "/usr/share/unicode/cldr/common/annotations"]

    /// The key that ends an example drawing on a terminal, or nil if it draws on none.
    static func closingKey(_ example: String) -> String? {
        if example.contains("facetext compose") { return "\u{4}" }     // Ctrl-D leaves compose
        if example.contains("| fzf") { return "\r" }                    // Return picks fzf's first line
        return nil
    }

    /// A program of the reader's own that examples pipe into: it reads what it is sent.
    static let readerPrograms = ["my-sender"]

    @Test(arguments: commands)
    func everyExampleRunsAsWritten(command: String) throws {
        let examples = try Self.examples(of: command)
        #expect(!examples.isEmpty || command == "help", "'facetext help \(command)' shows no example")
        let folder = Self.folder()
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for program in Self.readerPrograms {
            folder.write("bin/" + program, "#!/bin/sh\ncat > /dev/null\n")
            chmod(bin.appendingPathComponent(program).path, 0o755)
        }
        let path = "\(BinaryRunner.binary.deletingLastPathComponent().path):\(bin.path):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for example in examples where Self.canRun(example) {
            let script = "cd '\(folder.url.path)' && export HOME='\(folder.url.path)' PATH='\(path)' && set -o pipefail && \(example)"
            if let key = Self.closingKey(example) {
                let terminal = try PseudoTerminal(["-c", script], stdoutIsTerminal: true, environment: ["HOME": folder.url.path],
                                                  program: "/bin/bash", searchPath: path)
                // Drawn, then still for a moment: the program waits for keys.
                var last = "", still = 0
                let drawn = terminal.wait(seconds: 15) { screen in
                    still = screen.text == last ? still + 1 : 0
                    last = screen.text
                    return !last.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && still >= 6
                }
                #expect(drawn, "\(example): drew nothing on its terminal")
                terminal.type(key)
                let status = terminal.exitStatus(seconds: 15)
                #expect(status == 0, "\(example): ended with \(status.map(String.init) ?? "no exit"); the screen:\n\(terminal.screen.text)")
            } else {
                let result = try BinaryRunner.shell(script)
                #expect(result.status == 0, "\(example): \(result.stderr)")
            }
        }
    }
}
