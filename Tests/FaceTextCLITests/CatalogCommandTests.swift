import Foundation
import Testing
import FaceText
import TestSupport
@testable import FaceTextCLI

@Suite struct CatalogCommandTests {
    let folder = TemporaryFolder()

    private func temporaryFile(_ name: String, _ text: String) -> String {
        folder.write(name, text)
    }

    @Test func listShowsEveryFaceAlignedOrAsJSON() throws {
        let table = runCLI(["catalog", "list"]).text.split(separator: "\n")
        #expect(table.count == FaceCatalog.default.faces.count + 1)
        #expect(table[0].hasPrefix("tag "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(runCLI(["catalog", "list", "--json"]).stdout)) as? [[String: Any]])
        #expect(json.count == FaceCatalog.default.faces.count)
        #expect(json[3]["tag"] as? String == "[哈哈]")
        #expect(json[3]["code"] as? String == "1F603")
    }

    @Test func listNamesTheBuiltInCatalogs() {
        let text = runCLI(["catalog", "list", "--catalogs"]).text
        #expect(text.hasPrefix("default  164 faces"))
        #expect(text.contains("\nwechat   148 faces"))
        #expect(text.contains("\nweibo    184 faces"))
    }

    @Test func showPrintsOneFaceByTagOrEmojiAndFailsForUnknown() {
        #expect(runCLI(["catalog", "show", "[贊]"]).text.hasPrefix("tag        [赞]\nspellings  [赞] [贊]\nemoji      👍\n"))
        #expect(runCLI(["catalog", "show", "❤"]).text.hasPrefix("tag        [心]\n"))
        let missing = runCLI(["catalog", "show", "[不存在]"])
        #expect(missing.status == .failure)
        #expect(missing.stderr == "facetext: error: no face for '[不存在]' in the catalog\n")
    }

    @Test func checkFindsTheShippedCatalogsClean() {
        for spec in ["default", "wechat", "weibo", BinaryRoot.path("emoticons.plist"), BinaryRoot.path("catalogs/wechat.plist"),
                     BinaryRoot.path("catalogs/weibo.plist")] {
            let result = runCLI(["catalog", "check", spec])
            #expect(result.status == .success, "\(spec): \(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func checkListsEveryProblemAndWarning() {
        let path = temporaryFile("bad.json", #"[{"chs":"[a]","code":"XYZ"},{"chs":"smile","png":"faces/a.png"},{"chs":"[a]"},{"chs":"[b]","type":"1"}]"#)
        let result = runCLI(["catalog", "check", path])
        #expect(result.status == .failure)
        #expect(result.stderr == """
            facetext: error: \(path): entry 0: key "code": "XYZ" is not a hex code point
            facetext: error: \(path): entry 2: key "chs": tag "[a]" is already used by entry 0
            facetext: warning: \(path): entry 1: key "chs": tag "smile" has no brackets
            facetext: warning: \(path): entry 1: key "png": image name "faces/a.png" contains a path separator
            facetext: warning: \(path): entry 3: key "type": says emoji (1) but the face has no emoji or code

            """)
        #expect(result.text == "1 catalog checked: 2 errors, 3 warnings\n")
    }

    @Test func warningsAloneDoNotFailTheCheck() {
        let path = temporaryFile("warn.json", #"[{"chs":"smile","emoji":"😀"}]"#)
        let result = runCLI(["catalog", "check", path])
        #expect(result.status == .success)
        #expect(result.stderr == "facetext: warning: \(path): entry 0: key \"chs\": tag \"smile\" has no brackets\n")
        #expect(result.text == "1 catalog checked: 0 errors, 1 warning\n")
    }

    @Test func importEmojiTestMakesACatalogThatTagsEveryEmojiAndBack() throws {
        let source = BinaryRoot.path("Tests/UnicodeData/emoji-test.txt")
        let output = temporaryFile("all.plist", "")
        #expect(runCLI(["catalog", "import", "emoji-test", source, "-o", output]).status == .success)
        let catalog = try FaceCatalog(contentsOf: URL(fileURLWithPath: output))
        #expect(catalog.faces.count > 3600)
        #expect(catalog.face(forEmoji: "\u{1F600}")?.tag == "[grinning face]")
        let emoji = catalog.faces.compactMap(\.emoji).joined(separator: "\n")
        let tagged = runCLI(["tag", "--catalog", output], input: emoji)
        #expect(!tagged.text.contains { $0.unicodeScalars.first!.properties.isEmojiPresentation })
        #expect(runCLI(["render", "--catalog", output], stdin: tagged.stdout).text == emoji)
    }

    @Test func importCLDRMakesACatalogOfEveryEmojiByItsChineseName() throws {
        let folder = BinaryRoot.path("Tests/UnicodeData/cldr")
        let output = temporaryFile("all-zh.plist", "")
        let result = runCLI(["catalog", "import", "cldr", folder, "-o", output])
        #expect(result.status == .success, "\(result.stderr)")
        let catalog = try FaceCatalog(contentsOf: URL(fileURLWithPath: output))
        #expect(catalog.faces.count > 3500)
        #expect(catalog.faces.first?.package == "cldr-zh")
        let tagged = runCLI(["tag", "--catalog", output], input: "今天😂了👍🏽#️⃣\n")
        #expect(tagged.text == "今天[笑哭了]了[拇指向上: 中等肤色][按键: #]\n")
        #expect(runCLI(["render", "--catalog", output], stdin: tagged.stdout).text == "今天😂了👍🏽#️⃣\n")
        // The files themselves, in any order, make the same catalog.
        let fromFiles = temporaryFile("files.plist", "")
        #expect(runCLI(["catalog", "import", "cldr", folder + "/annotationsDerived/zh.xml", folder + "/annotations/zh.xml",
                        "-o", fromFiles]).status == .success)
        #expect(try FaceCatalog(contentsOf: URL(fileURLWithPath: fromFiles)).faces.count == catalog.faces.count)
    }

    @Test(arguments: [
        (["catalog", "import", "cldr", "Tests/UnicodeData/emoji-test.txt"], "no <annotation> found; is it a CLDR annotation file?"),
        (["catalog", "import", "cldr", "Tests"], "a folder with no annotations/zh.xml or zh.xml"),
        (["catalog", "import", "cldr", "Tests/UnicodeData/cldr", "--locale", "fr"], "a folder with no annotations/fr.xml or fr.xml"),
    ])
    func importCLDRNamesWhatItCannotRead(arguments: [String], problem: String) {
        let result = runCLI(arguments.map { $0.hasPrefix("Tests") ? BinaryRoot.path($0) : $0 })
        #expect(result.status == .failure)
        #expect(result.stderr.hasSuffix(problem + "\n"), "\(result.stderr)")
    }

    @Test func localeGoesOnlyWithImportCLDR() {
        let result = runCLI(["catalog", "import", "emoji-test", BinaryRoot.path("Tests/UnicodeData/emoji-test.txt"), "--locale", "zh"])
        #expect(result.status == .usage)
        #expect(runCLI(["catalog", "list", "--locale", "zh"]).status == .usage)
    }

    @Test func anUnknownActionIsAUsageError() {
        let result = runCLI(["catalog", "lsit"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("facetext: error: unknown action 'lsit': list, show, check or import. Did you mean 'list'?"))
    }
}

/// Paths in the repository.
enum BinaryRoot {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
