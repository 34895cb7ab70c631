import Testing
@testable import FaceText

/// Telegram Desktop's result.json, streamed: messages with sender, time and text, errors with their place.
@Suite struct TelegramReaderTests {
    static let export = #"""
        {
         "name": "小红",
         "type": "personal_chat",
         "id": 4321,
         "messages": [
          {
           "id": 1,
           "type": "message",
           "date": "2024-05-01T20:02:03",
           "date_unixtime": "1714564923",
           "from": "小红",
           "from_id": "user111",
           "text": "今天好开心[哈哈]",
           "text_entities": [{"type": "plain", "text": "今天好开心[哈哈]"}]
          },
          {
           "id": 2,
           "type": "message",
           "date": "2024-05-01T20:03:00",
           "from": "Bob \"B\"",
           "text": ["see ", {"type": "link", "text": "https://example.com"}, " \ud83d\ude02\u2764\n[心]"],
           "text_entities": []
          },
          {
           "id": 3,
           "type": "message",
           "date": "2024-05-02T08:00:00",
           "from": "小红",
           "media_type": "sticker",
           "sticker_emoji": "👍",
           "text": ""
          },
          {
           "id": 4,
           "type": "service",
           "date": "2024-05-02T08:01:00",
           "actor": "小红",
           "action": "pin_message",
           "from": null,
           "text": ""
          }
         ]
        }
        """#

    struct Message: Equatable {
        var sender: String?
        var time: String?
        var text: String
    }

    static func read(_ json: String, chunk: Int = 1 << 16) throws(ChatLog.TelegramReader.Failure) -> [Message] {
        var reader = ChatLog.TelegramReader()
        var messages: [Message] = []
        let take = { (line: ChatLog.Splitter.Line) in
            messages.append(Message(sender: line.header?.sender, time: line.header?.time?.iso8601, text: String(decoding: line.text, as: UTF8.self)))
        }
        let bytes = Array(json.utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(ChatLog.TelegramReader.Failure) in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + chunk)
                try reader.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), take)
                start = end
            }
        }
        try reader.finish(take)
        return messages
    }

    @Test func messagesOfAnExport() throws {
        #expect(try Self.read(Self.export) == [
            Message(sender: "小红", time: "2024-05-01T20:02:03", text: "今天好开心[哈哈]\n"),
            Message(sender: "Bob \"B\"", time: "2024-05-01T20:03:00", text: "see https://example.com 😂❤\n[心]\n"),
            Message(sender: "小红", time: "2024-05-02T08:00:00", text: "👍\n"),
            Message(sender: nil, time: "2024-05-02T08:01:00", text: "\n"),
        ])
    }

    @Test func anySplitGivesTheSameMessages() throws {
        let whole = try Self.read(Self.export)
        for chunk in [1, 2, 3, 7, 100] { #expect(try Self.read(Self.export, chunk: chunk) == whole) }
    }

    @Test func aFullExportHoldsChatsInAList() throws {
        let json = #"{"about": "x", "chats": {"list": [{"name": "a", "messages": [{"date": "2024-01-01T00:00:00", "from": "A", "text": "[心]"}]},"#
            + #" {"name": "b", "messages": [{"date": "2024-01-02T00:00:00", "from": "B", "text": "😀"}]}]}}"#
        #expect(try Self.read("\u{FEFF}" + json).map(\.sender) == ["A", "B"])
    }

    @Test(arguments: [
        (#"{"messages": [{"text": "a"}"#, 1, "the file ends inside the JSON"),
        (#"{"messages": [{"text": "a\x"}]}"#, 1, "a backslash before 'x' in a string"),
        ("{\"messages\": [\n  {\"text\": \"a\"},\n  {\"text\": tru}]}", 3, "'tru' is no JSON value"),
        (#"{"messages": [] } x"#, 1, "'x' after the end of the JSON"),
        (#"{"messages": [1,]}"#, 1, "unexpected ']'"),
        (#"{"a" 1}"#, 1, "expected ':' after a key, found '1'"),
        ("", 1, "no JSON in the file"),
        (String(repeating: "[", count: 300), 1, "nested deeper than 256"),
    ])
    func brokenJSONIsAnErrorWithItsPlace(json: String, line: Int, problem: String) {
        #expect(throws: ChatLog.TelegramReader.Failure.self) { try Self.read(json) }
        do {
            _ = try Self.read(json)
        } catch {
            #expect(error.line == line)
            #expect(error.problem == problem)
            #expect(error.column >= 1)
        }
    }

    @Test func aSurrogateWithoutItsOtherHalfIsOneReplacementCharacter() throws {
        let json = #"{"messages": [{"text": "a\ud83db\ude02c\ud83d\ud83d\ude02\ud83d"}]}"#
        #expect(try Self.read(json).map(\.text) == ["a\u{FFFD}b\u{FFFD}c\u{FFFD}😂\u{FFFD}\n"])
    }

    @Test func detectedFromItsFirstBytes() {
        let detection = Array(Self.export.utf8).withUnsafeBufferPointer { ChatLog.Format.detect(in: $0) }
        #expect(detection.format == .telegram)
    }
}
