import Testing
@testable import FaceText

/// `--format auto`: the format of a log from its first lines.
@Suite struct FormatDetectionTests {
    static func detect(_ text: String) -> ChatLog.Format.Detection {
        Array(text.utf8).withUnsafeBufferPointer { ChatLog.Format.detect(in: $0) }
    }

    @Test(arguments: [
        (ChatSamples.prefixed, ChatLog.Format.prefixed), (ChatSamples.qq, .qq), (ChatSamples.wechat, .wechat),
        (ChatSamples.whatsappAndroid, .whatsapp), (ChatSamples.whatsappIOS, .whatsapp),
        ("今天好开心[哈哈]\n好的\nNote: 明天见\n", .lines), ("", .lines),
        // Mixed formats fall back to lines.
        (ChatSamples.wechat + ChatSamples.whatsappIOS + ChatSamples.prefixed, .lines),
    ])
    func detects(text: String, format: ChatLog.Format) {
        #expect(Self.detect(text).format == format, "\(Self.detect(text).reason)")
    }

    @Test func whatsappDateOrder() {
        #expect(Self.detect(ChatSamples.whatsappAndroid).dayFirst == false)
        #expect(Self.detect(ChatSamples.whatsappIOS).dayFirst == true)
        #expect(Self.detect("1/2/21, 10:00 - A: x\n13/2/21, 10:00 - A: y\n").dayFirst == true)
        #expect(Self.detect("1/2/21, 10:00 PM - A: x\n1/13/21, 10:00 PM - A: y\n").dayFirst == false)
    }
}
