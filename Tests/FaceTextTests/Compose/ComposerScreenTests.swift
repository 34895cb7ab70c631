import Testing
import TestSupport
@testable import FaceText

/// The screen model at many sizes: always its size, no row wider than the
/// screen (so a wide face never straddles the edge), nothing that could
/// move a terminal's cursor, the cursor in the input bar.
@Suite struct ComposerScreenTests {
    static let sizes = [(80, 24), (20, 10), (20, 5), (40, 3), (8, 4), (5, 2), (1, 1), (120, 40)]
    static let pieces = ["今天", "好开心", "[哈哈]", "[心]", "😀", "👨‍👩‍👧‍👦", "🇨🇳", "e\u{301}", "word ", "internationalization",
                         "[一二三四五六七八九十]", "\t", "\u{1B}[31m", "\u{7}", "\u{85}", "。", "ｗｉｄｅ", "\u{200B}",
                         "\u{2028}", "[抱抱]", "【图片】", "[doge]", "ﾊﾞ"]

    /// Random runs of keys: typing, editing, the panel, sending and incoming lines.
    static func keyRuns() -> [[TerminalKey]] {
        var random = SeededGenerator(seed: 36)
        let keys: [TerminalKey] = [.backspace, .delete, .left, .right, .home, .end, .lineBreak, .tab, .escape, .up, .down,
                                   .pageDown, .pageUp, .enter, .deleteWord, .toggleEmoji]
        return (0..<10).map { _ in
            (0..<Int.random(in: 5...60, using: &random)).map { _ in
                Int.random(in: 0..<3, using: &random) == 0 ? keys.randomElement(using: &random)!
                    : .text(pieces.randomElement(using: &random)!)
            }
        }
    }

    /// Whether `rows` are no wider than `width` and hold nothing a terminal would act on.
    static func fit(_ rows: [String], width: Int) -> Bool {
        rows.allSatisfy { DisplayWidth.columns(of: $0) <= width }
            && !rows.contains { $0.unicodeScalars.contains { DisplayText.isControl($0) || $0 == "\n" || $0 == "\t" || $0 == "\u{2028}" } }
    }

    @Test(arguments: [false, true])
    func everyScreenFitsItsSize(messagesAbove: Bool) {
        var failures = 0
        var options = Composer.Options()
        options.messagesAbove = messagesAbove
        // Each way takes half the runs.
        for (number, keys) in Self.keyRuns().enumerated() where number % 2 == (messagesAbove ? 1 : 0) {
            for (width, height) in Self.sizes {
                var composer = Composer(catalog: .default, options: options, width: width, height: height)
                for (index, key) in keys.enumerated() {
                    if composer.handle(key).contains(where: { if case .send = $0 { true } else { false } }) {
                        composer.sent(at: Int64(index))
                        composer.receive(Self.pieces[index % Self.pieces.count] + " reply")
                    }
                    if index % 11 == 5 { composer.notice = composer.notice == nil ? "waiting for the other side…" : nil }
                    let screen = composer.screen()
                    let above = composer.newMessageRows().map { $0.map(\.text).joined() }
                    let fits = (messagesAbove ? (1...height).contains(screen.rows.count) : screen.rows.count == height)
                        && Self.fit(screen.lines + above, width: width)
                        && (0..<screen.rows.count).contains(screen.cursor.row) && (0..<width).contains(screen.cursor.column)
                    if !fits {
                        failures += 1
                        if failures <= 3 {
                            Issue.record("run \(number), key \(index), \(width)×\(height): \(screen.lines) cursor \(screen.cursor)")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// The states a person meets, at every width from 20 to 200 (6 and 60
    /// rows high) and every height from 6 to 60 (20 and 200 columns wide):
    /// every screen fits, the key to quit always shows.
    @Test func everySizeFromTwentyBySixToTwoHundredBySixty() {
        var states: [Composer] = []
        var options = Composer.Options()
        for messagesAbove in [false, true] {
            options.messagesAbove = messagesAbove
            var composer = Composer(catalog: .default, options: options, width: 80, height: 24)
            states.append(composer)
            composer.handle(.text("今天好开心[哈哈][doge]，我们去公园玩吧！a few English words too [抱抱] \t tab"))
            composer.receive("你好[哈哈] a reply that is long enough to wrap in a narrow bubble")
            composer.notice = "waiting for the other side…"
            composer.handle(.toggleEmoji)
            states.append(composer)
            composer.handle(.tab)
            composer.handle(.down)
            composer.handle(.right)
            states.append(composer)
            composer.handle(.text("ha"))
            states.append(composer)
        }
        let sizes = (20...200).flatMap { width in [6, 60].map { (width, $0) } } + (6...60).flatMap { height in [20, 200].map { ($0, height) } }
            + [(30, 10), (80, 24), (21, 7)]
        var failures: [String] = []
        for (width, height) in sizes {
            for var state in states {
                state.resize(width: width, height: height)
                let screen = state.screen()
                let quits = screen.lines.last.map { $0.contains("Ctrl-D quit") || $0.contains("^D quit") } ?? false
                if !Self.fit(screen.lines, width: width) || screen.rows.count > height || !quits
                    || !(0..<screen.rows.count).contains(screen.cursor.row) || screen.cursor.column >= width {
                    failures.append("\(width)×\(height): \(screen.lines)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
    }

    @Test func theInputGrowsARowAtATimeThenScrolls() {
        var composer = Composer(catalog: .default, width: 22, height: 12)
        var rowsSeen: [Int] = []
        for _ in 0..<12 {
            composer.handle(.text("好开心[哈哈]😀"))   // 13 columns
            let screen = composer.screen()
            let inputRows = screen.lines.filter { $0.hasPrefix("> ") || $0.hasPrefix("  ") }.count
            rowsSeen.append(inputRows)
            // The cursor is on the last input row shown, the row above the status row.
            #expect(screen.cursor.row == 10)
        }
        // One row more at most each time, up to five, then the input scrolls.
        #expect(rowsSeen.first == 1 && rowsSeen.last == 5)
        #expect(zip(rowsSeen, rowsSeen.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 || $0 == 5 && $1 == 5 })
    }

    @Test func aWideFaceNeverStraddlesTheEdge() {
        // 19 columns of text: an emoji at column 19 would cross the edge of 20.
        var composer = Composer(catalog: .default, width: 21, height: 6)
        composer.handle(.text("abcdefghijklmnopqr😀[哈哈]"))
        let lines = composer.screen().lines
        #expect(lines.contains("> abcdefghijklmnopqr"))
        #expect(lines.contains("  😀[哈哈]"))
    }

    @Test func thePlaceholderShowsWhileTheInputIsEmpty() {
        var options = Composer.Options()
        options.placeholder = "Say something…"
        var composer = Composer(catalog: .default, options: options, width: 30, height: 5)
        #expect(composer.screen().lines.contains("> Say something…"))
        #expect(composer.screen().cursor.column == 2)
        composer.handle(.text("hi"))
        #expect(!composer.screen().lines.contains { $0.contains("Say something") })
    }

    @Test func bubblesAreTheLibrarysBubbles() {
        var composer = Composer(catalog: .default, width: 30, height: 20)
        composer.handle(.text("今天好开心[哈哈][心] and a few more words"))
        _ = composer.handle(.enter)
        composer.sent(at: 1)
        composer.receive("hello [心]")
        let bubble = ChatBubble(pageWidth: 30, catalog: .default)
        let expected = bubble.rows(of: "今天好开心😃❤️ and a few more words", right: true).map(\.line)
            + bubble.rows(of: "hello ❤️", right: false).map(\.line)
        let lines = composer.screen().lines
        let start = lines.firstIndex { !$0.isEmpty }!
        #expect(Array(lines[start..<start + expected.count]) == expected)
        #expect(lines[start].hasSuffix("╮") && lines[start].count < 30 + 1)
    }

    @Test func theStatusRowShowsTheKeysAndTheFaceButton() {
        var composer = Composer(catalog: .default, width: 80, height: 10)
        #expect(composer.screen().lines.last?.contains("Tab faces") == true)
        // The face button's hint comes first, so a narrow screen shows it too.
        #expect(Composer(catalog: .default, width: 20, height: 6).screen().lines.last?.hasPrefix("Tab faces") == true)
        composer.handle(.tab)
        #expect(composer.screen().lines.last?.contains("Esc close") == true)
        #expect(composer.screen().rows.joined().contains { $0.style == .selected })
    }
}
