import Foundation
import Testing
import FaceText
@testable import FaceTextCLI

/// `facetext wrap`: its options, bytes kept, bubbles and JSON sizes checked against the text.
@Suite struct WrapCommandTests {
    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func lines(_ result: CLIResult) -> [String] {
        result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func wrapsAtEightyUnlessWrittenToATerminal() {
        let long = String(repeating: "好", count: 100) + "\n"
        #expect(Self.lines(runCLI(["wrap"], input: long)).map(DisplayWidth.columns) == [80, 80, 40])
        // The terminal's width only when standard output is one.
        #expect(Self.lines(runCLI(["wrap"], stdin: Array(long.utf8), terminalWidth: 30)).map(DisplayWidth.columns) == [80, 80, 40])
        #expect(Self.lines(runCLI(["wrap"], stdin: Array(long.utf8), terminalWidth: 30, isTerminal: true)).count == 7)
        #expect(Self.lines(runCLI(["wrap", "-w", "50"], input: long)).map(DisplayWidth.columns) == [50, 50, 50, 50])
    }

    @Test(arguments: [
        (["wrap", "-w", "0"], "--width"), (["wrap", "--width", "x"], "--width"), (["wrap", "-w", "1000001"], "--width"),
        (["wrap", "--break", "word"], "--break"), (["wrap", "--align", "right"], "--bubble"), (["wrap", "--me", "我"], "--bubble"),
        (["wrap", "--bubble", "--align", "left", "--me", "我"], "--me"), (["wrap", "--align", "centre", "--bubble"], "--align"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], named: String) {
        let result = runCLI(arguments, input: "hi\n")
        #expect(result.status == .usage)
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func onlyLineFeedsAreInserted() {
        let input: [UInt8] = Array("第一行 one two three four\r\n".utf8) + [0xFF, 0xC3] + Array("tail without end".utf8)
        for breaking in ["char", "line"] {
            for width in [1, 3, 8, 13] {
                let result = runCLI(["wrap", "-w", "\(width)", "--break", breaking], stdin: input, chunkSize: 5)
                #expect(result.status == .success)
                #expect(result.stdout.filter { $0 != 0x0A } == input.filter { $0 != 0x0A })
                #expect(result.stdout.count > input.count, "width \(width)")
                #expect(result.stdout.last != 0x0A, "no line feed is added at the end")
            }
        }
    }

    @Test func facesAreMeasuredAsTheyAreShown() {
        let input = "[哈哈][哈哈][哈哈]\n"
        #expect(runCLI(["wrap", "-w", "4", "--render"], input: input).text == "😃😃\n😃\n")
        // As tags, each is wider than the line: each stands alone, over-long, and whole.
        #expect(runCLI(["wrap", "-w", "4"], input: input).text == "[哈哈]\n[哈哈]\n[哈哈]\n")
        // A face without an emoji keeps its tag.
        #expect(runCLI(["wrap", "-w", "40", "--render", "--catalog", "weibo"], input: "[doge][哈哈]\n").text.contains("[") == true)
    }

    @Test func lineBreakingKeepsWordsAndClosingMarks() {
        #expect(runCLI(["wrap", "-w", "12"], input: "今天好开心[哈哈][心]，你呢？\n").text == "今天好开心\n[哈哈][心]，\n你呢？\n")
        #expect(runCLI(["wrap", "-w", "10"], input: "the quick brown fox\n").text == "the quick \nbrown fox\n")
        #expect(runCLI(["wrap", "-w", "10", "--break", "char"], input: "the quick brown fox\n").text == "the quick \nbrown fox\n")
        #expect(runCLI(["wrap", "-w", "6", "--break", "char"], input: "the quick brown\n").text == "the qu\nick br\nown\n")
        #expect(runCLI(["wrap", "-w", "6"], input: "the quick brown\n").text == "the \nquick \nbrown\n")
        // A word wider than the line is broken, never before a closing mark.
        #expect(runCLI(["wrap", "-w", "4"], input: "abcdefgh。\n").text == "abcd\nefg\nh。\n")
    }

    @Test func jsonSizesAreTheLinesSizes() throws {
        let input = "今天好开心[哈哈][心]，你呢？\nok\n\n👨‍👩‍👧‍👦 family 🇨🇳\n"
        let result = runCLI(["wrap", "--json", "-w", "11"], input: input)
        #expect(result.status == .success)
        let objects = Self.lines(result)
        #expect(objects.count == 4)
        for (number, object) in objects.enumerated() {
            let value = try Self.object(object)
            #expect(value["line"] as? Int == number + 1)
            let lines = value["lines"] as? [String] ?? []
            #expect(value["height"] as? Int == lines.count)
            #expect(value["width"] as? Int == lines.map(DisplayWidth.columns).max())
            #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 11 })
        }
        #expect(objects[2] == #"{"line":3,"lines":[""],"width":0,"height":1}"#)
    }

    @Test func jsonGivesBubbleSizesAndSides() throws {
        let result = runCLI(["wrap", "--json", "--bubble", "--align", "alternate", "-w", "40"], input: "你好\n今天怎么样？我们一起去吃饭吧，好不好呀\n")
        let objects = try Self.lines(result).map(Self.object)
        #expect(objects.map { $0["side"] as? String } == ["left", "right"])
        for object in objects {
            let width = try #require(object["width"] as? Int), height = try #require(object["height"] as? Int)
            let bubble = try #require(object["bubble"] as? [String: Int])
            #expect(bubble["width"] == width + 4)
            #expect(bubble["height"] == height + 2)
            #expect(width <= 40 * 3 / 4 - 4)
        }
        #expect((objects[0]["bubble"] as? [String: Int])?["column"] == 0)
        let second = objects[1]["bubble"] as? [String: Int] ?? [:]
        #expect(second["column"] == 40 - (second["width"] ?? 0))
    }

    @Test func bubblesAreFramedAndPlaced() {
        let input = "我: 今天好开心[哈哈][心]\nBob: see you at 9:30 tomorrow, ok?\n我: 好的👌\n\n"
        for width in [20, 40, 80] {
            let result = runCLI(["wrap", "--bubble", "--me", "我:", "-w", "\(width)"], input: input)
            #expect(result.status == .success)
            let rows = Self.lines(result)
            var index = 0
            var sides: [Bool] = []
            while index < rows.count {
                let top = rows[index]
                let trimmed = top.drop { $0 == " " }
                #expect(trimmed.hasPrefix("╭─") && trimmed.hasSuffix("─╮"), "\(top)")
                let indent = top.count - trimmed.count
                let outer = DisplayWidth.columns(of: String(trimmed))
                sides.append(indent > 0)
                index += 1
                while index < rows.count && rows[index].drop(while: { $0 == " " }).hasPrefix("│") {
                    #expect(DisplayWidth.columns(of: rows[index]) == indent + outer, "\(rows[index])")
                    index += 1
                }
                #expect(rows[index].drop { $0 == " " }.hasPrefix("╰"))
                #expect(DisplayWidth.columns(of: rows[index]) == indent + outer)
                // A bubble on the right ends at the page's edge.
                if indent > 0 { #expect(indent + outer == width) }
                #expect(outer <= width * 3 / 4)
                index += 1
            }
            #expect(sides == [true, false, true, false], "width \(width)")
            #expect(!result.text.contains("\u{1B}"))
        }
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        let input = Array("hi\nthere\n".utf8)
        let arguments = ["wrap", "--bubble", "--align", "alternate", "-w", "30"]
        #expect(runCLI(arguments, stdin: input, terminalWidth: 30, isTerminal: true).text.contains("\u{1B}[32m"))
        #expect(runCLI(arguments, stdin: input, terminalWidth: 30, isTerminal: true).text.contains("\u{1B}[90m"))
        #expect(!runCLI(arguments, stdin: input, environment: ["NO_COLOR": "1"], terminalWidth: 30, isTerminal: true).text.contains("\u{1B}"))
        #expect(!runCLI(arguments, stdin: input).text.contains("\u{1B}"))
        // Colour never goes into plain wrapping or JSON.
        #expect(!runCLI(["wrap", "--json"], stdin: input, terminalWidth: 30, isTerminal: true).text.contains("\u{1B}"))
    }

    @Test func aMessageTooLongToHoldIsDrawnAsItComes() {
        let input = Array(String(repeating: "好", count: 400_000).utf8) + [0x0A]
        let result = runCLI(["wrap", "--bubble", "-w", "40"], stdin: input, chunkSize: 1 << 16)
        let rows = Self.lines(result)
        #expect(rows.first == "╭" + String(repeating: "─", count: 28) + "╮")
        #expect(rows.last == "╰" + String(repeating: "─", count: 28) + "╯")
        #expect(rows.count == 400_000 / 13 + 1 + 2)
        #expect(Set(rows.dropFirst().dropLast().map(DisplayWidth.columns)).count == 1)
    }

    @Test func lineNumbersStartAgainWithEachFile() {
        let result = runCLI(["wrap", "--json", "a", "b"], files: ["a": Array("x\ny\n".utf8), "b": Array("z".utf8)])
        #expect(Self.lines(result).map { $0.prefix(9) } == [#"{"line":1"#, #"{"line":2"#, #"{"line":1"#])
    }

    /// `wrap --bubble` draws the library's ``ChatBubble``s (which `compose` shows), in streaming
    /// form: the same rows for every message, side and page width.
    @Test(arguments: [12, 20, 33, 80])
    func bubblesAreTheLibrarysChatBubbles(width: Int) {
        let messages = ["今天好开心[哈哈][心]", "ok", "a fairly long message in English, with words to break",
                        "「你好」，我们去公园玩吧！😀👍🏽", "[一二三四五六七八九十]", "x"]
        for (align, right) in [("left", false), ("right", true)] {
            let result = runCLI(["wrap", "--bubble", "--render", "--align", align, "-w", "\(width)"],
                                input: messages.joined(separator: "\n") + "\n")
            let bubble = ChatBubble(pageWidth: width)
            let renderer = FaceRenderer(catalog: .default)
            let expected = messages.flatMap { bubble.rows(of: renderer.render($0), right: right).map { $0.line + "\n" } }.joined()
            #expect(result.text == expected, "\(align) at \(width)")
        }
    }
}
