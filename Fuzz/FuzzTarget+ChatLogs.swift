// The fuzz target's checks of chat-log reading (see FuzzTarget.swift):
//  - the splitter of each line format hands on every byte once, in order,
//    with the same lines, headers and places in chunks as in one piece;
//  - the Telegram reader gives the same messages, or the same error, in
//    chunks as in one piece, and never crashes on any JSON or non-JSON.

#if canImport(FaceText)
@testable import FaceText
#endif

extension FuzzTarget {
    /// What a reader handed on, as values to compare.
    struct SeenLine: Equatable {
        var bytes: [UInt8]
        var sender: String?
        var time: UInt64?
        var textStart: Int
        var offset: Int
        var number: Int

        init(_ line: ChatLog.Splitter.Line) {
            bytes = Array(line.bytes)
            sender = line.header?.sender
            time = line.header?.time?.packed
            textStart = line.textStart
            offset = line.offset
            number = line.number
        }
    }

    static let lineFormats: [ChatLog.Format] = [.lines, .prefixed, .qq, .wechat, .whatsapp]

    static func split(_ input: [UInt8], _ format: ChatLog.Format, dayFirst: Bool, size: Int) -> [SeenLine] {
        var splitter = ChatLog.Splitter(format: format, dayFirst: dayFirst)
        var seen: [SeenLine] = []
        input.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + size)
                splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end])) { seen.append(SeenLine($0)) }
                start = end
            }
        }
        splitter.finish { seen.append(SeenLine($0)) }
        return seen
    }

    static func readTelegram(_ input: [UInt8], size: Int) -> (lines: [SeenLine], failure: ChatLog.TelegramReader.Failure?) {
        var reader = ChatLog.TelegramReader()
        var seen: [SeenLine] = []
        do throws(ChatLog.TelegramReader.Failure) {
            try input.withUnsafeBufferPointer { (buffer) throws(ChatLog.TelegramReader.Failure) in
                var start = 0
                while start < buffer.count {
                    let end = min(buffer.count, start + size)
                    try reader.feed(UnsafeBufferPointer(rebasing: buffer[start..<end])) { seen.append(SeenLine($0)) }
                    start = end
                }
            }
            try reader.finish { seen.append(SeenLine($0)) }
            return (seen, nil)
        } catch {
            return (seen, error)
        }
    }

    static func checkChatLogs(_ input: [UInt8], size: Int, control: UInt8) {
        let dayFirst = control & 0x08 != 0
        for format in lineFormats {
            let whole = split(input, format, dayFirst: dayFirst, size: max(input.count, 1))
            check(whole.flatMap(\.bytes) == input, "the splitter lost, added or moved bytes")
            check(split(input, format, dayFirst: dayFirst, size: size) == whole, "the splitter depends on chunking")
            var offset = 0
            for line in whole {
                check(line.offset == offset && line.textStart <= line.bytes.count, "a line's offset or text start is wrong")
                offset += line.bytes.count
            }
        }
        let telegram = readTelegram(input, size: max(input.count, 1))
        let chunked = readTelegram(input, size: size)
        check(chunked.failure == telegram.failure, "the Telegram reader's error depends on chunking")
        check(telegram.failure != nil || chunked.lines == telegram.lines, "the Telegram reader depends on chunking")
    }
}
