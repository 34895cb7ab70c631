import Testing
import TestSupport
@testable import FaceTextCLI

/// `stats --by` and `page` do half their work on a second thread: their
/// output must be byte for byte the output of the same work on one thread,
/// whatever the format, the inputs, the size of the reads and the lines.
@Suite struct SecondThreadTests {
    /// A log of `messages` messages in `format` from a few senders over a few days: hostile text
    /// (faces, broken tags, invalid UTF-8, line breaks), and now and then a line of 200 KB.
    static func log(_ format: String, seed: UInt64, messages: Int = 1500) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var text = HostileText(seed: seed, pieces: [.tag, .partialTag, .emoji, .cjk, .ascii, .invalid, .lineBreak])
        let names = ["小红", "小明", "Alice", "Bob Li", "陈静"]
        var out: [UInt8] = format == "qq" ? Array("消息记录（此消息记录为文本格式，不支持重新导入）\n\n".utf8) : []
        for index in 0..<messages {
            let name = names.randomElement(using: &random)!
            let (day, minute) = (1 + index / 480, index % 480 * 3)
            let time = "2024-03-\(day < 10 ? "0" : "")\(day) \(minute / 600)\(minute / 60 % 10):\(minute % 60 / 10)\(minute % 10):07"
            var body = text.next(maximumPieces: 12)
            if Int.random(in: 0..<400, using: &random) == 0 { body += Array(repeating: UInt8(ascii: "x"), count: 200_000) + Array("[哈哈]".utf8) }
            switch format {
            case "prefixed": out += Array("\(time) \(name): ".utf8) + body + [0x0A]
            case "qq": out += Array("\(time) \(name)(1000\(index % 7))\n".utf8) + body + Array("\n\n".utf8)
            case "wechat": out += Array("\(time) \(name)\n".utf8) + body + Array("\n\n".utf8)
            case "whatsapp": out += Array("[\(day)/03/2024, \(time.dropFirst(11))] \(name): ".utf8) + body + [0x0A]
            default: out += body + [0x0A]
            }
        }
        return out
    }

    static let formats = ["lines", "prefixed", "qq", "wechat", "whatsapp"]

    /// Runs `arguments` on two logs (two files, then the same bytes on standard input read in odd pieces), on one thread and on two.
    static func bothWays(_ arguments: [String], format: String, seed: UInt64) {
        let files = ["a.txt": log(format, seed: seed), "b.txt": log(format, seed: seed + 1, messages: 300)]
        for (inputs, chunkSize) in [(["a.txt", "b.txt"], Int.max), ([], 4093)] {
            let stdin = inputs.isEmpty ? files["a.txt"]! : []
            let one = runCLI(arguments + inputs, stdin: stdin, chunkSize: chunkSize, files: files, secondThread: false)
            let two = runCLI(arguments + inputs, stdin: stdin, chunkSize: chunkSize, files: files, secondThread: true)
            #expect(one.status == .success, "\(arguments) \(format): \(one.stderr)")
            #expect(one.stdout.count > 1000)
            #expect(two.status == one.status)
            #expect(two.stdout == one.stdout, "\(arguments) \(format) \(inputs)")
            #expect(two.stderr == one.stderr)
        }
    }

    /// (`--by` needs messages: not `lines`.)
    @Test(arguments: formats.dropFirst())
    func statsByGroupIsTheSameOnTwoThreads(format: String) {
        for (index, by) in ["sender", "sender,day", "hour"].enumerated() {
            Self.bothWays(["stats", "--format", format, "--by", by, "--tsv"], format: format, seed: UInt64(index * 10))
        }
        Self.bothWays(["stats", "--format", format, "--by-file", "--json"], format: format, seed: 5)
        Self.bothWays(["stats", "--format", format, "--by", "sender,hour", "--max-groups", "7", "--tsv"], format: format, seed: 6)
    }

    @Test(arguments: formats)
    func pageIsTheSameOnTwoThreads(format: String) {
        Self.bothWays(["page", "--format", format, "--me", "小明"], format: format, seed: 20)
        Self.bothWays(["page", "--format", format, "--image-base", "faces/", "--title", "t"], format: format, seed: 21)
    }
}
