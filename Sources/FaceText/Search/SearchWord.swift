/// One word of a search query, in the forms the rules compare.
final class SearchWord {
    /// How a word is compared: a word by every rule; the words of a query
    /// together by their text only (`cat face`), or by their pinyin only (`ha ha`).
    enum Use {
        case word, phrase, pinyin
    }

    let use: Use
    /// As typed.
    let typed: String
    /// As typed, ASCII letters lowercased, outer brackets `[…]` or `【…】` removed.
    let text: [UInt8]
    /// As typed, without U+FE0F, to compare with an emoji.
    let emojiKey: [UInt8]
    /// Whether `text` is ASCII only (compared by whole words, not inside words).
    let isASCII: Bool
    /// The code points the word names, if it is written as code points
    /// (`1f602`, `U+1F602`, `1f468-200d-1f469`).
    let codePoints: [UInt32]?
    /// The word as pinyin letters (tones, as marks or digits, and spaces removed;
    /// ü as v), if it is pinyin-like.
    let pinyin: [UInt8]?
    /// For a word of ideographs that all have a reading (`爱心`), each one's
    /// readings (`ai`; `xin`): it also finds what sounds the same, the other
    /// script's spelling above all (`愛心`).
    let sound: [[[UInt8]]]?

    init(_ typed: String, use: Use = .word) {
        self.use = use
        self.typed = typed
        let folded = typed.utf8.map(FoldedBytes.fold)
        let text = folded.withUnsafeBufferPointer { Array(FoldedBytes.bare($0)) }
        self.text = text
        emojiKey = EmojiKey.normalized(typed)
        isASCII = text.allSatisfy { $0 < 0x80 }
        let string = String(decoding: text, as: UTF8.self)
        codePoints = SearchWord.codePoints(in: string)
        pinyin = SearchWord.pinyinLetters(of: string)
        let readings = string.unicodeScalars.map { FaceSearch.Pinyin.syllableBytes(of: $0.value) }
        sound = !readings.isEmpty && readings.allSatisfy { !$0.isEmpty } ? readings : nil
    }

    /// `U+1F602`, `u+1f602`, `1f602`, `1F468-200D-1F469` or `1f468_200d`: hex
    /// runs of 4 to 6 digits, each a scalar.
    private static func codePoints(in text: String) -> [UInt32]? {
        var body = Substring(text)
        if body.hasPrefix("u+") { body = body.dropFirst(2) }
        let runs = body.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" || $0 == " " }
        var values: [UInt32] = []
        for run in runs {
            let run = run.hasPrefix("u+") ? run.dropFirst(2) : run
            guard (4...6).contains(run.count), let value = UInt32(run, radix: 16), Unicode.Scalar(value) != nil else { return nil }
            if value != 0xFE0F { values.append(value) }
        }
        return values.isEmpty ? nil : values
    }

    /// Letters a to z, with tone marks and tone digits 1 to 5 dropped and ü
    /// (with or without a tone) written v; nil if the word has anything else.
    static func pinyinLetters(of text: String) -> [UInt8]? {
        var letters: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z": letters.append(UInt8(scalar.value))
            case "1"..."5", "'": continue
            default:
                guard let base = toneless[scalar] else { return nil }
                letters.append(base)
            }
        }
        return letters.isEmpty ? nil : letters
    }

    /// Vowels with a tone mark, and ü, to the letter typed for them.
    private static let toneless: [Unicode.Scalar: UInt8] = {
        var table: [Unicode.Scalar: UInt8] = [:]
        for (letter, marked) in [("a", "āáǎà"), ("e", "ēéěè"), ("i", "īíǐì"), ("o", "ōóǒò"), ("u", "ūúǔù"), ("v", "üǖǘǚǜ"),
                                 ("n", "ńňǹ"), ("m", "ḿ")] {
            for scalar in marked.unicodeScalars { table[scalar] = UInt8(ascii: letter.unicodeScalars.first!) }
        }
        return table
    }()
}
