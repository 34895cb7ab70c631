import Testing
@testable import FaceText

@Suite struct FaceLineTests {
    let catalog = FaceCatalog.default

    @Test(arguments: [
        ("好开心[哈哈]", "[哈哈]", "好开心"),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", ""),
        ("x\u{1F1E8}\u{1F1F3}", "\u{1F1E8}\u{1F1F3}", "x"),
        ("\u{1F1E8}\u{1F1F3}\u{1F1FA}", "\u{1F1FA}", "\u{1F1E8}\u{1F1F3}"),
        ("a1\u{FE0F}\u{20E3}", "1\u{FE0F}\u{20E3}", "a"),
        ("\u{1F44D}\u{1F3FD}", "\u{1F44D}\u{1F3FD}", ""),
        ("e\u{0301}\u{0302}", "e\u{0301}\u{0302}", ""),
        ("[[哈哈]", "[哈哈]", "["),
        ("[哈哈]]", "]", "[哈哈]"),
        ("哈哈]", "]", "哈哈"),
        ("[哈哈]\u{0301}", "]\u{0301}", "[哈哈"),
        ("[心][心]", "[心]", "[心]"),
        ("\u{1F603}[心]", "[心]", "\u{1F603}"),
        ("[贊]", "[贊]", ""),
        ("[图片]", "]", "[图片"),
        ("a\r\n", "\r\n", "a"),
        ("", "", ""),
    ])
    func backspaceDeletesOneWholeUnit(text: String, deleted: String, remaining: String) {
        var line = FaceLine(text, catalog: catalog)
        #expect(line.backspaceResult() == deleted)
        #expect(line.text == remaining)
        #expect(line.cursor == remaining.utf8.count)
    }

    @Test func aTagThatIsASuffixOfAnotherTagLosesToTheLongerOne() {
        let catalog = FaceCatalog(faces: [Face(tag: "哈]"), Face(tag: "[哈哈]"), Face(tag: "[哈]")])
        var line = FaceLine("x[哈哈]", catalog: catalog)
        #expect(line.backspaceResult() == "[哈哈]")
        line = FaceLine("x哈哈]", catalog: catalog)
        #expect(line.backspaceResult() == "哈]")
    }

    @Test(arguments: [("[图片]", "[图片]", ""), ("x[一二三四五六七八九十一二三四五六]", "[一二三四五六七八九十一二三四五六]", "x"),
                      ("[一二三四五六七八九十一二三四五六七]", "]", "[一二三四五六七八九十一二三四五六七"),
                      ("[a[b]", "[b]", "[a"), ("[]", "]", "["), ("[a\nb]", "]", "[a\nb"),
                      ("发了【图片】", "【图片】", "发了"), ("【一二三四五六七八九十一二三四五六】", "【一二三四五六七八九十一二三四五六】", ""),
                      ("【一二三四五六七八九十一二三四五六七】", "】", "【一二三四五六七八九十一二三四五六七"),
                      ("【a】】", "】", "【a】"), ("[a】", "】", "[a"), ("【a]", "]", "【a"), ("【】", "】", "【"), ("【a[b】", "】", "【a[b")])
    func anyTagTreatsShortBracketedTextAsOneUnit(text: String, deleted: String, remaining: String) {
        var line = FaceLine(text, catalog: catalog, anyTag: true)
        #expect(line.backspaceResult() == deleted)
        #expect(line.text == remaining)
    }

    @Test func invalidBytesAreDeletedOneAtATime() {
        var line = FaceLine(bytes: Array("好".utf8) + [0xE4, 0xB8] + [0xFF], catalog: catalog)
        #expect(line.backspaceBytesResult() == [0xFF])
        #expect(line.backspaceBytesResult() == [0xB8])
        #expect(line.backspaceBytesResult() == [0xE4])
        #expect(line.backspaceBytesResult() == Array("好".utf8))
        #expect(line.backspaceBytesResult() == [])
    }

    @Test func everyDefaultTagIsOneUnitAfterTextEmojiAndAnotherTag() {
        let tags = catalog.faces.flatMap(\.tags)
        for tag in tags {
            for before in ["好", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "[心]", "[", "]", ""] {
                var line = FaceLine(before + tag, catalog: catalog)
                #expect(line.backspaceResult() == tag, "\(before)\(tag)")
                #expect(line.text == before)
            }
        }
    }

    /// Skin-tone components (U+1F3FB–U+1F3FF) are Grapheme_Extend: after any
    /// character they belong to its cluster, so there the unit is that whole cluster.
    @Test func everyEmojiSequenceOfUnicodeIsOneUnitAloneAndSurrounded() {
        var failures: [String] = []
        for (status, emoji) in Fixtures.emojiTestSequences where status == "fully-qualified" || status == "component" {
            let extends = emoji.unicodeScalars.first!.properties.isGraphemeExtend || (0x1F3FB...0x1F3FF).contains(emoji.unicodeScalars.first!.value)
            for (before, after) in [("", ""), ("好", ""), ("[哈哈]", ""), ("a", "[心]"), ("\u{1F600}", "b")] {
                var line = FaceLine(before + emoji + after, catalog: catalog)
                if !after.isEmpty { line.moveLeft() }
                let deleted = line.backspace()
                let unit = extends && !before.isEmpty ? String(before.unicodeScalars.last!) + emoji : emoji
                let rest = String(before.unicodeScalars.dropLast(unit.unicodeScalars.count - emoji.unicodeScalars.count)) + after
                if deleted != unit || line.text != rest { failures.append(EmojiName.codePoints(of: emoji) + " after \(before)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5))")
    }

    @Test func insertDeleteForwardAndCursorMovesWorkByUnit() {
        var line = FaceLine("好[哈哈]\u{1F44D}\u{1F3FD}", catalog: catalog)
        let moved3898 = line.moveLeft(); #expect(moved3898)
        #expect(line.cursor == "好[哈哈]".utf8.count)
        let moved3982 = line.moveLeft(); #expect(moved3982)
        #expect(line.cursor == "好".utf8.count)
        #expect(line.deleteForwardResult() == "[哈哈]")
        line.insert(catalog.face(forTag: "[心]")!)
        #expect(line.text == "好[心]\u{1F44D}\u{1F3FD}")
        let moved4215 = line.moveRight(); #expect(moved4215)
        #expect(line.cursor == line.bytes.count)
        let moved4298 = line.moveRight(); #expect(!moved4298)
        line.cursor = 0
        let moved4357 = line.moveLeft(); #expect(!moved4357)
        #expect(line.backspaceResult() == "")
    }

    @Test func backspaceStaysLinearOnHugeClusters() {
        let huge = "a" + String(repeating: "\u{0301}", count: 100_000)
        var line = FaceLine("x" + huge, catalog: catalog)
        #expect(line.backspaceResult() == huge)
        #expect(line.text == "x")
        let family = (0..<20_000).map { _ in "\u{1F468}" }.joined(separator: "\u{200D}")
        line = FaceLine("y" + family, catalog: catalog)
        #expect(line.backspaceResult() == family)
    }
}

extension FaceLine {
    /// Mutating calls wrapped so they can sit inside `#expect`.
    mutating func backspaceResult() -> String { backspace() }
    mutating func deleteForwardResult() -> String { deleteForward() }
    mutating func backspaceBytesResult() -> [UInt8] { backspaceBytes() }
}
