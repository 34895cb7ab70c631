import Foundation
import Testing
import TestSupport

/// Files written by name (`page --split`'s pages, `catalog import -o`) are
/// made beside their name and renamed into place: a link planted at the name
/// is replaced, never followed; a file already there is replaced whole; a
/// write that fails leaves what was there; no temporary file stays behind.
@Suite struct NamedOutputFilesTests {
    static let log = (1...5).map { "2024-05-01 20:0\($0) a: m\($0)\n" }.joined()

    static func entries(_ folder: TemporaryFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
    }

    @Test(arguments: [
        "facetext page --format prefixed --split 2 log.txt > /dev/null",
        "facetext catalog import emoji-test emoji-test.txt -o chat-0002.html",
    ])
    func aLinkAtTheNameIsReplacedNotFollowed(command: String) throws {
        let folder = TemporaryFolder()
        folder.write("log.txt", Self.log)
        folder.write("emoji-test.txt", "1F600 ; fully-qualified # 😀 E1.0 grinning face\n")
        let victim = folder.write("victim.txt", "secret\n")
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/chat-0002.html", withDestinationPath: victim)
        let result = try BinaryRunner.shell("cd '\(folder.url.path)' && \(command)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "secret\n", "the link's target is untouched")
        let written = try FileManager.default.attributesOfItem(atPath: folder.url.path + "/chat-0002.html")
        #expect(written[.type] as? FileAttributeType == .typeRegular)
        #expect(!Self.entries(folder).contains { $0.hasPrefix(".") }, "\(Self.entries(folder))")
    }

    /// A second export into the same folder replaces the pages whole; one that fails leaves the old page.
    @Test func aSecondExportReplacesPagesWholeAndAFailedOneLeavesThem() throws {
        let folder = TemporaryFolder()
        folder.write("log.txt", Self.log)
        let path = folder.url.path
        #expect(try BinaryRunner.shell("cd '\(path)' && facetext page --format prefixed --split 2 log.txt").status == 0)
        let first = try String(contentsOfFile: path + "/chat-0001.html", encoding: .utf8)
        folder.write("other.txt", "2024-05-01 20:01 b: other\n")
        #expect(try BinaryRunner.shell("cd '\(path)' && facetext page --format prefixed --split 2 other.txt").status == 0)
        let second = try String(contentsOfFile: path + "/chat-0001.html", encoding: .utf8)
        #expect(second != first && second.contains("other") && second.hasSuffix("</html>\n"))
        // An import that fails leaves the file that was there.
        let full = try BinaryRunner.shell("cd '\(path)' && facetext catalog import emoji-test /dev/null -o chat-0001.html")
        #expect(full.status == 1)
        #expect(try String(contentsOfFile: path + "/chat-0001.html", encoding: .utf8) == second)
        #expect(!Self.entries(folder).contains { $0.hasPrefix(".") }, "\(Self.entries(folder))")
    }

    @Test func anOutputThatCannotBeWrittenSaysWhy() throws {
        let folder = TemporaryFolder()
        let input = folder.write("emoji-test.txt", "1F600 ; fully-qualified # 😀 E1.0 grinning face\n")
        let result = try BinaryRunner.shell("facetext catalog import emoji-test '\(input)' -o /nonexistent/x.plist")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'/nonexistent/x.plist': cannot be written: No such file or directory"), "\(result.stderr)")
        // A device named as the output is written to as it is.
        let device = try BinaryRunner.shell("facetext catalog import emoji-test '\(input)' -o /dev/stdout")
        #expect(device.status == 0 && device.text.contains("<plist"), "\(device.stderr)")
        // /dev/stdout when standard output is a regular file: written through, never replaced.
        let file = folder.url.path + "/out.plist"
        let redirected = try BinaryRunner.shell("facetext catalog import emoji-test '\(input)' -o /dev/stdout > '\(file)'; ls -l /dev/stdout")
        #expect(redirected.status == 0 && redirected.text.hasPrefix("l"), "\(redirected.text)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<plist"))
    }
}
