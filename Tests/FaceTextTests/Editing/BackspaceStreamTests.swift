import Testing
import TestSupport
@testable import FaceText

/// `LineEditor.Stream` gives what a backspace on each whole line gives
/// (`LineEditor.backspace`), in every output, however the input is split.
@Suite struct BackspaceStreamTests {
    static func run(_ input: [UInt8], presses: Int, output: LineEditor.Stream.Output, chunk: Int, anyTag: Bool = false) -> [UInt8] {
        var stream = LineEditor.Stream(editor: LineEditor(catalog: .default, anyTag: anyTag), presses: presses, output: output)
        let out = StreamOutput()
        for start in stride(from: 0, to: input.count, by: chunk) {
            Array(input[start..<min(start + chunk, input.count)]).withUnsafeBufferPointer { stream.feed($0, into: out) }
        }
        stream.finish(into: out)
        return out.withBytes { Array($0) }
    }

    @Test(arguments: [
        ("发了[图片]\n", 1, LineEditor.Stream.Output.json, false, #"{"line":1,"text":"发了[图片","deleted":"]"}"# + "\n"),
        ("发了[图片]\n", 1, .json, true, #"{"line":1,"text":"发了","deleted":"[图片]"}"# + "\n"),
        ("好开心[哈哈]\r\nok", 1, .kept, false, "好开心\r\no"),
        ("好开心[哈哈]\nok\n", 2, .deleted, false, "心[哈哈]\nok\n"),
        ("a\nb\n", 0, .json, false, #"{"line":1,"text":"a","deleted":""}"# + "\n" + #"{"line":2,"text":"b","deleted":""}"# + "\n"),
    ])
    func eachOutputIsWhatTheLinesComeTo(input: String, presses: Int, output: LineEditor.Stream.Output, anyTag: Bool, expected: String) {
        for chunk in [1, 2, 3, 7, 1 << 20] {
            #expect(Self.run(Array(input.utf8), presses: presses, output: output, chunk: chunk, anyTag: anyTag) == Array(expected.utf8),
                    "chunks of \(chunk)")
        }
    }

    @Test func chunksOfAnySizeGiveTheOutputOfTheWholeInput() {
        let corpus = ChatCorpus(seed: 11, lines: 400).bytes
        for output in [LineEditor.Stream.Output.kept, .deleted, .json] {
            let whole = Self.run(corpus, presses: 2, output: output, chunk: corpus.count)
            for chunk in [1, 5, 64, 4096] {
                #expect(Self.run(corpus, presses: 2, output: output, chunk: chunk) == whole, "\(output), chunks of \(chunk)")
            }
        }
    }

    @Test func aSecondInputStartsItsLineNumbersAfresh() {
        var stream = LineEditor.Stream(editor: LineEditor(catalog: .default), presses: 1, output: .json)
        let out = StreamOutput()
        for _ in 0..<2 {
            Array("ab\n".utf8).withUnsafeBufferPointer { stream.feed($0, into: out) }
            stream.finish(into: out)
        }
        #expect(String(decoding: out.withBytes { Array($0) }, as: UTF8.self)
            == #"{"line":1,"text":"a","deleted":"b"}"# + "\n" + #"{"line":1,"text":"a","deleted":"b"}"# + "\n")
    }
}
