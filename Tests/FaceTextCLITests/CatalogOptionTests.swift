import Foundation
import Testing
import TestSupport
@testable import FaceTextCLI

@Suite struct CatalogOptionTests {
    let folder = TemporaryFolder()

    private func write(_ name: String, _ text: String) -> String {
        folder.write(name, text)
    }

    @Test func catalogOptionBeatsTheVariableWhichBeatsTheDefault() {
        let mine = write("mine.json", #"[{"chs":"[哈哈]","emoji":"😆"}]"#)
        let env = write("env.json", #"[{"chs":"[哈哈]","emoji":"🤣"}]"#)
        #expect(runCLI(["render"], input: "[哈哈]").text == "😃")
        #expect(runCLI(["render"], stdin: Array("[哈哈]".utf8), environment: ["FACETEXT_CATALOG": env]).text == "🤣")
        #expect(runCLI(["render", "--catalog", mine], stdin: Array("[哈哈]".utf8), environment: ["FACETEXT_CATALOG": env]).text == "😆")
    }

    @Test func laterCatalogsOverrideEarlierOnesPerTag() {
        let mine = write("layer.json", #"[{"chs":"[哈哈]","emoji":"😆"}]"#)
        let result = runCLI(["render", "--catalog", "default", "--catalog", mine], input: "[哈哈][心]")
        #expect(result.text == "😆❤️")
    }

    @Test func aBrokenCatalogListsEveryProblemAndExits1() {
        let bad = write("bad.plist", """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>
            <dict><key>chs</key><string>[a]</string><key>code</key><string>XYZ</string></dict>
            <dict><key>chs</key><string>[a]</string></dict>
            <dict><key>chs</key><array/></dict></array></plist>
            """)
        let result = runCLI(["render", "--catalog", bad], input: "x")
        #expect(result.status == .failure)
        #expect(result.stderr == """
            facetext: error: \(bad): entry 0: key "code": "XYZ" is not a hex code point
            facetext: error: \(bad): entry 1: key "chs": tag "[a]" is already used by entry 0
            facetext: error: \(bad): entry 2: key "chs": must be a string, not an array

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test func notAPlistIsOneClearError() {
        let bad = write("junk.plist", "this is not a catalog")
        let result = runCLI(["tag", "-c", bad], input: "x")
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("facetext: error: \(bad): is not a property list"))
    }

    @Test func anUnknownCatalogNameSaysWhichNamesExist() {
        let result = runCLI(["render", "--catalog", "nope"], input: "x")
        #expect(result.status == .failure)
        #expect(result.stderr == "facetext: error: nope: no such file, and not a built-in catalog (built-in: default, wechat, weibo)\n")
    }
}
