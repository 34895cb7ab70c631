import Testing
import TestSupport
@testable import FaceText
@testable import FaceTextCLI

/// `facetext page`: a chat log as a page of bubbles; what the HTML holds.
@Suite struct PageCommandTests {
    static let group = """
        2024-05-01 20:02 小红: 好[哈哈]
        2024-05-01 20:03 小明: [心]👍
        second line

        2024-05-01 20:04 我: 嗯[偷笑]
        2024-05-01 20:30 小红: later
        2024-05-02 09:00 小红: 早

        """

    /// The messages of a page: (side, name, text) in order.
    static func messages(_ html: String) -> [(side: String, name: String?, text: String)] {
        html.components(separatedBy: "<div class=\"msg ").dropFirst().map { part in
            let side = String(part.prefix { $0 != "\"" })
            let name = part.range(of: "<p class=\"name\">").map { range in String(part[range.upperBound...].prefix { $0 != "<" }) }
            let body = part.components(separatedBy: "<div class=\"bubble\">")[1].components(separatedBy: "</div></div>")[0]
            return (side, name, body)
        }
    }

    @Test func messagesAreBubblesOnTheirSidesWithNamesAndTimes() {
        let result = runCLI(["page", "--format", "prefixed", "--me", "我"], input: Self.group)
        #expect(result.status == .success)
        let html = result.text
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"und\">") && html.hasSuffix("</html>\n"))
        let messages = Self.messages(html)
        #expect(messages.map(\.side) == ["theirs", "theirs", "mine", "theirs", "theirs"])
        // Names at the start of each run of one person's messages (several people write), never on mine.
        #expect(messages.map(\.name) == ["小红", "小明", nil, "小红", "小红"])
        #expect(messages[1].text == "❤️👍\nsecond line")
        #expect(messages[0].text == "好😃")
        // The date when the day changes, the time after a gap of 5 minutes.
        let times = html.components(separatedBy: "<time datetime=\"").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(times == ["2024-05-01T20:02:00\">2024-05-01 20:02", "2024-05-01T20:30:00\">20:30", "2024-05-02T09:00:00\">2024-05-02 09:00"])
    }

    /// A Telegram message of several lines (and empty ones) is one bubble, and the messages after it keep their own.
    @Test func aTelegramMessageOfSeveralLinesIsOneBubble() {
        let json = #"{"messages": [{"date": "2024-05-01T20:02:03", "from": "Eve", "text": "hi\nthere [哈哈]\n\nmore"},"#
            + #"{"date": "2024-05-01T20:03:00", "from": "Bob", "text": ["b\n", {"type": "bold", "text": "[心]\n"}]},"#
            + #"{"date": "2024-05-01T20:04:00", "from": "Carl", "text": "c\r\nd"}]}"#
        for secondThread in [false, true] {
            let page = runCLI(["page", "--format", "telegram"], stdin: Array(json.utf8), secondThread: secondThread)
            let messages = Self.messages(page.text)
            #expect(messages.map(\.name) == ["Eve", "Bob", "Carl"])
            #expect(messages.map(\.text) == ["hi\nthere 😃\n\nmore", "b\n❤️", "c\nd"])
        }
    }

    /// A line feed in the image base is part of the address: every message keeps its bubble.
    @Test func aLineFeedInTheImageBaseMovesNoMessage() {
        let result = runCLI(["page", "--format", "prefixed", "--image-base", "x\ny/"], input: Self.group)
        let messages = Self.messages(result.text)
        #expect(messages.count == 5 && messages[0].text.contains(#"<img src="x%0Ay/"#) && messages[4].text == "早")
    }

    @Test func aConversationOfTwoHasNoNames() {
        let log = "2024-05-01 20:02 小红: 在吗\n2024-05-01 20:03 我: 在\n2024-05-01 20:04 小红: 好\n"
        let messages = Self.messages(runCLI(["page", "--format", "prefixed", "--me", "我"], input: log).text)
        #expect(messages.map(\.name) == [nil, nil, nil])
        #expect(messages.map(\.side) == ["theirs", "mine", "theirs"])
    }

    @Test func aSecondPersonLateStillGetsNames() {
        var log = ""
        for minute in 0..<300 { log += "2024-05-01 \(ChatLog.Time.digits(minute / 60 + 10, 2)):\(ChatLog.Time.digits(minute % 60, 2)) 小红: \(minute)\n" }
        log += "2024-05-01 20:00 小明: 我来了\n"
        let messages = Self.messages(runCLI(["page", "--format", "prefixed"], input: log).text)
        #expect(messages.prefix(300).allSatisfy { $0.name == nil })
        #expect(messages.last?.name == "小明")
    }

    @Test func everyByteOfAMessageIsText() {
        let hostile = "2024-05-01 20:02 <b>x</b>: <script>alert(1)</script><a href=\"javascript:alert(1)\">x</a>"
            + "<img src=x onerror=alert(1)>'&amp;\u{0}\n"
        var bytes = Array(hostile.utf8)
        bytes.insert(contentsOf: [0xFF, 0xC3], at: bytes.count - 1)
        let result = runCLI(["page", "--format", "prefixed"], stdin: bytes)
        let html = result.text
        let body = String(html[html.range(of: "<main>")!.upperBound...])
        // Only the page's own elements.
        let tags = Set(body.components(separatedBy: "<").dropFirst().map { String($0.prefix { $0 != " " && $0 != ">" }) })
        #expect(tags.isSubset(of: ["h1", "/h1", "p", "/p", "time", "/time", "div", "/div", "/main", "/body", "/html"]))
        #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;javascript:alert(1)&quot;&gt;"))
        #expect(body.contains("&lt;img src=x onerror=alert(1)&gt;&#39;&amp;amp;"))
        #expect(body.contains("\u{FFFD}\u{FFFD}"))
        #expect(String(validating: result.stdout, as: UTF8.self) != nil)
    }

    @Test func facesAreImagesWithAnImageBaseAndEmojiWithout() {
        let log = "好[哈哈][心]🌸[没有这个]\n"
        let emoji = runCLI(["page", "--format", "lines"], input: log).text
        #expect(Self.messages(emoji).map(\.text) == ["好😃❤️🌸[没有这个]"])
        let base = "https://example.com/faces/"
        let images = runCLI(["page", "--format", "lines", "--image-base", base], input: log).text
        #expect(Self.messages(images).map(\.text)
                == [#"好<img src="https://example.com/faces/d_haha.png" alt="[哈哈]"><img src="https://example.com/faces/l_xin.png" alt="[心]">🌸[没有这个]"#])
        // Image addresses as render --to html writes them.
        let odd = "[哈哈]\n"
        let rendered = runCLI(["render", "--to", "html", "--image-base", "a b/\"'<"], input: odd).text
        #expect(Self.messages(runCLI(["page", "--format", "lines", "--image-base", "a b/\"'<"], input: odd).text).map(\.text)
                == [String(rendered.dropLast())])
    }

    @Test func linesAreMessagesOfOneUnnamedSender() {
        let messages = Self.messages(runCLI(["page", "--format", "lines", "--me", "我:"], input: "a\n我: b\n\nc\n").text)
        #expect(messages.map(\.text) == ["a", "我: b", "c"])
        #expect(messages.map(\.side) == ["theirs", "mine", "theirs"])
        #expect(messages.allSatisfy { $0.name == nil })
    }

    @Test func aQQExportIsReadAsMessagesWithoutBeingTold() {
        let qq = "消息记录（此消息记录为文本格式，不支持重新导入）\n\n================================================================\n消息分组:我的好友\n================================================================\n消息对象:小红\n================================================================\n\n2020-05-01 20:02:03 小红(10001)\n在吗[哈哈]\n\n2020-05-01 20:02:30 我(10002)\n在\n第二行\n\n"
        let messages = Self.messages(runCLI(["page", "--me", "我"], input: qq).text)
        #expect(messages.suffix(2).map(\.text) == ["在吗😃", "在\n第二行"])
        #expect(messages.suffix(2).map(\.side) == ["theirs", "mine"])
    }

    @Test func emptyInputIsAnEmptyPage() {
        let html = runCLI(["page"], input: "").text
        #expect(html.contains("<main>") && html.hasSuffix("</html>\n") && Self.messages(html).isEmpty)
    }

    @Test func aPageThatCannotBeMadeIsAnErrorNamingIt() {
        let result = runCLI(["page", "--split", "1", "--prefix", "/nonexistent-facetext-dir/chat"], input: "a\nb\n")
        #expect(result.status == .failure)
        #expect(result.stderr.contains("/nonexistent-facetext-dir/chat-0001.html: No such file or directory"))
    }

    @Test func usageErrors() {
        #expect(runCLI(["page", "--split", "0"], input: "").status == .usage)
        #expect(runCLI(["page", "--prefix", "x"], input: "").status == .usage)
        #expect(runCLI(["page", "--format", "nope"], input: "").status == .usage)
    }

    /// The quick UTF-8 check against the standard library's, on bytes near UTF-8.
    @Test func theUTF8CheckIsTheStandardLibrarys() {
        var random = SeededGenerator(seed: 9)
        let pieces: [[UInt8]] = [[0x61], [0x0A], Array("好".utf8), Array("😃".utf8), Array("é".utf8), [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80],
                                 [0xF0, 0x8F, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0x80], [0xFF], [0xE5, 0xA5],
                                 Array("abcdefghij".utf8), [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD], [0xF1, 0x80, 0x80], [0xF0, 0x9F, 0x98],
                                 [0xC2], [0xF5, 0x80], [0xED, 0x9F, 0xBF]]
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            // Mostly short mixes; one in ten long enough for runs that cross eight-byte words.
            for _ in 0..<Int.random(in: 0..<(round % 10 == 0 ? 60 : 8), using: &random) { bytes += pieces.randomElement(using: &random)! }
            let quick = bytes.withUnsafeBufferPointer(UTF8Check.isValid)
            #expect(quick == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            // Repaired as the standard library repairs, one U+FFFD per maximal subpart.
            let repaired = bytes.withUnsafeBufferPointer(UTF8Check.firstInvalid).map { UTF8Check.repaired(bytes, from: $0) } ?? bytes
            #expect(repaired == Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
        }
    }

    /// A line longer than the splitter reads at once stays one message, one line.
    @Test func aVeryLongLineIsOneMessage() {
        let long = String(repeating: "好[哈哈]", count: 300_000)
        let messages = Self.messages(runCLI(["page", "--format", "lines"], input: long + "\nnext\n").text)
        #expect(messages.count == 2)
        #expect(messages.first?.text == String(repeating: "好😃", count: 300_000))
        // And without a line ending at the end of the input.
        let last = Self.messages(runCLI(["page", "--format", "lines"], input: "a\n" + long).text)
        #expect(last.count == 2 && last.last?.text == String(repeating: "好😃", count: 300_000))
        #expect(Self.messages(runCLI(["page", "--format", "lines"], input: "a\nb[哈哈]").text).map(\.text) == ["a", "b😃"])
    }
}
