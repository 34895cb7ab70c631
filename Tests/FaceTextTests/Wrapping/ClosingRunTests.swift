import Testing
@testable import FaceText

/// A run of closing marks wider than the line is broken: the rule that keeps
/// them off a line's start yields only where the line would overflow.
@Suite struct ClosingRunTests {
    @Test(arguments: [
        (String(repeating: "!", count: 24), 6, ["!!!!!!", "!!!!!!", "!!!!!!", "!!!!!!"]),
        ("好" + String(repeating: "！", count: 7), 6, ["好！！", "！！！", "！！"]),
        // Where a line may still break, it does there, and a mark starts a line only where none is left.
        ("ok" + String(repeating: "。", count: 5), 4, ["o", "k。", "。。", "。。"]),
        ("好的 bye!!!", 8, ["好的 ", "bye!!!"]),
        ("「你好」！！", 6, ["「你", "好」！", "！"]),
    ])
    func aRunOfClosingMarksTooWideIsBroken(text: String, width: Int, lines: [String]) {
        let wrapper = TextWrapper(width: width, catalog: .default, breaking: .line)
        #expect(wrapper.lines(of: text).map(\.text) == lines)
        let reference = WrapReference(width: width, catalog: .default, breaking: .line)
        #expect(reference.lines(of: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self).replacing("\n", with: "") } == lines)
    }

    /// No bubble is wider than the three quarters of the page it is promised, closing marks or not.
    @Test(arguments: [30, 12, 7])
    func aBubbleOfClosingMarksKeepsItsWidth(page: Int) {
        let bubble = ChatBubble(pageWidth: page, catalog: .default)
        for message in ["好" + String(repeating: "！", count: 30), String(repeating: "!", count: 80), "哈哈" + String(repeating: "……", count: 20)] {
            for row in bubble.rows(of: message, right: true) {
                let width = DisplayWidth.columns(of: row.leading + row.text + row.trailing)
                #expect(width <= max(ChatBubble.textWidth(pageWidth: page) + ChatBubble.frameWidth, 6), "\(message) at \(page): \(row)")
                #expect(row.column + width <= max(page, 6))
            }
        }
    }
}
