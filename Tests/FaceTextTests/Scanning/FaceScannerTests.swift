import Testing
@testable import FaceText

@Suite struct FaceScannerTests {
    let catalog = FaceCatalog(faces: [
        Face(tag: "[哈哈]", emoji: "\u{1F603}"),          // 0
        Face(tag: "[哈]"),                                 // 1
        Face(tag: "/::)", emoji: "\u{1F642}"),             // 2
        Face(tag: "[心]", emoji: "\u{2764}\u{FE0F}"),      // 3
        Face(tag: "[家]", emoji: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),  // 4
        Face(tag: "[赞]", image: "h_zan.png", emoji: "\u{1F44D}"),                // 5
    ])

    private func kinds(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return FaceScanner(catalog: catalog).tokens(in: bytes).map { token in
            let piece = String(decoding: bytes[token.range], as: UTF8.self)
            return token.kind == .text ? piece : "\(token.kind.rawValue):\(piece)\(token.face.map { "#\($0)" } ?? "")"
        }
    }

    @Test(arguments: [
        ("好[哈哈]", ["好", "tag:[哈哈]#0"]),
        ("[哈][哈哈]]", ["tag:[哈]#1", "tag:[哈哈]#0", "]"]),
        ("[[哈哈]", ["[", "tag:[哈哈]#0"]),
        ("哈哈]", ["哈哈]"]),
        ("smile /::) ok", ["smile ", "tag:/::)#2", " ok"]),
        ("\u{2764}\u{FE0F} \u{2764}", ["emoji:\u{2764}\u{FE0F}#3", " ", "emoji:\u{2764}#3"]),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}!", ["emoji:\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}#4", "!"]),
        ("\u{1F468}\u{200D}\u{1F469}", ["emoji:\u{1F468}\u{200D}\u{1F469}"]),
        ("\u{1F1E8}\u{1F1F3}\u{1F1FA}", ["emoji:\u{1F1E8}\u{1F1F3}", "\u{1F1FA}"]),
        ("1\u{FE0F}\u{20E3}23", ["emoji:1\u{FE0F}\u{20E3}", "23"]),
        ("\u{1F44D}\u{1F3FD}", ["emoji:\u{1F44D}\u{1F3FD}"]),
        ("\u{1F603}\u{0301}", ["emoji:\u{1F603}\u{0301}#0"]),
        ("\u{00A9} \u{00A9}\u{FE0F}", ["\u{00A9} ", "emoji:\u{00A9}\u{FE0F}"]),
        ("\u{201C}引号\u{201D}\u{2026}", ["\u{201C}引号\u{201D}\u{2026}"]),
        ("<img src=\"x/h_zan.png\" alt=\"[赞]\">", ["image:<img src=\"x/h_zan.png\" alt=\"[赞]\">#5"]),
        ("![赞](faces/h_zan.png)", ["image:![赞](faces/h_zan.png)#5"]),
        ("![猫](cat.png)", ["![猫](cat.png)"]),
    ])
    func tokensCoverTheInputAndFindEveryFace(text: String, expected: [String]) {
        #expect(kinds(text) == expected)
    }

    @Test func offsetsAreUTF8ByteOffsets() {
        let tokens = FaceScanner(catalog: catalog).tokens(in: "好[哈哈]")
        #expect(tokens == [Token(.text, 0..<3), Token(.tag, face: 0, 3..<11)])
    }

    @Test func invalidUTF8IsTextAndNeverDropped() {
        let bytes: [UInt8] = [0xFF, 0x5B, 0xFF] + Array("哈哈]".utf8) + [0xE4, 0xB8, 0xF0, 0x9F, 0x98]
        let tokens = FaceScanner(catalog: catalog).tokens(in: bytes)
        #expect(tokens.allSatisfy { $0.kind == .text })
        #expect(tokens.first?.range.lowerBound == 0 && tokens.last?.range.upperBound == bytes.count)
    }

    @Test func everyFullyQualifiedEmojiOfUnicodeIsOneToken() {
        let scanner = FaceScanner(catalog: catalog, recognizing: .emoji)
        var failures: [String] = []
        for (status, emoji) in Fixtures.emojiTestSequences where status == "fully-qualified" {
            let text = "a" + emoji + "b"
            let tokens = scanner.tokens(in: text)
            let expected = [Token(.text, 0..<1), Token(.emoji, face: catalog.faceIndex(forEmoji: emoji), 1..<(1 + emoji.utf8.count)),
                            Token(.text, (1 + emoji.utf8.count)..<(2 + emoji.utf8.count))]
            if tokens != expected { failures.append(EmojiName.codePoints(of: emoji)) }
        }
        #expect(Fixtures.emojiTestSequences.count > 4000)
        #expect(failures.isEmpty, "\(failures.count) sequences split: \(failures.prefix(10))")
    }

    @Test func tokensDoNotDependOnHowTheInputIsChunked() {
        let text = "x[哈哈]y/::)\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F1E8}\u{1F1F3}1\u{FE0F}\u{20E3}[哈\u{2764}\u{FE0F}![赞](h_zan.png)<img alt=\"[赞]\">"
        let bytes = Array(text.utf8) + [0xF0, 0x9F]
        let scanner = FaceScanner(catalog: catalog)
        let whole = scanner.tokens(in: bytes).filter { $0.kind != .text }
        for size in 1...64 {
            var stream = scanner.makeStream()
            var tokens: [Token] = []
            var start = 0
            while start < bytes.count {
                tokens += stream.feed(Array(bytes[start..<min(start + size, bytes.count)]))
                start += size
            }
            tokens += stream.finish()
            #expect(tokens.filter { $0.kind != .text } == whole, "chunk size \(size)")
            #expect(tokens.map(\.range.count).reduce(0, +) == bytes.count)
        }
    }

    @Test func aTagThatBeginsLikeAnEmojiWinsInsideARunOfEmojiToo() {
        // Tags are tried before emoji wherever they may start, also right after another face.
        let padding = String(repeating: "\u{1F600}", count: 20)      // room for the scanner's lookahead
        for (tag, text) in [("\u{2600}\u{FE0F}晴", "\u{1F603}\u{2600}\u{FE0F}晴"), ("1\u{FE0F}\u{20E3}号", "\u{1F603}1\u{FE0F}\u{20E3}号"),
                            ("\u{1F600}\u{1F600}好", "\u{1F603}\u{1F600}\u{1F600}好")] {
            let catalog = FaceCatalog(faces: [Face(tag: tag), Face(tag: "[笑]", emoji: "\u{1F603}")])
            let bytes = Array((text + padding).utf8)
            let tokens = FaceScanner(catalog: catalog).tokens(in: bytes)
            #expect(tokens.count > 1 && tokens[1].kind == .tag, "\(text): \(tokens.prefix(3))")
        }
    }
}
