import Foundation
import Testing
import FaceText
import TestSupport
@testable import FaceTextCLI

/// Where a face is expected, its bare name will do (`哈哈` for `[哈哈]`); a name
/// that is no face gets the closest faces suggested; a search that finds
/// nothing says so.
@Suite struct FaceByNameTests {
    let folder = TemporaryFolder()
    var history: String { folder.url.appendingPathComponent("recent").path }

    @Test(arguments: [("哈哈", "[哈哈]"), ("[哈哈]", "[哈哈]"), ("贊", "[赞]"), ("doge", "[doge]"), ("哈", nil), ("", nil)])
    func aFaceByItsBareName(name: String, tag: String?) {
        #expect(FaceCatalog.default.face(named: name)?.tag == tag)
    }

    @Test func fullWidthBracketsToo() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>chs</key><string>【图片】</string></dict></array></plist>
            """
        let catalog = try FaceCatalog(data: Data(plist.utf8), name: "test.plist")
        #expect(catalog.face(named: "图片")?.tag == "【图片】")
    }

    @Test func recentAddTakesABareName() {
        let result = runCLI(["recent", "--history", history, "add", "哈哈", "允悲"], now: 100)
        #expect(result.status == .success)
        let file = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        #expect(file == "facetext-recent 1\n[允悲]\t100\t1\n[哈哈]\t100\t1\n")
    }

    @Test func aNameThatIsNoFaceGetsTheClosestSuggested() {
        let result = runCLI(["recent", "--history", history, "add", "哈哈x"])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("facetext: error: '哈哈x' is not a face of the catalog or an emoji; did you mean [哈哈]"))
        #expect(!FileManager.default.fileExists(atPath: history))
        let shown = runCLI(["catalog", "show", "哈哈哈x"])
        #expect(shown.status == .failure)
        #expect(shown.stderr.contains("did you mean [笑cry], [哈哈]"))
    }

    @Test func catalogShowTakesTheExactFaceBeforeSearching() {
        let shown = runCLI(["catalog", "show", "哈哈"])
        #expect(shown.status == .success)
        #expect(shown.text.hasPrefix("tag        [哈哈]\n"))
    }

    @Test(arguments: [["search", "qqqzzz"], ["search", "--faces", "qqqzzz"]])
    func aSearchWithNoAnswerSaysSo(arguments: [String]) {
        let result = runCLI(arguments)
        #expect(result.status == .failure)
        #expect(result.text.isEmpty)
        #expect(result.stderr.hasPrefix("facetext: no face") && result.stderr.hasSuffix("found for 'qqqzzz'\n"))
    }
}
