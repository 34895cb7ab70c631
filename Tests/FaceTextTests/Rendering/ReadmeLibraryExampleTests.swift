import Testing
import FaceText

/// The library example of docs/library.md, as written there.
@Suite struct ReadmeLibraryExampleTests {
    @Test func theReadmeLibraryExampleDoesWhatItSays() throws {
        let catalog = FaceCatalog.default
        #expect(catalog.face(forTag: "[哈哈]")?.emoji == "😃")
        #expect(catalog.face(forEmoji: "❤")?.tag == "[心]")
        #expect(FaceRenderer(catalog: catalog).render("今天[哈哈]") == "今天😃")
        #expect(FaceRenderer(catalog: catalog, style: .html(imageBase: "faces/")).render("<b>[哈哈]")
                == #"&lt;b&gt;<img src="faces/d_haha.png" alt="[哈哈]">"#)
        #expect(FaceTagger(catalog: catalog).tag("今天😃") == "今天[哈哈]")
        #expect(FaceScanner(catalog: catalog).tokens(in: "好[哈哈]") == [Token(.text, 0..<3), Token(.tag, face: 3, 3..<11)])

        var line = FaceLine("好[哈哈]", catalog: catalog)
        #expect(line.backspace() == "[哈哈]")
        #expect(line.text == "好")

        #expect(try EmojiGrid(columns: 7, rows: 3, deleteKey: true).pages.count == 4)
        let layout = try EmojiGrid.Layout(width: 320, height: 216, icon: 25)
        #expect((layout.columns, layout.rows, layout.left) == (10, 6, 12.5))
        #expect(DisplayWidth.columns(of: "好😀") == 4)
        #expect(FaceSearch(catalog: catalog).results(for: "xiaoku").first?.text == "[笑cry]")
        #expect(EmojiAnnotation.annotation(for: "😂")?.chineseName == "笑哭了")
        #expect(FaceSearch.Pinyin.spelling(of: "[笑cry]") == ["xiao", "cry"])
        var history = FaceHistory()
        history.record("[哈哈]", at: 1_764_633_600)
        #expect(history.ordered(by: .recent).first?.key == "[哈哈]")
        #expect(TextWrapper(width: 12, catalog: catalog).lines(of: "今天好开心[哈哈][心]，你呢？").map(\.text)
                == ["今天好开心", "[哈哈][心]，", "你呢？"])
        #expect(LineBreaker().opportunities(in: "ok, 好。").count == 2)
        #expect(ChatBubble(pageWidth: 16).rows(of: "好的👌", right: true).map(\.line)
                == ["      ╭────────╮", "      │ 好的👌 │", "      ╰────────╯"])
        var composer = Composer(catalog: catalog, width: 40, height: 10)
        composer.handle(.text("好[哈哈]"))
        #expect(composer.handle(.enter) == [.send("好[哈哈]")])
        composer.sent(at: 1_764_633_600)
        #expect(composer.screen().lines.contains("                                │ 好😃 │"))

        var stream = FaceRenderer(catalog: catalog).makeStream()
        var out: [UInt8] = []
        stream.process(Array("今天[哈".utf8), into: &out)
        stream.process(Array("哈]\n".utf8), into: &out)
        stream.finish(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "今天😃\n")

        var lister = FaceLister(catalog: catalog)
        let lines = StreamOutput()
        lister.feed(Array("好[哈哈]".utf8), into: lines)
        lister.finish(into: lines)
        #expect(lines.withBytes { String(decoding: $0, as: UTF8.self) } == """
            {"kind":"tag","text":"[哈哈]","tag":"[哈哈]","emoji":"😃","image":"d_haha.png","file":"-","line":1,"offset":3,"length":8}

            """)

        let editor = LineEditor(catalog: catalog)
        let kept = StreamOutput()
        let (end, count) = Array("好开心[哈哈]\nok\n半".utf8).withUnsafeBufferPointer {
            editor.writeKept(linesIn: $0, from: 0, presses: 1, to: kept)
        }
        #expect(kept.withBytes { String(decoding: $0, as: UTF8.self) } == "好开心\no\n")
        #expect((end, count) == (21, 2))
    }
}
