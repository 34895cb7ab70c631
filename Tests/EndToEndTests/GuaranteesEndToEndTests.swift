import Foundation
import Testing
import TestSupport

/// The README's Guarantees, through the real binary, on the inputs that once broke them:
/// stray bytes before faces, emoji with marks after them, clusters too long to be
/// emoji, catalogs that expand to billions of values, Markdown destinations.
@Suite struct GuaranteesEndToEndTests {
    private func run(_ arguments: [String], _ input: [UInt8]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(arguments, stdin: Data(input))
    }

    static let strayBytes: [[UInt8]] = [[0xEF], [0xEF, 0x9F], [0xEF, 0xB8], [0xE2, 0x80], [0xE2], [0xF0, 0x9F], [0xF0, 0x9F, 0x98], [0xC2], [0xFF], [0x80]]

    @Test(arguments: strayBytes)
    func aStrayByteHidesNoFaceAfterIt(stray: [UInt8]) throws {
        let emoji = try run(["tag"], stray + Array("😀\n".utf8))
        #expect(emoji.stdout == Data(stray + Array("[嘿嘿]\n".utf8)))
        let tag = try run(["scan"], stray + Array("[哈哈]\n".utf8))
        #expect(tag.text.contains(#""tag":"[哈哈]""#) && tag.text.contains(#""offset":\#(stray.count)"#))
        let stats = try run(["stats", "--partial"], stray + Array("[哈哈]😀\n".utf8))
        #expect(stats.text.contains(#""faces":2"#))
    }

    @Test func aStrayByteDoesNotJoinOrSplitTheClustersAfterIt() throws {
        // A faceless ZWJ sequence stays whole; flags pair from the first of their run.
        let family = try run(["tag"], [0xEF, 0x9F] + Array("👨‍😃\n".utf8))
        #expect(family.stdout == Data([0xEF, 0x9F] + Array("👨‍😃\n".utf8)))
        let flags = try run(["scan"], [0xEF, 0xB8] + Array("🇨🇳🇺🇸\n".utf8))
        #expect(flags.text.contains(#""text":"🇨🇳""#) && flags.text.contains(#""text":"🇺🇸""#))
        #expect(!flags.text.contains("🇳🇺"))
    }

    @Test func jobsAndLineSplitsGiveTheBytesOfOneRun() throws {
        var input: [UInt8] = []
        for stray in Self.strayBytes {
            input += stray + Array("好😀[哈哈]".utf8) + stray + Array("❤️\u{FE0E}👍🏽".utf8) + stray + [0x0A]
        }
        let lines = input.split(separator: 0x0A).map { Array($0) + [0x0A] }
        input = Array(repeating: input, count: 2000).flatMap { $0 }
        for arguments in [["render", "--to", "html", "--emoji"], ["tag"], ["render"]] {
            let one = try run(arguments + ["--jobs", "1"], input).stdout
            for jobs in ["2", "3", "8"] {
                #expect(try run(arguments + ["--jobs", jobs], input).stdout == one, "\(arguments) --jobs \(jobs)")
            }
            var split = Data()
            for line in lines { split += try run(arguments, line).stdout }
            #expect(split == (try run(arguments, lines.flatMap { $0 }).stdout), "\(arguments) line by line")
        }
    }

    @Test func anEmojiWithMarksAfterItIsOneToken() throws {
        // U+FE0E asks for text presentation: text, whole.
        let textStyle = try run(["tag"], Array("❤\u{FE0E} x\n".utf8))
        #expect(textStyle.text == "❤\u{FE0E} x\n")
        #expect(try run(["scan"], Array("❤\u{FE0E} x\n".utf8)).text.isEmpty)
        // Other marks go with the face: scan reports the whole cluster, tag keeps the marks after the tag.
        let scan = try run(["scan"], Array("😀\u{0301} x\n".utf8))
        #expect(scan.text.contains(#""length":6"#))
        #expect(try run(["tag"], Array("😀\u{0301} x\n".utf8)).text == "[嘿嘿]\u{0301} x\n")
        let html = try run(["render", "--to", "html", "--emoji"], Array("😀\u{0301}\n".utf8)).text
        #expect(html.hasSuffix(">\u{0301}\n"))
    }

    @Test func aClusterTooLongToBeAnEmojiIsTextToItsEnd() throws {
        let chain = Array(repeating: "😀", count: 100_000).joined(separator: "\u{200D}") + "\n"
        #expect(try run(["scan"], Array(chain.utf8)).text.isEmpty)
        #expect(try run(["tag"], Array(chain.utf8)).text == chain)
        // Joined to text before it, a pictograph is no emoji of its own.
        #expect(try run(["scan"], Array("\u{1FC00}\u{200D}😀\n".utf8)).text.isEmpty)
    }

    @Test func aCatalogThatExpandsToBillionsOfValuesIsRefusedAtOnce() throws {
        let file = NSTemporaryDirectory() + "facetext-bomb-\(getpid()).plist"
        defer { unlink(file) }
        try Data(BinaryPlistWriter.billionLaughs(depth: 60)).write(to: URL(fileURLWithPath: file))
        let start = Date()
        let result = try BinaryRunner.run(["--catalog", file, "render"], stdin: Data("x\n".utf8))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file): is a binary property list whose objects"))
        #expect(result.stderr.contains("refused"))
    }

    @Test func markdownDestinationsCannotBeEndedEarly() throws {
        let rendered = try run(["render", "--to", "markdown", "--image-base", "x(1) <b>/"], Array("好[哈哈]了\n".utf8)).text
        #expect(rendered == "好![哈哈](x%281%29%20%3Cb%3E/d_haha.png)了\n")
        #expect(try run(["tag"], Array(rendered.utf8)).text == "好[哈哈]了\n")
    }
}
