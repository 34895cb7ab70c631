import Foundation
import Testing
import FaceText
import TestSupport
@testable import FaceTextCLI

/// `facetext recent` in-process, with the clock injected.
@Suite struct RecentCommandTests {
    let folder = TemporaryFolder()
    var history: String { folder.url.appendingPathComponent("state/recent").path }

    private func recent(_ arguments: [String], at now: Int64 = 1_764_633_600, stdin: String = "") -> CLIResult {
        runCLI(["recent", "--history", history] + arguments, stdin: Array(stdin.utf8), now: now)
    }

    @Test func usesAreRecordedAndListedNewestFirstOrByCount() {
        #expect(recent(["add", "[哈哈]", "😂"], at: 100).status == .success)
        #expect(recent(["add", "[贊]", "❤", "🚀"], at: 200).status == .success)
        #expect(recent(["add", "[哈哈]"], at: 300).status == .success)
        #expect(recent([]).text == """
            when (UTC)        count  tag      emoji
            1970-01-01 00:05  2      [哈哈]   😃
            1970-01-01 00:03  1      [心]     ❤️
            1970-01-01 00:03  1      [赞]     👍
            1970-01-01 00:03  1      -        🚀
            1970-01-01 00:01  1      [笑cry]  😂

            """)
        #expect(recent(["--by", "count", "-n", "2", "--json"]).text == """
            {"key":"[哈哈]","tag":"[哈哈]","emoji":"😃","last_used":300,"count":2}
            {"key":"[心]","tag":"[心]","emoji":"❤️","last_used":200,"count":1}

            """)
        #expect(recent(["--by", "frecency", "-n", "1"], at: 400 * 86_400).text.hasSuffix("[哈哈]  😃\n"))
    }

    @Test func textOnStandardInputCountsEveryFace() {
        #expect(recent(["add"], stdin: "今天[哈哈][哈哈]😂 👍🏽 and more\n").status == .success)
        let file = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        #expect(file == "facetext-recent 1\n[哈哈]\t1764633600\t2\n[笑cry]\t1764633600\t1\n[赞]\t1764633600\t1\n")
    }

    @Test func statsPartialsAreImported() {
        let log = "[哈哈]😂[哈哈]\n🚀[心]\n"
        let partial = runCLI(["stats", "--partial"], input: log).text
        #expect(recent(["import"], stdin: partial).status == .success)
        let listed = recent(["--by", "count", "--json"]).text.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        let counts = Dictionary(listed.map { ($0["key"] as? String ?? "", $0["count"] as? Int ?? 0) }, uniquingKeysWith: +)
        let stats = (try? JSONSerialization.jsonObject(with: Data(partial.utf8)) as? [String: Any])?["counts"] as? [String: Int]
        #expect(counts == stats)
        #expect(counts == ["[哈哈]": 2, "[笑cry]": 1, "🚀": 1, "[心]": 1])
    }

    @Test func forgetAndClear() {
        _ = recent(["add", "[哈哈]", "[心]"])
        let forgot = recent(["forget", "[哈哈]", "[赞]"])
        #expect(forgot.stderr == "facetext: warning: [赞] was not in the history\n")
        #expect(recent(["--json"]).text.split(separator: "\n").count == 1)
        _ = recent(["clear"])
        #expect(recent([]).text.isEmpty)
        #expect((try? String(contentsOfFile: history, encoding: .utf8)) == "facetext-recent 1\n")
    }

    @Test func theHistoryIsBounded() {
        _ = recent(["add", "[哈哈]"], at: 1)
        _ = recent(["add", "[心]"], at: 2)
        _ = recent(["add", "[赞]", "--max", "2"], at: 3)
        #expect(recent(["--json"]).text.split(separator: "\n").count == 2)
        #expect(!recent([]).text.contains("[哈哈]"))
    }

    @Test func theHistoryFileIsFoundAsDocumented() throws {
        let home = folder.url.path
        #expect(try RecentCommand.path(Invocation(), context(["HOME": home])) == home + "/.local/state/facetext/recent")
        #expect(try RecentCommand.path(Invocation(), context(["HOME": home, "XDG_STATE_HOME": "/s"])) == "/s/facetext/recent")
        #expect(try RecentCommand.path(Invocation(), context(["HOME": home, "XDG_STATE_HOME": "relative"])) == home + "/.local/state/facetext/recent")
        #expect(try RecentCommand.path(Invocation(), context(["FACETEXT_HISTORY": "/h", "HOME": home])) == "/h")
        #expect(throws: CommandFailure.self) { try RecentCommand.path(Invocation(), context([:])) }
    }

    private func context(_ environment: [String: String]) -> CommandContext {
        CommandContext(environment: environment, stdin: BufferSource([]), stdout: BufferSink(), stderr: BufferSink())
    }

    @Test(arguments: [
        (["recent", "bogus"], "unknown action 'bogus'"),
        (["recent", "add", "--by", "count", "x"], "'--by' applies to 'facetext recent' alone, not 'recent add'."),
        (["recent", "--by", "often"], "invalid value 'often' for '--by'"),
        (["recent", "--max", "0"], "--max"),
        (["recent", "forget"], "'recent forget' takes the faces to forget."),
        (["recent", "clear", "x"], "'recent clear' takes no arguments."),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = runCLI(arguments + ["--history", history])
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aFaceThatIsNoFaceIsAnError() {
        let result = recent(["add", "[不存在]"])
        #expect(result.status == .failure)
        #expect(result.stderr == "facetext: error: '[不存在]' is not a face of the catalog or an emoji\n")
        #expect(!FileManager.default.fileExists(atPath: history))
    }
}

/// `grid --faces --recent`: the recent faces first, newest first, then the catalog's without them.
@Suite struct GridRecentTests {
    let folder = TemporaryFolder()
    var history: String { folder.url.appendingPathComponent("recent").path }

    init() {
        _ = runCLI(["recent", "--history", history, "add", "[心]", "🚀"], now: 100)
        _ = runCLI(["recent", "--history", history, "add", "😂"], now: 200)
        _ = runCLI(["recent", "--history", history, "add", "[微笑]"], now: 300)
    }

    @Test func recentFacesComeFirstInTextAndJSON() throws {
        let text = runCLI(["grid", "--faces", "--recent", "--history", history, "--cols", "3", "--rows", "2", "--delete-key"]).text
        let firstPage = text.split(separator: "\n").prefix(3).joined(separator: "\n")
        #expect(firstPage.contains("[微笑]") && firstPage.contains("[笑cry]") && firstPage.contains("[心]") && firstPage.contains("🚀"))
        let json = runCLI(["grid", "--faces", "--recent", "2", "--history", history, "--json"]).text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pages = try #require(object["pages"] as? [[String: Any]])
        let cells = (pages[0]["rows"] as? [[[String: Any]]] ?? []).flatMap { $0 }
        #expect(cells.prefix(3).map { $0["kind"] as? String } == ["recent", "recent", "face"])
        #expect(cells.prefix(2).map { $0["tag"] as? String } == ["[微笑]", "[笑cry]"])
        // Every face once: the catalog's count, as without recents.
        #expect(object["faces"] as? Int == FaceCatalog.default.faces.count)
    }

    @Test func recentGoesWithFaces() {
        let result = runCLI(["grid", "--recent", "--history", history])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("'--recent' goes with '--faces'"))
        #expect(runCLI(["grid", "--faces", "--recent", "x", "--history", history]).status == .usage)
    }
}
