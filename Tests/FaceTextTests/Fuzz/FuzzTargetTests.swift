import Testing
@testable import FaceText

/// The fuzz target's checks, run here on the inputs that seed its corpus and
/// on a few hostile ones: a failed invariant stops the test process, as it
/// stops the fuzzer. (Building it here keeps the fuzz target compiling.)
@Suite struct FuzzTargetTests {
    /// The first byte chooses the chunk size and the backspace presses; the rest is the text.
    static let inputs: [[UInt8]] = [
        [0x05] + Array("今天[哈哈]了[心]\n".utf8),
        [0x43] + Array("👨‍👩‍👧🇨🇳1️⃣<img alt=\"[心]\">".utf8),
        [0x41] + Array("ok\n好\n\n👍\r\na👍🏻\n👨‍👩‍👧\n🇨🇳\n[哈哈]\nx".utf8),
        [0x07] + Array("[微笑]/::)/:rose [Smile] /:,@P/[哈哈]/::\n".utf8),
        [0x00] + [0xF0, 0x9F, 0x98, 0x80, 0xCC, 0x81, 0x5B, 0xE5, 0x93, 0x88, 0xFF, 0x5D, 0x0A],
        [0xFF] + Array(String(repeating: "😀\u{200D}", count: 40).utf8) + [0xE2, 0x80],
        [0x3F] + Array("\r\n\r\n[[[哈哈]]]©️©®️#️⃣*⃣🏴󠁧󠁢󠁥󠁮󠁧󠁿".utf8),
        [0x09] + Array("发了【图片】[图片]【a]【【b】】\n【".utf8),
        // Chat logs: each line format, and Telegram's JSON (a top-level string too).
        [0x0B] + Array("2024-05-01 20:02 小红： 好[哈哈]\n[2024-05-01 20:02:03] Bob: x\n\n2020-05-01 20:02:03 小红(10001)\n今天\n".utf8),
        [0x02] + Array("12/31/20, 9:41 PM - 小红: 新年快乐\n[31/12/2020, 21:41:05] Bob: hi\n".utf8),
        [0x03] + Array(#"{"messages": [{"date": "2024-05-01T20:02:03", "from": "小红", "text": ["a", {"type": "bold", "text": "[心]"}]}]}"#.utf8),
        [0x01] + Array(#""hello""#.utf8),
        // A line break other than LF or CR inside a full-width tag: no unknown tag, by both scanners.
        [0x09] + Array("【图片\u{0C}】[a\u{0B}]【b\u{85}】[c\u{2028}]【d\u{2029}】".utf8),
        [0x04] + Array(#"{"messages": ["x", [{"text": "y"}], {"text": "a\nb\ud83d"}]}"#.utf8),
    ]

    @Test(arguments: inputs)
    func theInvariantsHold(input: [UInt8]) {
        let result = input.withUnsafeBufferPointer { FuzzTarget.run($0.baseAddress!, $0.count) }
        #expect(result == 0)
    }
}
