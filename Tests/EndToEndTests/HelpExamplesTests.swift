import Foundation
import Testing
import TestSupport

/// Every example that `facetext help COMMAND` prints runs as written, in a
/// folder holding the files the examples name (a chat log in each export
/// format, a catalog, a history under HOME); the examples of one page run in
/// order, so that one may use what an earlier one made. Examples that need
/// what the test machine may lack (a terminal, jq, GNU parallel, fzf, man,
/// Unicode's data files) are left out when it lacks it.
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
        let tools = ["jq", "parallel", "fzf", "man", "awk"]
        for tool in tools where example.contains("| \(tool) ") || example.hasPrefix("\(tool) ") || example.contains(" \(tool) -") {
            guard (try? BinaryRunner.shell("command -v \(tool)").status) == 0 else { return false }
        }
        if example.contains("/usr/share/unicode") {
            return FileManager.default.fileExists(atPath: "/usr/share/unicode/emoji/emoji-test.txt")
                && FileManager.default.fileExists(atPath: "/usr/share/unicode/cldr/common")
        }
        // A catalog made from those files.
        if example.contains("all.plist") || example.contains("all-zh.plist") { return canRun("/usr/share/unicode") }
        // A terminal to draw on, or a program of the reader's own.
        return !example.contains("facetext compose") && !example.contains("my-sender")
    }

    @Test(arguments: commands)
    func everyExampleRunsAsWritten(command: String) throws {
        let examples = try Self.examples(of: command)
        #expect(!examples.isEmpty || command == "help", "'facetext help \(command)' shows no example")
        let folder = Self.folder()
        for example in examples where Self.canRun(example) {
            let script = "cd '\(folder.url.path)' && export HOME='\(folder.url.path)' && set -o pipefail && \(example) > /dev/null"
            let result = try BinaryRunner.shell(script)
            #expect(result.status == 0, "\(example): \(result.stderr)")
        }
    }
}
