import Foundation
import Testing

/// Memory stays flat on adversarial input through the real binary: peak RSS
/// (from GNU time) compared between a small and a large input, per process,
/// so these run side by side with the rest of the suite.
@Suite struct MemoryEndToEndTests {
    @Test(arguments: ["render", "tag", "backspace", "scan", "wrap --render --bubble", "page --format lines"])
    func aLongLineWithoutNewlineKeepsMemoryFlat(command: String) throws {
        // 2 MB and 24 MB of one line of chat text: peak RSS may differ by at most 12 MB
        // (measured here: under 1 MB apart for every command).
        let line = "yes '今天[哈哈]😀👨‍👩‍👧 ok' | tr -d '\\n'"
        let small = try Resources.measure("\(line) | head -c 2000000 | facetext \(command)")
        let large = try Resources.measure("\(line) | head -c 24000000 | facetext \(command)")
        #expect(small.kilobytes > 0 && large.kilobytes > 0)
        #expect(large.kilobytes - small.kilobytes < 12_000, "\(command): \(small.kilobytes) KB vs \(large.kilobytes) KB")
    }

    /// One Telegram message whose text is one long string (with escaped line feeds in it), read as it comes.
    @Test(arguments: ["stats --format telegram", "stats --format telegram --by sender", "scan --format telegram",
                      "page --format telegram", "wrap --bubble --format telegram"])
    func aLongTelegramStringKeepsMemoryFlat(command: String) throws {
        // (A file of each case's own: the cases run side by side in one process.)
        let name = command.replacingOccurrences(of: " ", with: "")
        let head = "/tmp/facetext-telegram-head-\(getpid())\(name)", tail = "/tmp/facetext-telegram-tail-\(getpid())\(name)"
        defer { unlink(head); unlink(tail) }
        let opening = #"{"messages": [{"id": 1, "type": "message", "date": "2024-03-01T10:00:00", "from": "Eve", "text": ""#
        let closing = #""}, {"id": 2, "type": "message", "from": "Bo", "text": "[哈哈]"}]}"# + "\n"
        try Data(opening.utf8).write(to: URL(fileURLWithPath: head))
        try Data(closing.utf8).write(to: URL(fileURLWithPath: tail))
        // Whole units of 23 bytes (an escaped line feed in each), so that no escape or character is cut.
        let unit = "yes '今天[哈哈]😀 ok\\\\n' | tr -d '\\n'"
        let small: String = "{ cat " + head + "; " + unit + " | head -c 2070000; cat " + tail + "; }"
        let large: String = "{ cat " + head + "; " + unit + " | head -c 23000000; cat " + tail + "; }"
        let few = try Resources.measure(small + " | facetext " + command)
        let many = try Resources.measure(large + " | facetext " + command)
        #expect(few.kilobytes > 0 && many.kilobytes > 0)
        #expect(many.kilobytes - few.kilobytes < 12_000, "\(command): \(few.kilobytes) KB vs \(many.kilobytes) KB")
    }

    @Test func scanOfEmojiOnlyInputKeepsMemoFlatThoughItsOutputIsThirtyTimesLarger() throws {
        // Every 4 bytes of input become a JSON line of over 100 bytes: output is
        // written as it is made, not held for a whole read (that took 75 MB).
        // From a file, which is read in large chunks (a pipe gives 64 KiB at most).
        let file = "/tmp/facetext-emoji-\(getpid())"
        defer { unlink(file) }
        let result = try Resources.measure("yes '😀😃👍' | tr -d '\\n' | head -c 8000000 > \(file); facetext scan \(file)")
        #expect(result.kilobytes > 0 && result.kilobytes < 40_000, "\(result.kilobytes) KB")
    }

    /// Output that grows far faster than its input is written as it is made, whatever the
    /// option values: a bubble a million columns wide, a template or image base of 100 KB for
    /// every face and emoji. Peak RSS is compared with the same command's run on a line or two
    /// (those made gigabytes of memory: the output of a whole read was held, and a template
    /// was kept for every face of the catalog).
    @Test(arguments: [
        (#"yes hi | head -N | facetext wrap --bubble --align right -w 1000000"#, 2, 30),
        (#"yes a | head -N | facetext wrap --bubble --align alternate -w 10000"#, 10, 2000),
        (#"yes '[哈哈][心]' | head -N | tr -d '\n' | facetext render --template \"\$(cat LONG){tag}\""#, 1, 300),
        (#"yes 😀👍🎉🙂 | head -N | tr -d '\n' | facetext render --to html --emoji --image-base \"\$(cat LONG)\""#, 1, 300),
        (#"yes 😀👍🎉🙂 | head -N | tr -d '\n' | facetext render -j 2 --to html --emoji --image-base \"\$(cat LONG)\""#, 1, 300),
        (#"yes '[哈哈][心]' | head -N | facetext render -j 2 --template \"\$(cat LONG){tag}\""#, 1, 400),
    ])
    func outputThatOutgrowsItsInputIsWrittenAsItIsMade(pipeline: String, small: Int, large: Int) throws {
        let long = "/tmp/facetext-long-\(getpid())"
        defer { unlink(long) }
        _ = FileManager.default.createFile(atPath: long, contents: Data(String(repeating: "x", count: 100_000).utf8))
        let command = pipeline.replacingOccurrences(of: "LONG", with: long)
        let few = try Resources.measure(command.replacingOccurrences(of: "-N", with: "-\(small)"))
        let many = try Resources.measure(command.replacingOccurrences(of: "-N", with: "-\(large)"))
        #expect(few.kilobytes > 0 && many.kilobytes > 0)
        #expect(many.kilobytes - few.kilobytes < 12_000, "\(pipeline): \(few.kilobytes) KB vs \(many.kilobytes) KB")
    }

    /// A template's text is not kept once for every face of the catalog: the render of one tag
    /// with a 100 KB template takes about what the render with a short one does.
    @Test func aLongTemplateIsNotKeptForEveryFace() throws {
        let long = "/tmp/facetext-long-\(getpid())"
        defer { unlink(long) }
        _ = FileManager.default.createFile(atPath: long, contents: Data(String(repeating: "x", count: 100_000).utf8))
        let short = try Resources.measure("printf '[哈哈]' | facetext render --template 'x{tag}'")
        let longer = try Resources.measure(#"printf '[哈哈]' | facetext render --template \"\$(cat "# + long + #"){tag}\""#)
        #expect(longer.kilobytes - short.kilobytes < 12_000, "\(short.kilobytes) KB vs \(longer.kilobytes) KB")
    }

    /// A grid of every code point is hundreds of MB of JSON, written as its rows are made: it
    /// takes about the memory of the same grid as text (its cells), not that of its output.
    @Test func aGridOfEveryCodePointIsWrittenAsItIsMade() throws {
        let ranges = "--range 0-D7FF --range E000-10FFFF --cols 1000"
        let text = try Resources.measure("facetext grid \(ranges)")
        let json = try Resources.measure("facetext grid \(ranges) --format json --codes")
        #expect(text.kilobytes > 0 && json.kilobytes > 0)
        #expect(json.kilobytes - text.kilobytes < 40_000, "text \(text.kilobytes) KB, JSON \(json.kilobytes) KB")
    }
}
