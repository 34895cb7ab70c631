import Testing
@testable import FaceTextCLI

/// The fuzz target's checks of `page` and its UTF-8 repair
/// (`Fuzz/FuzzTarget+Page.swift`), run here on seed inputs and hostile ones:
/// a failed invariant stops the test process, as it stops the fuzzer.
@Suite struct PageFuzzTests {
    static let inputs: [(text: [UInt8], chunk: Int)] = [
        (Array("2024-05-01 20:02 小红: 好[哈哈]\n2024-05-01 20:03 <b>x</b>: <script>\n2024-05-01 20:04 我: ok\n".utf8), 5),
        (Array("2020-05-01 20:02:03 小红(10001)\n今天[心]\n\n2020-05-01 20:03:04 我\n&amp;\n".utf8), 3),
        (Array("12/31/20, 9:41 PM - 小红: 新年快乐\n[31/12/2020, 21:41:05] \"a\": '<'\n".utf8), 1),
        ([0xFF, 0xC3, 0x0A, 0xE4, 0xBD, 0x0A, 0xF0, 0x9F, 0x98] + Array("2024-05-01 20:02 a\u{FFFD}: \u{0}\u{1B}[2J\n".utf8), 2),
        (Array("\r\n\r\n\u{FEFF}[2024-05-01 20:02:03] 我: [哈哈][哈哈]\n  more\n".utf8), 7),
    ]

    @Test(arguments: inputs.indices)
    func theInvariantsHold(index: Int) {
        PageFuzz.run(Self.inputs[index].text, size: Self.inputs[index].chunk)
    }
}
