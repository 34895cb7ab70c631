import Foundation
import Testing
@testable import FaceTextCLI

@Suite struct StreamingCommandTests {
    static let hostile: [UInt8] = Array("今天[哈哈]了\r\n".utf8) + [0xFF, 0xC3, 0x28, 0x00] + Array("[心][哈".utf8)
        + [0xE4, 0xB8, 0x0A] + Array("👨‍👩‍👧 ❤ 😀\r\n".utf8) + Array("[赞]x[哈哈".utf8)

    @Test func renderAndTagDoNotDependOnChunkSize() {
        let renderWhole = runCLI(["render"], stdin: Self.hostile)
        let tagWhole = runCLI(["tag"], stdin: Self.hostile)
        for size in 1...64 {
            #expect(runCLI(["render"], stdin: Self.hostile, chunkSize: size).stdout == renderWhole.stdout, "render, chunk \(size)")
            #expect(runCLI(["tag"], stdin: Self.hostile, chunkSize: size).stdout == tagWhole.stdout, "tag, chunk \(size)")
        }
    }

    @Test func bytesOutsideFacesPassThrough() {
        let rendered = runCLI(["render"], stdin: Self.hostile).stdout
        let expected = Array("今天😃了\r\n".utf8) + [0xFF, 0xC3, 0x28, 0x00] + Array("❤️[哈".utf8)
            + [0xE4, 0xB8, 0x0A] + Array("👨‍👩‍👧 ❤ 😀\r\n".utf8) + Array("👍x[哈哈".utf8)
        #expect(rendered == expected)
        let tagged = runCLI(["tag"], stdin: Self.hostile).stdout
        let expectedTags = Array("今天[哈哈]了\r\n".utf8) + [0xFF, 0xC3, 0x28, 0x00] + Array("[心][哈".utf8)
            + [0xE4, 0xB8, 0x0A] + Array("👨‍👩‍👧 [心] [嘿嘿]\r\n".utf8) + Array("[赞]x[哈哈".utf8)
        #expect(tagged == expectedTags)
    }

    @Test func filesAreReadInOrderAndAMissingOneIsReportedWhileTheOthersGoOn() {
        let result = runCLI(["render", "a.txt", "/nonexistent/b.txt", "c.txt"],
                            files: ["a.txt": Array("[哈哈]\n".utf8), "c.txt": Array("[心]\n".utf8)])
        #expect(result.status == .failure)
        #expect(result.text == "😃\n❤️\n")
        #expect(result.stderr == "facetext: error: '/nonexistent/b.txt': No such file or directory\n")
    }

    @Test func aDirectoryAsInputIsReported() {
        let result = runCLI(["render", "/tmp"])
        #expect(result.status == .failure)
        #expect(result.stderr == "facetext: error: '/tmp': Is a directory\n")
    }

    @Test func dashReadsStandardInput() {
        let result = runCLI(["render", "a.txt", "-"], stdin: Array("[心]".utf8), files: ["a.txt": Array("[哈哈]".utf8)])
        #expect(result.text == "😃❤️")
    }
}
