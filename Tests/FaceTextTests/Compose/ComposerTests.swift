import Testing
@testable import FaceText

/// The keyboard's rules, key by key: typing, face-aware editing, sending
/// (nothing lost when a write fails), incoming messages and the face panel.
@Suite struct ComposerTests {
    static func composer(width: Int = 80, height: Int = 24, options: Composer.Options = Composer.Options(),
                         history: FaceHistory = FaceHistory()) -> Composer {
        Composer(catalog: .default, history: history, options: options, width: width, height: height)
    }

    static func typed(_ keys: [TerminalKey], width: Int = 80, options: Composer.Options = Composer.Options()) -> Composer {
        var composer = composer(width: width, options: options)
        for key in keys { composer.handle(key) }
        return composer
    }

    /// Keys typed into an empty input, and the text and cursor (as `|`) they leave.
    static let editing: [(keys: [TerminalKey], result: String)] = [
        ([.text("好开心[哈哈]"), .backspace], "好开心|"),
        ([.text("好开心[哈哈]"), .left, .backspace], "好开|[哈哈]"),
        ([.text("a👨‍👩‍👧b"), .left, .backspace], "a|b"),
        ([.text("a👨‍👩‍👧b"), .home, .right, .delete], "a|b"),
        ([.text("[心][心]"), .left, .left, .right], "[心]|[心]"),
        ([.text("one two  three"), .deleteWord], "one two  |"),
        ([.text("one two  "), .deleteWord], "one |"),
        ([.text("hi [哈哈][心]"), .deleteWord], "hi |"),
        ([.text("abc"), .lineBreak, .text("def"), .deleteToStart], "abc\n|"),
        ([.text("abc"), .lineBreak, .text("def"), .home], "abc\n|def"),
        ([.text("abc"), .lineBreak, .text("def"), .up, .home, .left, .home], "|abc\ndef"),
        ([.text("abc"), .lineBreak, .text("def"), .home, .left, .left, .deleteToEnd], "ab|\ndef"),
        ([.text("abc"), .home, .end], "abc|"),
        ([.text("xy"), .home, .endOfInput], "|y"),
        ([.paste("one\r\ntwo\rthree\n")], "one\ntwo\nthree\n|"),
        ([.text("a"), .escape, .backTab, .pageDown], "a|"),
    ]

    @Test(arguments: editing.indices)
    func editingIsFaceAware(case index: Int) {
        let (keys, result) = Self.editing[index]
        let composer = Self.typed(keys)
        var shown = composer.input.bytes
        shown.insert(UInt8(ascii: "|"), at: composer.input.cursor)
        #expect(String(decoding: shown, as: UTF8.self) == result)
    }

    @Test func enterAsksToSendAndTheInputStaysUntilItIsSent() {
        var composer = Self.typed([.text("今天好开心[哈哈]"), .lineBreak, .text("second")])
        #expect(composer.handle(.enter) == [.send("今天好开心[哈哈]\u{2028}second")])
        #expect(composer.input.text == "今天好开心[哈哈]\nsecond")
        composer.sendFailed(because: "Broken pipe")
        #expect(composer.input.text == "今天好开心[哈哈]\nsecond")
        #expect(composer.status == Composer.Status(text: "not sent: Broken pipe", isError: true))
        #expect(composer.screen().lines.last == "not sent: Broken pipe · Ctrl-D quit")
        #expect(composer.handle(.enter) == [.send("今天好开心[哈哈]\u{2028}second")])
        composer.sent(at: 1_700_000_000)
        #expect(composer.input.bytes.isEmpty)
        #expect(composer.messages == [Composer.Message(text: "今天好开心😃\nsecond", isMine: true)])
        #expect(composer.history.entries.map(\.key) == ["[哈哈]"])
        #expect(composer.history["[哈哈]"]?.lastUsed == 1_700_000_000)
    }

    @Test(arguments: ["", " ", "\t \n", "\u{3000}"])
    func whiteSpaceIsNotSent(text: String) {
        var composer = Self.typed([.paste(text)])
        #expect(composer.handle(.enter).isEmpty)
        #expect(composer.messages.isEmpty)
    }

    @Test func leaving() {
        var composer = Self.composer()
        #expect(composer.handle(.endOfInput) == [.quit])
        composer.handle(.text("x"))
        #expect(composer.handle(.endOfInput).isEmpty)      // deletes forward, as in a shell
        #expect(composer.handle(.interrupt) == [.quit])
        #expect(composer.handle(.suspend) == [.suspend])
        #expect(composer.handle(.redraw) == [.redraw])
    }

    @Test func incomingLinesAreTheirBubblesWithFacesShown() {
        var composer = Self.composer(width: 40, height: 10)
        composer.receive("你好[心]")
        #expect(composer.messages == [Composer.Message(text: "你好❤️", isMine: false)])
        let lines = composer.screen().lines
        #expect(lines.contains("│ 你好❤️ │"))
    }

    @Test func theInputHasALimit() {
        var options = Composer.Options()
        options.inputLimit = 10
        var composer = Self.typed([.text("好好好好")], options: options)
        #expect(composer.input.text == "好好好")
        #expect(composer.status?.isError == true)
        composer.handle(.paste("abc"))
        #expect(composer.input.text == "好好好a")
    }

    /// A paste comes in pieces; what did not fit is counted over all of them.
    @Test func whatAPasteLeftOutIsCountedWhole() {
        var composer = Self.composer()
        let piece = String(repeating: "a", count: TerminalKey.Decoder.pastePiece)
        for _ in 0..<16 { composer.handle(.paste(piece)) }
        #expect(composer.input.bytes.count == composer.options.inputLimit)
        #expect(composer.status?.text == "a message holds at most \(composer.options.inputLimit) bytes: \(16 * TerminalKey.Decoder.pastePiece - composer.options.inputLimit) bytes were not inserted")
        composer.handle(.left)
        composer.handle(.paste("more"))
        #expect(composer.status?.text == "a message holds at most \(composer.options.inputLimit) bytes: 4 bytes were not inserted")
    }

    /// Typing or pasting a long query into the open panel stops at the limit, and says how much was left out.
    @Test func thePanelsQueryIsCapped() {
        var composer = Composer(catalog: .default, width: 80, height: 24)
        composer.handle(.tab)
        composer.handle(.text("cat "))
        composer.handle(.text(String(repeating: "x", count: 40_000)))
        #expect(composer.panel?.query.utf8.count == FaceSearch.maximumQueryBytes)
        #expect(composer.status?.text == "search holds 256 bytes and 16 words: 39748 bytes not typed")
        for _ in 0..<1_000 { composer.handle(.text("y")) }
        #expect(composer.panel?.query.utf8.count == FaceSearch.maximumQueryBytes)
        composer.handle(.backspace)
        #expect(composer.panel?.query.utf8.count == FaceSearch.maximumQueryBytes - 1)
    }

    @Test func messagesKeptAreBounded() {
        var options = Composer.Options()
        options.keptMessages = 3
        var composer = Self.composer(options: options)
        for index in 0..<10 { composer.receive("m\(index)") }
        #expect(composer.messages.map(\.text) == ["m7", "m8", "m9"])
    }

    // MARK: The face panel

    @Test func tabOpensThePanelAndEnterInsertsTheChosenFace() throws {
        var composer = Self.typed([.text("好"), .tab])
        #expect(composer.panel != nil)
        composer.handle(.right)
        let chosen = try #require(composer.selectedCell)
        composer.handle(.enter)
        #expect(composer.input.text == "好" + (chosen.tag ?? chosen.text))
        #expect(composer.panel != nil)          // stays open for the next face
        composer.handle(.escape)
        #expect(composer.panel == nil)
        composer.handle(.tab)
        composer.handle(.tab)
        #expect(composer.panel == nil)
    }

    @Test func withInsertEmojiAFaceIsInsertedAsItsEmoji() throws {
        var options = Composer.Options()
        options.insertsEmoji = true
        var composer = Self.typed([.tab, .text("haha")], options: options)
        let chosen = try #require(composer.selectedCell)
        composer.handle(.enter)
        #expect(chosen.isEmoji)
        #expect(composer.input.text == chosen.text)
    }

    @Test func recentFacesComeFirst() throws {
        var composer = Self.typed([.text("[心][哈哈]")])
        _ = composer.handle(.enter)
        composer.sent(at: 100)
        composer.handle(.text("[doge]"))
        _ = composer.handle(.enter)
        composer.sent(at: 200)
        composer.handle(.tab)
        let grid = try #require(composer.panelGrid())
        let first = grid.pages[0].prefix(3).map { $0.tag }
        #expect(first[0] == "[doge]")
        #expect(Set(first[1...]) == ["[心]", "[哈哈]"])
        // The first page is the recent page: those faces, empty cells, the ⌫; the catalog's from the next.
        #expect(grid.pages[0].prefix(3).allSatisfy { $0.kind == .recent })
        #expect(grid.pages[0].dropFirst(3).dropLast().allSatisfy { $0.kind == .empty })
        #expect(grid.pages[0].last?.kind == .deleteKey)
        #expect(grid.pages[1].first?.kind == .face)
        #expect(!grid.pages.dropFirst().joined().contains { $0.tag == "[doge]" })
        #expect(composer.screen().lines.contains { $0.hasPrefix("Recent faces") })
        composer.handle(.pageDown)
        #expect(composer.screen().lines.contains { $0.hasPrefix("Faces · type to search") })
    }

    @Test func withoutRecentFacesTheCatalogsComeFirst() throws {
        var composer = Self.typed([.tab])
        let grid = try #require(composer.panelGrid())
        #expect(grid.pages[0].first?.kind == .face)
        #expect(grid.pages[0].dropLast().allSatisfy { $0.kind == .face })
        composer.handle(.escape)
    }

    @Test func everyPageEndsInTheDeleteKeyWhichDeletesAsBackspaceDoes() throws {
        var composer = Self.typed([.text("好[哈哈]"), .tab])
        let grid = try #require(composer.panelGrid())
        #expect(grid.pages.count > 1)
        #expect(grid.pages.allSatisfy { $0.last?.kind == .deleteKey })
        composer.handle(.end)
        #expect(composer.selectedCell?.kind == .deleteKey)
        composer.handle(.enter)
        #expect(composer.input.text == "好")
    }

    @Test func arrowsAtAnEdgeAndPageKeysTurnPages() throws {
        var composer = Self.typed([.tab])
        let columns = try #require(composer.panelGrid()).columns
        composer.handle(.left)
        #expect(composer.panel?.page == 0 && composer.panel?.selection == 0)
        for _ in 0..<columns - 1 { composer.handle(.right) }
        #expect(composer.panel?.page == 0 && composer.panel?.selection == columns - 1)
        composer.handle(.down)
        composer.handle(.right)
        #expect(composer.panel?.page == 1 && composer.panel?.selection == columns)
        composer.handle(.left)
        #expect(composer.panel?.page == 0 && composer.panel?.selection == 2 * columns - 1)
        composer.handle(.pageDown)
        composer.handle(.pageDown)
        #expect(composer.panel?.page == 2)
        composer.handle(.pageUp)
        #expect(composer.panel?.page == 1)
        #expect(composer.screen().lines.contains { $0.hasPrefix("○ ● ○") })
    }

    @Test(arguments: [("haha", "[哈哈]"), ("哈哈", "[哈哈]"), ("xin", "[心]"), ("red heart", "[心]")])
    func typingFiltersThePanel(query: String, expected: String) throws {
        var composer = Self.typed([.tab])
        for character in query { composer.handle(.text(String(character))) }
        #expect(composer.panel?.query == query)
        let cells = try #require(composer.panelGrid()).pages[0]
        #expect(cells.prefix(8).contains { $0.tag == expected }, "\(cells.prefix(8).map { $0.tag ?? $0.text })")
        composer.handle(.backspace)
        #expect(composer.panel?.query == String(query.dropLast()))
        composer.handle(.deleteToStart)
        #expect(composer.panel?.query == "")
        composer.handle(.backspace)                 // with no query: deletes in the input
        #expect(composer.input.text == "")
    }

    @Test func aSearchThatFindsNothingSaysSo() {
        var composer = Self.typed([.tab, .text("qqqqzzzz")])
        #expect(composer.screen().lines.contains { $0.contains("nothing found") })
        composer.handle(.enter)
        #expect(composer.input.text == "")
        #expect(composer.panelGrid()?.pages.first?.last?.kind == .deleteKey)
    }
}
