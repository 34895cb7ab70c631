import Testing
import TestSupport
@testable import FaceText

/// Chat exports split into messages: who, when, and every byte of the text kept.
@Suite struct MessageSplitterTests {
    struct Message: Equatable, CustomStringConvertible {
        var sender: String?
        var time: String?
        var text: String
        var description: String { "\(sender ?? "-") \(time ?? "-") \(text.debugDescription)" }
    }

    /// The messages of `text`, fed in chunks of `chunk` bytes.
    static func messages(_ text: String, _ format: ChatLog.Format, dayFirst: Bool = true, chunk: Int = 1 << 16) -> [Message] {
        var splitter = ChatLog.Splitter(format: format, dayFirst: dayFirst)
        var messages: [Message] = []
        var all: [UInt8] = []
        let take = { (line: ChatLog.Splitter.Line) in
            all += Array(line.bytes)
            if let header = line.header {
                messages.append(Message(sender: header.sender, time: header.time?.iso8601, text: ""))
            } else if messages.isEmpty {
                messages.append(Message(sender: nil, time: nil, text: ""))
            }
            messages[messages.count - 1].text += String(decoding: line.text, as: UTF8.self)
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + chunk)
                splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), take)
                start = end
            }
        }
        splitter.finish(take)
        #expect(all == bytes, "every byte is handed on once, in order")
        return messages
    }

    @Test func prefixed() {
        #expect(Self.messages(ChatSamples.prefixed, .prefixed) == [
            Message(sender: "小红", time: "2024-05-01T20:02:00", text: "辛苦啦[抱抱]\n"),
            Message(sender: "小明", time: "2024-05-01T20:02:03", text: "好的[哈哈]\n  还有一行\n"),
            Message(sender: "小红", time: nil, text: "嗯嗯[心]\n"),
            Message(sender: nil, time: "2024-05-01T20:05:00", text: "系统消息 撤回了一条消息\n"),
        ])
    }

    @Test func qqLeavesOutNumbersAndKeepsTheHeaderBlockAsAMessageWithoutSender() {
        let messages = Self.messages(ChatSamples.qq, .qq)
        #expect(messages.count == 3)
        #expect(messages[0].sender == nil && messages[0].text.hasPrefix("消息记录"))
        #expect(messages[1] == Message(sender: "小红", time: "2020-05-01T20:02:03", text: "今天好开心[哈哈]\n\n"))
        #expect(messages[2] == Message(sender: "我", time: "2020-05-01T08:03:10", text: "[心]\n第二行\n"))
    }

    /// QQ's `(number)` or `<email>` after a name is left out: the last such part, when a name comes before it.
    @Test(arguments: [
        ("小红(10001)", "小红"), ("小(红)(10001)", "小(红)"), ("(10001)", "(10001)"), ("小红(10001", "小红(10001"),
        ("小红 (10001)  ", "小红"), ("我<me@example.com>", "我"), ("<me@example.com>", "<me@example.com>"), ("a(b>", "a(b>"),
        ("x()", "x"), ("a)", "a)"),
    ])
    func qqNamesWithoutTheirNumbers(header: String, name: String) {
        let messages = Self.messages("2020-05-01 20:02:03 \(header)\n[哈哈]\n\n", .qq)
        #expect(messages == [Message(sender: name, time: "2020-05-01T20:02:03", text: "[哈哈]\n\n")])
    }

    /// A splitter that does not hand on empty lines hands on every other line as one that does.
    @Test(arguments: [ChatLog.Format.qq, .wechat, .prefixed])
    func emptyLinesMayBeLeftOut(format: ChatLog.Format) {
        let text = Array((ChatSamples.qq + "\n\r\n" + ChatSamples.wechat + "\n\n" + ChatSamples.prefixed + "\n").utf8)
        func lines(handingOnEmpty: Bool) -> [String] {
            var splitter = ChatLog.Splitter(format: format)
            splitter.handsOnEmptyLines = handingOnEmpty
            var seen: [String] = []
            let take = { (line: ChatLog.Splitter.Line) in
                seen.append("\(line.number) \(line.offset) \(line.header.map { "\($0.sender ?? "-") \($0.time?.iso8601 ?? "-")" } ?? "") "
                            + String(decoding: line.text, as: UTF8.self))
            }
            text.withUnsafeBufferPointer { bytes in
                for start in stride(from: 0, to: bytes.count, by: 7) {
                    splitter.feed(UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 7)]), take)
                }
            }
            splitter.finish(take)
            return seen
        }
        let all = lines(handingOnEmpty: true), some = lines(handingOnEmpty: false)
        #expect(some == all.filter { !$0.hasSuffix(" \n") && !$0.hasSuffix(" \r\n") })
        #expect(some.count < all.count - 3)
    }

    @Test func wechat() {
        #expect(Self.messages(ChatSamples.wechat, .wechat) == [
            Message(sender: "小明", time: "2023-05-01T20:02:03", text: "在吗[微笑]\n\n"),
            Message(sender: "小红", time: "2023-05-01T20:03:00", text: "在[OK]\n晚点聊\n"),
        ])
    }

    @Test func wechatNameFirst() {
        #expect(Self.messages("小明 2023-05-01 20:02:03\n在吗[微笑]\n\nBob Li 2023-05-01 20:03\n在\n", .wechat) == [
            Message(sender: "小明", time: "2023-05-01T20:02:03", text: "在吗[微笑]\n\n"),
            Message(sender: "Bob Li", time: "2023-05-01T20:03:00", text: "在\n"),
        ])
    }

    @Test func whatsappBothForms() {
        #expect(Self.messages(ChatSamples.whatsappAndroid, .whatsapp, dayFirst: false) == [
            Message(sender: nil, time: "2020-12-31T21:41:00", text: "Messages and calls are end-to-end encrypted.\n"),
            Message(sender: "小红", time: "2020-12-31T21:41:00", text: "新年快乐🎉\n明年见\n"),
            Message(sender: "Bob", time: "2021-01-01T00:05:00", text: "😂\n"),
        ])
        #expect(Self.messages(ChatSamples.whatsappIOS, .whatsapp, dayFirst: true) == [
            Message(sender: "小红", time: "2020-12-31T21:41:05", text: "\u{200E}image omitted\n"),
            Message(sender: "Bob", time: "2020-12-31T21:42:00", text: "hi 👋\n"),
        ])
    }

    @Test(arguments: [ChatLog.Format.prefixed, .qq, .wechat, .whatsapp])
    func anySplitOfTheInputGivesTheSameMessages(format: ChatLog.Format) {
        for sample in [ChatSamples.prefixed, ChatSamples.qq, ChatSamples.wechat, ChatSamples.whatsappAndroid, ChatSamples.whatsappIOS] {
            let whole = Self.messages(sample, format)
            for chunk in [1, 2, 3, 7, 64] { #expect(Self.messages(sample, format, chunk: chunk) == whole) }
        }
    }

    @Test func crlfAndAByteOrderMarkAreNoText() {
        let text = "\u{FEFF}2024-05-01 20:02 小红: hi\r\n2024-05-01 20:03 小明: yo\r\n"
        #expect(Self.messages(text, .prefixed) == [
            Message(sender: "小红", time: "2024-05-01T20:02:00", text: "hi\r\n"),
            Message(sender: "小明", time: "2024-05-01T20:03:00", text: "yo\r\n"),
        ])
    }

    @Test(arguments: [
        "2024-13-01 20:02 a: b", "2023-02-29 20:02 a: b", "2024-05-01 24:00 a: b", "2024-05-01 20:2 a: b",
        "[2024-05-01 20:02 a: b", "http://example.com: x",
    ])
    func whatIsNoHeaderContinuesTheMessage(line: String) {
        let messages = Self.messages("2024-05-01 20:00 小红: first\n" + line + "\n", .prefixed)
        #expect(messages.count == 1)
        #expect(messages.last?.text.hasSuffix(line + "\n") == true)
    }

    @Test func aLineLongerThanTheLimitComesInPiecesAndLosesNothing() {
        let long = String(repeating: "哈", count: ChatLog.Splitter.lineLimit / 3 + 10)
        let messages = Self.messages("2024-05-01 20:00 小红: " + long + "\n2024-05-01 20:01 小明: ok\n", .prefixed, chunk: 1 << 17)
        #expect(messages.map(\.sender) == ["小红", "小明"])
        #expect(messages[0].text == long + "\n")
    }

    /// Bytes of every kind in every format: nothing crashes, every byte comes back once, in
    /// order, whatever the split; a name that is not UTF-8 or is too long makes its line text.
    @Test(arguments: [ChatLog.Format.prefixed, .qq, .wechat, .whatsapp])
    func hostileBytes(format: ChatLog.Format) {
        var random = SeededGenerator(seed: 51)
        let pieces: [[UInt8]] = [
            Array("2024-05-01 20:02 ".utf8), Array("[2024-05-01 20:02:03] ".utf8), Array("12/31/20, 9:41 PM - ".utf8),
            Array("小红: ".utf8), Array("：".utf8), [0xFF, 0xFE], [0xE2, 0x80], [0xE2, 0x80, 0x8E], [0x0D], [0x0A], [0x0D, 0x0A],
            Array("[哈哈]".utf8), Array("😀".utf8), [0x00], Array(":".utf8), Array(" ".utf8),
            Array(repeating: UInt8(ascii: "x"), count: 300), Array("9999-12-31 23:59:60 ".utf8), Array("0000-00-00 00:00 ".utf8),
        ]
        var bytes: [UInt8] = []
        for _ in 0..<4000 { bytes += pieces.randomElement(using: &random)! }
        let text = String(decoding: bytes, as: UTF8.self)
        let whole = Self.messages(text, format)
        #expect(Self.messages(text, format, chunk: 5) == whole)
        // The raw bytes too (not through a String, which would mend them).
        var splitter = ChatLog.Splitter(format: format)
        var back: [UInt8] = []
        bytes.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: 777) {
                splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<min(buffer.count, start + 777)])) { back += Array($0.bytes) }
            }
        }
        splitter.finish { back += Array($0.bytes) }
        #expect(back == bytes)
    }

    @Test func namesThatAreNotUTF8OrTooLongAreText() {
        let bad = "2024-05-01 20:02 " + String(decoding: [0xFF], as: UTF8.self)
        #expect(Self.messages("2024-05-01 20:00 a: x\n" + bad + "\n", .prefixed).count == 2)  // U+FFFD is a name
        var splitter = ChatLog.Splitter(format: .prefixed)
        var headers = 0
        let line: [UInt8] = Array("2024-05-01 20:02 ".utf8) + [0xFF] + Array(": hi\n".utf8)
        line.withUnsafeBufferPointer { splitter.feed($0) { if $0.header?.sender != nil { headers += 1 } } }
        #expect(headers == 0)
        let long = "2024-05-01 20:02 " + String(repeating: "名", count: 100) + ": hi\n"
        #expect(Self.messages(long, .prefixed).first?.sender == nil)
    }
}
