import Testing
import TestSupport
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

    /// Valid numbers of any length are read (a number is checked a byte at a time).
    @Test(arguments: ["0", "-0", "-0.5e-3", "12.5E+10", "1e5", String(repeating: "9", count: 200), "-" + String(repeating: "1", count: 100) + ".5"])
    func numbersOfAnyLengthAreValues(number: String) throws {
        #expect(try Self.read(#"{"n": "# + number + #", "messages": [{"from": "a", "text": "x"}]}"#).map(\.sender) == ["a"])
    }

    /// Only a whole byte order mark is skipped: a lone EF, or EF BB, before the JSON is an error.
    @Test func aByteOrderMarkCutShortIsAnError() throws {
        for start: [UInt8] in [[0xEF], [0xEF, 0xBB], [0xBB], [0xBF], [0xBB, 0xBF]] {
            var reader = ChatLog.TelegramReader()
            let bytes = start + Array(#"{"messages": []}"#.utf8)
            #expect(throws: ChatLog.TelegramReader.Failure.self, "\(start)") {
                try bytes.withUnsafeBufferPointer { (buffer) throws(ChatLog.TelegramReader.Failure) in try reader.feed(buffer) { _ in } }
                try reader.finish { _ in }
            }
        }
        #expect(try Self.read("\u{FEFF}" + #"{"messages": [{"from": "a", "text": "x"}]}"#).count == 1)
    }

    /// A `from` of up to 256 bytes is the sender; a longer one is no name (two long names are never made one).
    @Test func aSendersNameHasTheLineFormatsLimit() throws {
        let long = String(repeating: "名", count: 85)    // 255 bytes
        let json = #"{"messages": [{"from": ""# + long + #"a", "text": "1"}, {"from": ""# + long + #"ab", "text": "2"}, "#
            + #"{"from": ""# + long + #"ac", "text": "3"}, {"from": ""# + String(repeating: "x", count: 5000) + #"", "text": "4"}]}"#
        let messages = try Self.read(json)
        #expect(messages.map(\.sender) == [long + "a", nil, nil, nil])
        #expect(messages.map(\.text) == ["1\n", "2\n", "3\n", "4\n"])
    }

    /// JSON of any shape is read without a crash, the same in any split: a
    /// top-level string or number, strings in arrays of no message, keys of an
    /// export in the wrong places.
    @Test(arguments: [
        #""hello""#, "42", "true", "null", #"["a", "b"]"#, #"[["text"]]"#, #"{"text": "x"}"#, #"{"messages": "x"}"#,
        #"{"messages": ["x", 1, null]}"#, #"{"messages": [["x"]]}"#, #"{"messages": [{"text": {"text": "x"}}]}"#,
        #"{"messages": [{"text": [["a"], {"text": ["b"]}]}]}"#, #"[{"messages": [{"text": "x"}]}]"#,
    ])
    func anyShapeOfJSONIsReadWithoutACrash(json: String) throws {
        let whole = try Self.read(json)
        for chunk in [1, 2, 3] { #expect(try Self.read(json, chunk: chunk) == whole, "\(json)") }
    }

    @Test func randomJSONIsReadTheSameInAnySplit() {
        var random = SeededGenerator(seed: 0x7E1E)
        let keys = ["messages", "text", "from", "date", "type", "sticker_emoji", "x", "chats", "list"]
        func value(_ depth: Int) -> String {
            switch depth > 5 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<7, using: &random) {
            case 0: return "\"" + ["a[心]", "2024-05-01T20:02:03", "\\n", "\\ud83d\\ude00", ""].randomElement(using: &random)! + "\""
            case 1: return ["0", "-1.5e3", "12"].randomElement(using: &random)!
            case 2: return ["true", "false", "null"].randomElement(using: &random)!
            case 3: return "[]"
            case 4, 5:
                let members = (0..<Int.random(in: 0..<4, using: &random)).map { _ in "\"\(keys.randomElement(using: &random)!)\": \(value(depth + 1))" }
                return "{" + members.joined(separator: ", ") + "}"
            default: return "[" + (0..<Int.random(in: 0..<4, using: &random)).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
            }
        }
        for _ in 0..<300 {
            let json = value(0)
            let whole = Result { () throws(ChatLog.TelegramReader.Failure) in try Self.read(json) }
            let split = Result { () throws(ChatLog.TelegramReader.Failure) in try Self.read(json, chunk: Int.random(in: 1...9, using: &random)) }
            #expect(whole.map { $0 } == split.map { $0 }, "\(json)")
        }
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
        // Numbers by JSON's grammar, not any run of its characters.
        (#"{"a": --1}"#, 1, "'--1' is no JSON number"), (#"{"a": 1.2.3}"#, 1, "'1.2.3' is no JSON number"),
        (#"{"a": 01}"#, 1, "'01' is no JSON number"), (#"{"a": 1.}"#, 1, "'1.' is no JSON number"),
        (#"{"a": 1e}"#, 1, "'1e' is no JSON number"), (#"{"a": -}"#, 1, "'-' is no JSON number"),
        (#"{"a": 1e+}"#, 1, "'1e+' is no JSON number"), (#"{"a": 2-1}"#, 1, "'2-1' is no JSON number"),
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
