/// The pinyin of a text, as pieces (see ``FaceSearch/Pinyin/spelling(of:)``), read in
/// place: each ideograph is a piece with one alternative per reading, each
/// run of ASCII letters or of digits a piece with one.
struct PinyinSpelling {
    let letters: UnsafeBufferPointer<UInt8>
    /// Where each alternative starts in `letters`; an alternative ends where the next starts
    /// (less a `/` there, in the table's form).
    let bounds: UnsafeBufferPointer<Int32>
    /// For each piece, the index in `bounds` of its first alternative; then that of the end.
    let pieces: UnsafeBufferPointer<Int32>

    var count: Int { pieces.count - 1 }

    /// How many readings piece `index` has.
    @inline(__always)
    func alternativeCount(of index: Int) -> Int {
        Int(pieces[index + 1] - pieces[index])
    }

    /// The letters of one alternative of piece `index`.
    @inline(__always)
    func alternative(_ alternative: Int, of index: Int) -> UnsafeBufferPointer<UInt8> {
        let at = Int(pieces[index]) + alternative
        let start = Int(bounds[at])
        var end = Int(bounds[at + 1])
        if end > start, letters[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return UnsafeBufferPointer(rebasing: letters[start..<end])
    }

    /// The letters of every piece's most common reading, together (`xiaokule`).
    var joined: [UInt8] {
        (0..<count).flatMap { alternative(0, of: $0) }
    }

    /// The text as it most commonly reads, pieces separated by spaces: `xiao ku le`.
    var description: String {
        (0..<count).map { String(decoding: alternative(0, of: $0).map(FoldedBytes.fold), as: UTF8.self) }.joined(separator: " ")
    }

    /// Calls `body` with the spelling of the table's form, where each piece starts
    /// with an upper-case letter or is a run of digits, and each further reading
    /// of a piece follows a `/` (`XiaoKuLe`, `De/DiTu`, `AnJian10`); nil when
    /// `text` is empty. Letters are compared folded to lower case.
    static func reading<R>(_ text: UnsafeBufferPointer<UInt8>, _ body: (PinyinSpelling?) -> R) -> R {
        guard !text.isEmpty, text.count < 1024 else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * text.count + 2) { buffer in
            // An alternative starts at an upper-case letter, or at a digit after anything but a
            // digit; a piece starts with an alternative not after a `/`.
            var alternatives = 0, pieces = 0
            let pieceStarts = text.count + 1
            for index in 0..<text.count where text[index] &- 0x41 < 26
                || (text[index] &- 0x30 < 10 && (index == 0 || text[index - 1] &- 0x30 >= 10)) {
                if index == 0 || text[index - 1] != UInt8(ascii: "/") {
                    buffer[pieceStarts + pieces] = Int32(alternatives)
                    pieces += 1
                }
                buffer[alternatives] = Int32(index)
                alternatives += 1
            }
            guard alternatives > 0, buffer[0] == 0 else { return body(nil) }
            buffer[alternatives] = Int32(text.count)
            buffer[pieceStarts + pieces] = Int32(alternatives)
            let base = UnsafeBufferPointer(buffer)
            return body(PinyinSpelling(letters: text, bounds: UnsafeBufferPointer(rebasing: base[0...alternatives]),
                                       pieces: UnsafeBufferPointer(rebasing: base[pieceStarts...(pieceStarts + pieces)])))
        }
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
            FaceSearch.Pinyin.forEachReading(of: scalar) { reading in
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
            bounds.withUnsafeBufferPointer { bounds in
                pieces.withUnsafeBufferPointer { body(PinyinSpelling(letters: letters, bounds: bounds, pieces: UnsafeBufferPointer(rebasing: $0[range]))) }
            }
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
