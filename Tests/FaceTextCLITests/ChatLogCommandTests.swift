import Foundation
import Testing
import TestSupport
@testable import FaceText
@testable import FaceTextCLI

/// `scan` and `stats` over chat logs read as messages: senders, times, groups.
@Suite struct ChatLogCommandTests {
    /// A prefixed log of the corpus's lines, three people taking turns, a message every 97 minutes from 2024-01-30.
    static let log: (text: String, senders: [String], times: [ChatLog.Time]) = {
        // Split as bytes: a String takes CR LF for one character.
        let corpus = ChatCorpus(seed: 7, lines: 600).bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let people = ["小红", "小明", "Bob 2"]
        var text = "", senders: [String] = [], times: [ChatLog.Time] = []
        var minutes = 0
        for (index, line) in corpus.dropLast().enumerated() {
            let day = ChatLog.Time.civil(fromDayNumber: ChatLog.Time(year: 2024, month: 1, day: 30)!.dayNumber + minutes / 1440)
            let time = ChatLog.Time(year: day.year, month: day.month, day: day.day, hour: minutes % 1440 / 60, minute: minutes % 60)!
            let sender = people[index % 3]
            text += "\(time.date) \(ChatLog.Time.digits(time.hour, 2)):\(ChatLog.Time.digits(time.minute, 2)) \(sender): \(line)\n"
            senders.append(sender)
            times.append(time)
            minutes += 97
        }
        return (text, senders, times)
    }()

    private func objects(_ result: CLIResult) -> [[String: Any]] {
        result.stdout.split(separator: 0x0A).map { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [:] }
    }

    @Test func scanGivesEachFaceItsSenderAndTimeAndKeepsOffsets() throws {
        let bytes = Array(Self.log.text.utf8)
        let faces = objects(runCLI(["scan", "--format", "prefixed"], stdin: bytes, chunkSize: 4099))
        let plain = objects(runCLI(["scan"], stdin: Array(Self.log.text.utf8)))
        // The same faces as a plain scan, but those in the header (none: names and times hold no faces here).
        #expect(faces.count == plain.count && faces.count > 500)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        for face in faces {
            let line = try #require(face["line"] as? Int), offset = try #require(face["offset"] as? Int), length = try #require(face["length"] as? Int)
            #expect(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self) == face["text"] as? String)
            #expect(offset >= lineStarts[line - 1] && offset < lineStarts[line])
            #expect(face["sender"] as? String == Self.log.senders[line - 1])
            #expect(face["time"] as? String == Self.log.times[line - 1].iso8601)
        }
    }

    @Test func aFaceInASendersNameIsNoFaceOfTheMessage() {
        let result = runCLI(["scan", "--format", "prefixed"], input: "2024-05-01 20:02 小红🌸[哈哈]: 好[心]\n")
        #expect(objects(result).map { $0["text"] as? String } == ["[心]"])
        #expect(result.text.contains(#""sender":"小红🌸[哈哈]","time":"2024-05-01T20:02:00"}"#))
    }

    @Test func linesStayAsTheyWere() {
        let input = Array("2024-05-01 20:02 小红: 好[心]\n".utf8)
        #expect(runCLI(["scan", "--format", "lines"], stdin: input).stdout == runCLI(["scan"], stdin: input).stdout)
        #expect(!runCLI(["scan"], stdin: input).text.contains("sender"))
    }

    @Test func autoSaysWhatItFoundWhenAsked() {
        let result = runCLI(["scan", "--format", "auto", "--show-format"], input: "2024-05-01 20:02 小红: 好[心]\n")
        #expect(result.stderr.hasPrefix("facetext: standard input: format prefixed (detected: "))
        let plain = runCLI(["stats", "--format", "auto", "--show-format"], input: "好[心]\n今天\n")
        #expect(plain.stderr.contains("format lines (detected: no message format fits"))
        #expect(plain.text.contains("[心]"))
    }

    @Test func statsBySenderCountsEachPersonsFaces() throws {
        let report = objects(runCLI(["stats", "--format", "prefixed", "--by", "sender", "--json"], input: Self.log.text))
        var expected: [String: [String: Int]] = [:]
        for (index, line) in Self.log.text.unicodeScalars.split(separator: "\n").map({ String($0) }).enumerated() {
            let text = String(line[line.range(of: ": ")!.upperBound...])
            var stats = FaceStats(catalog: .default)
            stats.add(text)
            for (key, count) in stats.counts { expected[Self.log.senders[index], default: [:]][key, default: 0] += count }
        }
        var got: [String: [String: Int]] = [:]
        for row in report {
            let sender = try #require(row["sender"] as? String), count = try #require(row["count"] as? Int)
            got[sender, default: [:]][(row["tag"] as? String) ?? (row["emoji"] as? String)!.replacingOccurrences(of: "\u{FE0F}", with: "")] = count
        }
        #expect(got == expected)
        // Most faces first.
        let order = report.map { $0["sender"] as! String }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        let totals = order.map { expected[$0]!.values.reduce(0, +) }
        #expect(totals == totals.sorted(by: >) && order.count == 3)
    }

    @Test(arguments: ["day", "week", "month", "hour", "weekday", "sender,month"])
    func statsByTimeGroupsInOrderAndMergesExactly(by: String) {
        let whole = runCLI(["stats", "--format", "prefixed", "--by", by, "--tsv"], input: Self.log.text).text
        let header = whole.split(separator: "\n")[0]
        #expect(header == by.replacingOccurrences(of: ",", with: "\t") + "\trank\tcount\tshare\ttag\temoji")
        // Partials of parts split at message boundaries merge into one run's report.
        let lines = Self.log.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }.dropLast()
        var partials: [UInt8] = []
        for part in stride(from: 0, to: lines.count, by: 113) {
            let piece = lines[part..<min(lines.count, part + 113)].joined(separator: "\n") + "\n"
            partials += runCLI(["stats", "--format", "prefixed", "--by", by, "--partial"], input: piece).stdout
        }
        #expect(runCLI(["stats", "--merge", "--tsv"], stdin: partials).text == whole)
        let groups = whole.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[0] }
        let distinct = groups.reduce(into: [Substring]()) { if $0.last != $1 { $0.append($1) } }
        if by == "weekday" {
            #expect(distinct == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        } else if by != "sender,month" {
            #expect(distinct == distinct.sorted() && Set(distinct).count == distinct.count)
        }
    }

    @Test func mergingPartialsGroupedDifferentlyIsAnError() {
        let a = runCLI(["stats", "--format", "prefixed", "--by", "day", "--partial"], input: Self.log.text).stdout
        let b = runCLI(["stats", "--format", "prefixed", "--by", "month", "--partial"], input: Self.log.text).stdout
        let result = runCLI(["stats", "--merge"], stdin: a + b)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("partial result is grouped by month, the ones before grouped by day"))
    }

    @Test func qqExportBySender() {
        let qq = """
            消息记录（此消息记录为文本格式，不支持重新导入）
            ================================================================
            消息对象:小红
            ================================================================

            2020-05-01 20:02:03 小红(10001)
            今天好开心[哈哈][哈哈]

            2020-05-01 8:03:10 我<me@example.com>
            [心]😂

            """
        #expect(runCLI(["stats", "--format", "qq", "--by", "sender", "--tsv"], input: qq).text == """
            sender\trank\tcount\tshare\ttag\temoji
            小红\t1\t2\t100.0\t[哈哈]\t😃
            我\t1\t1\t50.0\t[心]\t❤️
            我\t2\t1\t50.0\t[笑cry]\t😂

            """)
    }

    @Test func telegramExportBySenderAndBrokenFilesNamed() {
        let json = #"{"name": "x", "messages": [{"date": "2024-05-01T20:02:03", "from": "小红", "text": "[哈哈]"},"#
            + #" {"date": "2024-05-01T20:03:00", "from": "Bob", "text": ["ok ", {"type": "bold", "text": "[心]"}]},"#
            + #" {"date": "2024-06-01T09:00:00", "from": "小红", "sticker_emoji": "😂", "text": ""}]}"#
        let files = ["result.json": Array(json.utf8), "broken.json": Array("{\"messages\": [\n{\"text\": }]}".utf8)]
        #expect(runCLI(["stats", "--format", "auto", "--by", "sender", "--tsv", "result.json"], files: files).text == """
            sender\trank\tcount\tshare\ttag\temoji
            小红\t1\t1\t50.0\t[哈哈]\t😃
            小红\t2\t1\t50.0\t[笑cry]\t😂
            Bob\t1\t1\t100.0\t[心]\t❤️

            """)
        let scan = runCLI(["scan", "--format", "telegram", "result.json"], files: files).text
        #expect(scan.contains(#""sender":"Bob","time":"2024-05-01T20:03:00"}"#))
        let broken = runCLI(["stats", "--format", "telegram", "broken.json", "result.json"], files: files)
        #expect(broken.status == .failure)
        #expect(broken.stderr.contains("broken.json': line 2, column 10: expected a value, found '}'"))
        #expect(broken.text.contains("[哈哈]"))   // the other file is still counted
    }

    @Test func formatBeforeTheCommandNameServesEveryCommand() {
        let log = "2024-05-01 20:02 小红: 好[哈哈]\n2024-05-01 20:03 小明: [心]\n"
        let global = runCLI(["--format", "prefixed", "stats", "--by", "sender", "--tsv"], input: log)
        #expect(global.status == .success)
        #expect(global.text == runCLI(["stats", "--format", "prefixed", "--by", "sender", "--tsv"], input: log).text)
        // The command's own comes last, so it wins.
        #expect(runCLI(["--format", "qq", "stats", "--format", "prefixed", "--by", "sender", "--tsv"], input: log).text == global.text)
        // The byte filters take it and change nothing; a value that is no format is a usage error.
        #expect(runCLI(["--format", "qq", "render"], input: log).text == runCLI(["render"], input: log).text)
        #expect(runCLI(["--format=wechat", "backspace"], input: log).status == .success)
        let bad = runCLI(["--format", "bogus", "render"], input: log)
        #expect(bad.status == .usage)
        #expect(bad.stderr.contains("'bogus'"))
    }
}
