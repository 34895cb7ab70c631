import Foundation
import Testing
import FaceText
@testable import FaceTextCLI

@Suite struct SearchCommandTests {
    @Test func tableShowsTextEmojiNameAndWhatMatched() {
        let result = runCLI(["search", "xiaoku"])
        #expect(result.status == .success)
        let lines = result.text.split(separator: "\n")
        #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true) == ["text", "emoji", "name", "matched"])
        #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["[笑cry]", "😂", "笑哭了"])
        #expect(lines[1].hasSuffix("pinyin xiao ku (笑哭)"))
    }

    @Test func jsonIsOneObjectPerResult() throws {
        let result = runCLI(["search", "--json", "--limit", "3", "laugh"])
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 3)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["tag"] as? String == "[笑cry]")
        #expect(first["emoji"] as? String == "😂")
        #expect(first["code"] as? String == "1F602")
        #expect(first["name"] as? String == "笑哭了")
        #expect(first["english"] as? String == "face with tears of joy")
        #expect(first["rank"] as? String == "keyword")
        let matched = try #require(first["matched"] as? [[String: Any]])
        #expect(matched.first?["field"] as? String == "keyword" && matched.first?["text"] as? String == "laugh")
        // An emoji without a face has a null tag.
        let pizza = try #require(try JSONSerialization.jsonObject(with: Data(runCLI(["search", "--json", "-n", "1", "pizza"]).stdout)) as? [String: Any])
        #expect(pizza["tag"] is NSNull)
        #expect(pizza["emoji"] as? String == "🍕")
    }

    @Test func plainIsTabSeparatedForPickers() {
        let lines = runCLI(["search", "--plain", "猫"]).text.split(separator: "\n")
        #expect(lines.contains("[喵喵]\t🐱\t猫脸"))
        #expect(lines.contains("🐈\t🐈\t猫"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }

    @Test func limitAndFacesNarrowTheResults() {
        #expect(runCLI(["search", "--plain", "-n", "2", "猫"]).text.split(separator: "\n").count == 2)
        let faces = runCLI(["search", "--plain", "--faces", "猫"]).text.split(separator: "\n")
        #expect(!faces.isEmpty && faces.allSatisfy { $0.hasPrefix("[") })
        // The chosen catalog is searched.
        let wechat = runCLI(["--catalog", "wechat", "search", "--plain", "--faces", "xiaoku"]).text
        #expect(!wechat.contains("[笑cry]"))
    }

    @Test func nothingFoundExitsOneAndSaysSoOnStandardError() {
        let result = runCLI(["search", "qqqqzzzzxxxx"])
        #expect(result.status == .failure)
        #expect(result.stdout.isEmpty && result.stderr == "facetext: no face or emoji found for 'qqqqzzzzxxxx'\n")
    }

    @Test(arguments: [
        (["search"], "missing query"),
        (["search", "--json", "--plain", "x"], "'--json' and '--plain'"),
        (["search", "--limit", "0", "x"], "--limit"),
        (["search", "--limit", "many", "x"], "--limit"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message))
    }

    @Test func catalogShowTakesWhatSearchTakes() {
        #expect(runCLI(["catalog", "show", "xiaoku"]).text.hasPrefix("tag        [笑cry]\n"))
        #expect(runCLI(["catalog", "show", "cat", "face"]).text.hasPrefix("tag        [喵喵]\n"))
        #expect(runCLI(["catalog", "show", "U+1F602"]).text.contains("name       笑哭了 · face with tears of joy\n"))
        let several = runCLI(["catalog", "show", "哈"])
        #expect(several.status == .failure)
        #expect(several.stderr.contains("'哈' matches 3 faces equally well: [哈哈] [哈欠] [大笑的猫]"))
    }

    @Test(arguments: [(String(repeating: "a", count: 257), "the query is 257 bytes in 1 word"),
                      ((1...17).map(String.init).joined(separator: " "), "the query is 41 bytes in 17 words")])
    func aQueryOverTheLimitIsAUsageError(query: String, message: String) {
        let result = runCLI(["search", query])
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message + "; a query holds at most 256 bytes and 16 words."), "\(result.stderr)")
    }
}
