/// The pinyin of a text, as pieces (see ``Pinyin/spelling(of:)``), read in
/// place: each ideograph is a piece with one alternative per reading, each
/// run of ASCII letters or of digits a piece with one. Letters are lowercase.
struct PinyinSpelling {
    let letters: UnsafeBufferPointer<UInt8>
    /// Where each alternative starts in `letters`; an alternative ends where the next starts.
    let bounds: UnsafeBufferPointer<Int32>
    /// For each piece, the index in `bounds` of its first alternative; then that of the end.
    let pieces: ArraySlice<Int32>

    var count: Int { pieces.count - 1 }

    /// How many readings piece `index` has.
    func alternativeCount(of index: Int) -> Int {
        Int(pieces[pieces.startIndex + index + 1] - pieces[pieces.startIndex + index])
    }

    /// The letters of one alternative of piece `index`.
    func alternative(_ alternative: Int, of index: Int) -> UnsafeBufferPointer<UInt8> {
        let at = Int(pieces[pieces.startIndex + index]) + alternative
        return UnsafeBufferPointer(rebasing: letters[Int(bounds[at])..<Int(bounds[at + 1])])
    }

    /// The letters of every piece's most common reading, together (`xiaokule`).
    var joined: [UInt8] {
        (0..<count).flatMap { alternative(0, of: $0) }
    }

    /// The text as it most commonly reads, pieces separated by spaces: `xiao ku le`.
    var description: String {
        (0..<count).map { String(decoding: alternative(0, of: $0), as: UTF8.self) }.joined(separator: " ")
    }
}

/// The pinyin spellings of many texts, read once into shared buffers.
struct PinyinSpellings {
    private var letters: [UInt8] = []
    /// Where each alternative starts in `letters`; each text's last is followed by an end mark.
    private var bounds: [Int32] = []
    /// For each text in turn, the index in `bounds` of each piece's first alternative, then of its end mark.
    private var pieces: [Int32] = []
    /// Where each text's entries start in `pieces`, and the end of the last.
    private var firsts: [Int32] = [0]
    /// Whether each text has an ideograph with a reading.
    private var readable: [Bool] = []

    var count: Int { firsts.count - 1 }

    /// Reads `text` (UTF-8) as the next text.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        var hasReading = false
        var inWord = false
        var index = 0
        func startPiece() {
            pieces.append(Int32(bounds.count))
            bounds.append(Int32(letters.count))
        }
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if FoldedBytes.isWordByte(byte) {
                    // Runs of letters and runs of digits are pieces of their own.
                    if !inWord || (byte &- 0x30 < 10) != (letters.last! &- 0x30 < 10) { startPiece() }
                    inWord = true
                    letters.append(FoldedBytes.fold(byte))
                } else {
                    inWord = false
                }
                index += 1
                continue
            }
            inWord = false
            let (scalar, length) = Self.decode(text, at: index)
            index += length
            let first = bounds.count
            Pinyin.forEachReading(of: scalar) { reading in
                bounds.append(Int32(letters.count))
                letters.append(contentsOf: reading)
            }
            guard bounds.count > first else { continue }
            hasReading = true
            pieces.append(Int32(first))
        }
        pieces.append(Int32(bounds.count))
        bounds.append(Int32(letters.count))
        firsts.append(Int32(pieces.count))
        readable.append(hasReading)
    }

    /// Calls `body` with the spelling of text `index`, or with nil if the text
    /// has no ideograph with a reading (unless `always`).
    func withSpelling<R>(_ index: Int, always: Bool = false, _ body: (PinyinSpelling?) -> R) -> R {
        guard readable[index] || always else { return body(nil) }
        let range = Int(firsts[index])..<Int(firsts[index + 1])
        return letters.withUnsafeBufferPointer { letters in
            bounds.withUnsafeBufferPointer { body(PinyinSpelling(letters: letters, bounds: $0, pieces: pieces[range])) }
        }
    }

    /// The scalar value of the UTF-8 sequence at `index` (0 where it is not one) and its length.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = text[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= text.count else { return (0, 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (value, length)
    }
}
