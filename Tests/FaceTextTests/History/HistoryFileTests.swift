import Foundation
import Testing
import TestSupport
@testable import FaceText

/// ``FaceHistory/File`` on the files it may meet: it writes over its own
/// version, and reads but never writes over a file of a later version, or one
/// that is not a history, whatever that file holds.
@Suite struct HistoryFileTests {
    static let laterVersions = ["facetext-recent 2", "facetext-recent 3", "facetext-recent 10", "facetext-recent 999999"]

    static func bytes(_ path: String) -> [UInt8] { (FileManager.default.contents(atPath: path)).map { Array($0) } ?? [] }

    @Test(arguments: laterVersions)
    func aLaterVersionIsReadAndNeverWrittenOver(header: String) throws {
        let folder = TemporaryFolder()
        for body in ["[哈哈]\t10\t2\n", "", "[哈哈]\t10\t2\n[心]\t20\t1\n", "a new kind of line\n"] {
            let path = folder.write("recent", header + "\n" + body)
            let before = Self.bytes(path)
            let file = FaceHistory.File(path: path)
            let read = try file.history()
            #expect(read.warnings.contains { $0.line == 1 && $0.problem.contains("later facetext") }, "\(header)")
            if body.hasPrefix("[哈哈]") { #expect(read.history.ordered(by: .recent).contains { $0.key == "[哈哈]" }) }
            for change in [{ (history: inout FaceHistory) in history.record("[心]", at: 100) }, { $0.clear() }, { _ = $0.forget("[哈哈]") }] {
                #expect(throws: FaceHistory.File.Failure.self, "\(header)") { try file.update(change) }
                #expect(Self.bytes(path) == before, "\(header): the file is as it was")
            }
        }
    }

    @Test func itsOwnVersionIsWrittenOver() throws {
        let folder = TemporaryFolder()
        let path = folder.write("recent", "facetext-recent 1\n[哈哈]\t10\t2\n")
        try FaceHistory.File(path: path).update { $0.record("[心]", at: 100) }
        let text = String(decoding: Self.bytes(path), as: UTF8.self)
        #expect(text.hasPrefix("facetext-recent 1\n") && text.contains("[心]\t100\t1") && text.contains("[哈哈]\t10\t2"))
    }

    /// An empty file (made by `touch`, or emptied by hand) is an empty history: no warning, and written over.
    @Test func anEmptyFileIsAnEmptyHistory() throws {
        let folder = TemporaryFolder()
        let path = folder.write("recent", "")
        let read = try FaceHistory.File(path: path).history()
        #expect(read.warnings.isEmpty && read.history.ordered(by: .recent).isEmpty)
        #expect(try FaceHistory.File(path: path).update { $0.record("[心]", at: 100) }.isEmpty)
        #expect(String(decoding: Self.bytes(path), as: UTF8.self) == "facetext-recent 1\n[心]\t100\t1\n")
    }

    /// A first line that only looks like a header is no history: not written over either.
    @Test(arguments: ["facetext-recent", "facetext-recent x", "facetext-recent 1.5", "Facetext-recent 1", "[哈哈]\t10\t2", "#!/bin/sh"])
    func aFileThatIsNoHistoryIsNeverWrittenOver(first: String) throws {
        let folder = TemporaryFolder()
        let path = folder.write("recent", first + "\nrm -rf x\n")
        let before = Self.bytes(path)
        #expect(throws: FaceHistory.File.Failure.self) { try FaceHistory.File(path: path).update { $0.record("[心]", at: 100) } }
        #expect(Self.bytes(path) == before)
    }
}
