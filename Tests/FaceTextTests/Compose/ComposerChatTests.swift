import Testing
@testable import FaceText

/// What a person notices first in a chat: the panel reads well (each look
/// once, names for faces without emoji, never an empty choice), the status
/// row always names the key to quit, the input wraps as the bubbles do and
/// may show faces as emoji, and the bubbles go above into the scrollback.
@Suite struct ComposerChatTests {
    static func composer(width: Int = 80, height: Int = 24, options: Composer.Options = Composer.Options(),
                         history: FaceHistory = FaceHistory()) -> Composer {
        Composer(catalog: .default, history: history, options: options, width: width, height: height)
    }

    /// Every cell of every page of the panel.
    static func cells(_ composer: Composer) throws -> [EmojiGrid.Cell] {
        try #require(composer.panelGrid()).pages.flatMap { $0 }
    }

    @Test func facesThatLookTheSameAreOneCell() throws {
        var composer = Self.composer()
        composer.handle(.tab)
        let cells = try Self.cells(composer).filter { $0.kind == .face }
        #expect(cells.filter { $0.text == "👍" }.map(\.tag) == ["[赞]"])
        let looks = cells.map { $0.isEmoji ? $0.text : $0.tag ?? "" }
        #expect(Set(looks).count == looks.count)
        // Searching too: one 👍 among what "good" finds.
        composer.handle(.text("good"))
        #expect(try Self.cells(composer).filter { $0.text == "👍" }.count == 1)
    }

    @Test func aRecentFaceHidesTheSameLookAmongTheCatalogs() throws {
        var history = FaceHistory()
        history.record("[good]", at: 10)
        var composer = Self.composer(history: history)
        composer.handle(.tab)
        let cells = try Self.cells(composer)
        #expect(cells.filter { $0.text == "👍" }.map(\.tag) == ["[good]"])
        #expect(cells.first?.kind == .recent)
    }

    @Test func aFaceWithoutAnEmojiIsALabelWithItsWholeNameOnTheStatusRow() throws {
        var composer = Self.composer(width: 80)
        composer.handle(.tab)
        let cells = try Self.cells(composer)
        let index = try #require(cells.firstIndex { $0.tag == "[最右]" })
        #expect(!cells[index].isEmoji)
        // Cells are wide enough for a name of four columns, which shows as a label.
        #expect(composer.panel?.cellWidth == Composer.Panel.labelCellWidth)
        let screen = composer.screen()
        let labels = screen.rows.joined().filter { $0.style == .label }.map(\.text)
        #expect(labels.contains("doge") && labels.contains("挖鼻") && labels.contains("衰"))
        // Chosen, its whole tag is on the status row.
        let columns = try #require(composer.panelGrid()).columns
        for _ in 0..<index % columns { composer.handle(.right) }
        for _ in 0..<index / columns { composer.handle(.down) }
        #expect(composer.selectedCell?.tag == "[最右]")
        #expect(composer.screen().lines.last?.hasPrefix("[最右]  ") == true)
        let selected = composer.screen().rows.joined().filter { $0.style == .selected }.map(\.text).joined()
        #expect(selected.contains("最右"))
    }

    @Test func aCatalogOfEmojiOnlyKeepsNarrowCells() throws {
        let catalog = try Fixtures.catalog(plist: """
            <array><dict><key>chs</key><string>[笑]</string><key>code</key><string>1F604</string></dict>\
            <dict><key>chs</key><string>[心]</string><key>code</key><string>2764</string></dict></array>
            """)
        var composer = Composer(catalog: catalog, width: 40, height: 12)
        composer.handle(.tab)
        #expect(composer.panel?.cellWidth == Composer.Panel.cellWidth)
    }

    /// Down, Right and End on the recent page never choose the room after its faces.
    @Test func theChoiceIsNeverAnEmptyCell() throws {
        var history = FaceHistory()
        for (index, tag) in ["[心]", "[哈哈]", "[doge]"].enumerated() { history.record(tag, at: Int64(index)) }
        for keys: [TerminalKey] in [[.down], [.right, .right, .right], [.down, .down, .up], [.right, .right, .right, .left], [.end, .left],
                                    [.pageDown, .pageUp, .down], [.down, .left, .left]] {
            var composer = Self.composer(width: 40, height: 20, history: history)
            composer.handle(.tab)
            for key in keys {
                composer.handle(key)
                let cell = try #require(composer.selectedCell)
                #expect(cell.kind != .empty, "\(keys)")
            }
        }
        // Down from a recent face goes to the ⌫ at the page's end; Left from there back to the last face.
        var composer = Self.composer(width: 40, height: 20, history: history)
        composer.handle(.tab)
        composer.handle(.down)
        #expect(composer.selectedCell?.kind == .deleteKey)
        composer.handle(.left)
        #expect(composer.selectedCell?.kind == .recent)
    }

    @Test(arguments: [20, 24, 30, 40, 57, 80])
    func theStatusRowAlwaysNamesTheKeyToQuitAndCutsNoHint(width: Int) {
        var composer = Self.composer(width: width, height: 12)
        for panel in [false, true] {
            if panel { composer.handle(.tab) }
            let status = composer.screen().lines.last ?? ""
            #expect(status.contains("Ctrl-D quit") || status.contains("^D quit"), "\(width): \(status)")
            let hints = ["Tab faces", "Enter send", "Alt-Enter new line", "Alt-E emoji", "Enter insert", "Esc close", "←→ pages",
                         "Ctrl-D quit", "^D quit"]
            let shown = status.components(separatedBy: "  ").last?.components(separatedBy: " · ") ?? []
            #expect(shown.allSatisfy { hints.contains($0) }, "\(width): \(status)")
        }
        composer.notice = "waiting for the other side…"
        composer.handle(.escape)
        let status = composer.screen().lines.last ?? ""
        #expect(status.contains("quit"), "\(width): \(status)")
        if width >= 40 { #expect(status.contains("waiting for the other side…")) }
    }

    @Test func atThirtyColumnsTheLeastImportantHintsGoFirst() {
        let composer = Self.composer(width: 30, height: 12)
        #expect(composer.screen().lines.last == "Tab faces · Enter send · Ctrl-D quit".prefix(30).description
                || composer.screen().lines.last == "Tab faces · Ctrl-D quit")
        #expect(Self.composer(width: 80, height: 12).screen().lines.last == "Tab faces · Enter send · Alt-Enter new line · Alt-E emoji · Ctrl-D quit")
    }

    /// The input wraps by UAX #14 as the bubbles do: a word is never cut when it fits on a row.
    @Test func theInputWrapsAsTheBubblesDo() {
        var composer = Self.composer(width: 22, height: 12)
        composer.handle(.text("some text for wrapping words [哈哈]好开心"))
        let rows = composer.screen().lines.filter { $0.hasPrefix("> ") || $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
        #expect(rows == ["some text for ", "wrapping words ", "[哈哈]好开心"])
        // The cursor after the last face; the input bar ends above the status row.
        #expect(composer.screen().cursor == Composer.Screen.Position(row: 10, column: 2 + 12))
        composer.handle(.left)
        composer.handle(.left)
        composer.handle(.left)
        composer.handle(.left)
        #expect(composer.screen().cursor == Composer.Screen.Position(row: 10, column: 2))
        composer.handle(.left)
        #expect(composer.screen().cursor == Composer.Screen.Position(row: 9, column: 2 + 14))
    }

    @Test func altEShowsTheInputsFacesAsEmojiAndWhatIsSentStaysTheTags() {
        var composer = Self.composer(width: 80, height: 10)
        composer.handle(.text("好[哈哈][最右]!"))
        #expect(composer.screen().lines.contains("> 好[哈哈][最右]!"))
        composer.handle(.toggleEmoji)
        #expect(composer.showsFacesAsEmoji)
        #expect(composer.screen().lines.contains("> 好😃[最右]!"))
        #expect(composer.screen().cursor.column == 2 + DisplayWidth.columns(of: "好😃[最右]!"))
        composer.handle(.left)
        composer.handle(.left)
        #expect(composer.screen().cursor.column == 2 + DisplayWidth.columns(of: "好😃"))
        #expect(composer.handle(.enter) == [.send("好[哈哈][最右]!")])
        #expect(composer.screen().lines.last?.contains("Alt-E tags") == true)
        composer.handle(.toggleEmoji)
        #expect(composer.screen().lines.contains("> 好[哈哈][最右]!"))
        var options = Composer.Options()
        options.showsFacesAsEmoji = true
        var started = Self.composer(options: options)
        started.handle(.text("[心]"))
        #expect(started.screen().lines.contains("> ❤️"))
    }

    @Test func withMessagesAboveTheScreenIsOnlyItsOwnRowsAndTheBubblesComeOnce() {
        var options = Composer.Options()
        options.messagesAbove = true
        var composer = Self.composer(width: 40, height: 15, options: options)
        #expect(composer.screen().rows.count == 2)
        composer.handle(.text("你好[哈哈]"))
        _ = composer.handle(.enter)
        composer.sent(at: 1)
        composer.receive("hi [心]")
        let rows = composer.newMessageRows().map { $0.map(\.text).joined() }
        #expect(rows.count == 6)
        #expect(rows[1].hasSuffix("│ 你好😃 │") && rows[4] == "│ hi ❤️ │")
        #expect(composer.newMessageRows().isEmpty)
        #expect(!composer.screen().lines.contains { $0.contains("你好") })
        composer.handle(.tab)
        #expect((4...15).contains(composer.screen().rows.count))
    }
}
