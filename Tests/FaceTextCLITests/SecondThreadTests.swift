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

    /// Runs `arguments` on two logs (two files, then the same bytes on standard input read in odd pieces), on one thread and on two
    /// (`stats --by` in segments of 1 MiB, of 64 KiB and of 4093 bytes, on each side of lines of 200 KB).
    static func bothWays(_ arguments: [String], format: String, seed: UInt64, files: [String: [UInt8]]? = nil, least: Int = 1000) {
        let files = files ?? ["a.txt": log(format, seed: seed), "b.txt": log(format, seed: seed + 1, messages: 300)]
        for (inputs, chunkSize) in [(["a.txt", "b.txt"], Int.max), ([], 4093)] {
            let stdin = inputs.isEmpty ? files["a.txt"]! : []
            let one = runCLI(arguments + inputs, stdin: stdin, chunkSize: chunkSize, files: files, secondThread: false)
            #expect(one.status == .success, "\(arguments) \(format): \(one.stderr)")
            #expect(one.stdout.count > least)
            for segmentSize in arguments[0] == "stats" ? [1 << 20, 1 << 16, 4093] : [1 << 20] {
                let two = runCLI(arguments + inputs, stdin: stdin, chunkSize: chunkSize, files: files, secondThread: true, segmentSize: segmentSize)
                #expect(two.status == one.status)
                #expect(two.stdout == one.stdout, "\(arguments) \(format) \(inputs) in segments of \(segmentSize)")
                #expect(two.stderr == one.stderr)
            }
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

    /// A Telegram export (read on one thread, its lines counted on another): messages with
    /// text as a string or an array of entities, stickers, and senders that come and go.
    static func telegram(seed: UInt64, messages: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        let names = ["小红", "小明", "Alice", "Bob \\\"Li\\\"", "陈静"]
        let texts = [#""[哈哈]好""#, #""😀\n[心][心]""#, #"[{"type": "bold", "text": "[偷笑]"}, " ok 👍🏽"]"#, #""""#, #""\u4f60好[doge]""#]
        var out = #"{"name": "chat", "type": "personal_chat", "messages": ["#
        for index in 0..<messages {
            let day = 1 + index / 300
            out += index == 0 ? "\n" : ",\n"
            out += #"{"id": \#(index), "type": "message", "date": "2024-03-\#(day < 10 ? "0" : "")\#(day)T10:\#(10 + index % 50):07", "#
            out += #""from": "\#(names.randomElement(using: &random)!)", "text": \#(texts.randomElement(using: &random)!)"#
            if Int.random(in: 0..<9, using: &random) == 0 { out += #", "sticker_emoji": "🌸""# }
            out += "}"
        }
        return Array((out + "\n]}\n").utf8)
    }

    @Test func statsByGroupOfATelegramExportIsTheSameOnTwoThreads() {
        let files = ["a.txt": Self.telegram(seed: 1, messages: 4000), "b.txt": Self.telegram(seed: 2, messages: 500)]
        for by in [["--by", "sender"], ["--by", "sender,day"], ["--by-file"], ["--by", "sender", "--max-groups", "2"]] {
            Self.bothWays(["stats", "--format", "telegram", "--tsv"] + by, format: "telegram", seed: 0, files: files, least: 150)
        }
        let bySender = runCLI(["stats", "--format", "telegram", "--by", "sender", "--tsv", "a.txt"], files: files)
        #expect(bySender.stderr.isEmpty)
        for name in ["小红", "小明", "Alice", #"Bob "Li""#, "陈静"] { #expect(bySender.text.contains(name + "\t"), "\(name)") }
    }

    /// Lines longer than the splitter's pieces (1 MiB), where segments cut pieces of a line and not lines: a header
    /// with a long text and a long text line. Each is 32-byte blocks, a message of another sender and day in every
    /// block but the first, so that a piece taken for the start of a line would start a message.
    @Test(arguments: ["prefixed", "qq"])
    func statsByGroupIsTheSameOnTwoThreadsAcrossLongLines(format: String) {
        let block = Array("2024-04-02 10:00:00 Bo: [心]   ".utf8)
        let blocks = Array(Array(repeating: block, count: (1 << 20) / 32 * 5 / 2).joined())
        #expect(block.count == 32)
        var log = Self.log(format, seed: 40, messages: 200)
        /// A line that starts with `start`, made up to a whole number of blocks, then blocks.
        func longLine(_ start: String) -> [UInt8] {
            Array(start.utf8) + Array(repeating: UInt8(ascii: " "), count: (32 - start.utf8.count % 32) % 32) + blocks + [0x0A]
        }
        log += format == "qq" ? Array("2024-04-01 10:00:00 小红\n".utf8) + longLine("[哈哈]") : longLine("2024-04-01 10:00:00 小红: [哈哈]")
        log += longLine("[哈哈]")
        log += Self.log(format, seed: 41, messages: 200).dropFirst(format == "qq" ? 60 : 0)
        let long = Array(repeating: UInt8(ascii: "y"), count: (1 << 20) * 5 / 2)
        Self.bothWays(["stats", "--format", format, "--by", "sender,day", "--tsv"], format: format, seed: 0,
                      files: ["a.txt": log, "b.txt": Array(long.prefix((1 << 20) + 7)) + Self.log(format, seed: 42, messages: 100)])
    }

    /// Segments cut just after a line ending or a whole piece of a long line; what is left goes to the next.
    @Test func segmentsAreCutAfterWholeLinesAndPieces() {
        let limit = 10
        let cases: [(text: String, carried: Int, continues: Bool, end: Int, after: Bool)] = [
            ("ab\ncd\nef", 0, false, 6, false),       // after the last line ending
            ("ab\ncd\n", 3, true, 6, false),          // all of it
            ("abcdef", 3, false, 0, false),            // one line, shorter than a piece: all of it left
            ("abcde", 4, true, 0, true),               // still a piece of a long line
            ("abcdef", 4, false, 6, true),             // a whole piece, just
            ("abcdefghijkl", 5, false, 5, true),       // the first piece ends 5 bytes in
            ("abcdefghijklmnopqrstuvw", 0, false, 20, true),  // two whole pieces
            ("a\nbcdefghijklmn", 0, false, 12, true), // after a line ending, a whole piece
        ]
        for item in cases {
            let (end, continues) = Array(item.text.utf8).withUnsafeBufferPointer {
                StatsSegments.cut($0, carried: item.carried, continues: item.continues, lineLimit: limit)
            }
            #expect(end == item.end && continues == item.after, "\(item.text) after \(item.carried)")
        }
    }

    @Test(arguments: formats)
    func pageIsTheSameOnTwoThreads(format: String) {
        Self.bothWays(["page", "--format", format, "--me", "小明"], format: format, seed: 20)
        Self.bothWays(["page", "--format", format, "--image-base", "faces/", "--title", "t"], format: format, seed: 21)
    }
}
