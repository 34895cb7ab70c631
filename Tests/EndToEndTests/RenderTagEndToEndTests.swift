import Foundation
import Testing

@Suite struct RenderTagEndToEndTests {
    @Test func renderPrintsEmojiAndTagGivesTheOriginalBack() throws {
        let rendered = try BinaryRunner.run(["render"], stdin: Data("今天[哈哈]了[心]\n".utf8))
        #expect(rendered.status == 0)
        #expect(rendered.text == "今天😃了❤️\n")
        let tagged = try BinaryRunner.run(["tag"], stdin: rendered.stdout)
        #expect(tagged.text == "今天[哈哈]了[心]\n")
    }

    @Test func htmlEscapesTheSurroundingText() throws {
        let result = try BinaryRunner.run(["render", "--to", "html"], stdin: Data("<b>[哈哈]</b>\n".utf8))
        #expect(result.text == "&lt;b&gt;<img src=\"d_haha.png\" alt=\"[哈哈]\">&lt;/b&gt;\n")
    }

    @Test func invalidUTF8NulCRLFAndNoFinalNewlineSurviveByteForByte() throws {
        let before: [UInt8] = [0x61, 0xFF, 0xFE, 0x00, 0x0D, 0x0A, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x0D, 0x0A, 0xF0, 0x9F, 0x98]
        let input = Data(before + Array("[哈哈]".utf8) + before + Array("😃".utf8) + before)
        let rendered = try BinaryRunner.run(["render"], stdin: input)
        #expect(rendered.stdout == Data(before + Array("😃".utf8) + before + Array("😃".utf8) + before))
        let tagged = try BinaryRunner.run(["tag"], stdin: input)
        #expect(tagged.stdout == Data(before + Array("[哈哈]".utf8) + before + Array("[哈哈]".utf8) + before))
    }

    @Test func theBinaryWorksAloneFromAnotherDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("facetext")
        try FileManager.default.copyItem(at: BinaryRunner.binary, to: copy)
        let result = try BinaryRunner.run(["render"], stdin: Data("[哈哈]".utf8), environment: [:], executable: copy,
                                          directory: URL(fileURLWithPath: "/"))
        #expect(result.text == "😃")
    }

    @Test func aBrokenCatalogIsExit1WithOneLinePerProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"[{"chs":"[a]","code":"FFFFFFF"},{"chs":"[a]"},{"chs":5,"type":"x"},{"chs":"[b]","code":"DFFF"}]"#.utf8).write(to: bad)
        let result = try BinaryRunner.run(["render", "--catalog", bad.path], stdin: Data("[a]".utf8))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.hasPrefix("facetext: error: \(bad.path): entry ") })
        #expect(result.stdout.isEmpty)
    }

    @Test func usageErrorsExit2() throws {
        let result = try BinaryRunner.run(["render", "--too"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("facetext: error: unknown option '--too'. Did you mean '--to'?\n"))
    }
}
