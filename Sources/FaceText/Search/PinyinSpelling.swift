/// The pinyin of a text, as pieces of letters (see ``Pinyin/spelling(of:)``),
/// read in place: lowercase letters and where each piece starts, or the
/// table's form, where each piece starts with an upper-case letter or is a run of
/// digits (`XiaoKuLe`, `AnJian10`).
/// Letters are compared folded to lower case.
struct PinyinSpelling {
    let letters: UnsafeBufferPointer<UInt8>
    /// Where each piece starts in `letters`, and the end of the last.
    let bounds: UnsafeBufferPointer<Int32>

    var count: Int { bounds.count - 1 }
    var letterCount: Int { Int(bounds[bounds.count - 1] - bounds[0]) }
    /// All the letters, pieces together.
    var joined: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: letters[Int(bounds[0])..<Int(bounds[bounds.count - 1])]) }

    func piece(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: letters[Int(bounds[index])..<Int(bounds[index + 1])])
    }

    /// The text as it reads, pieces in lower case separated by spaces: `xiao ku le`.
    var description: String {
        (0..<count).map { String(decoding: piece($0).map(FoldedBytes.fold), as: UTF8.self) }.joined(separator: " ")
    }

    /// Calls `body` with the spelling of the table's form (`XiaoKuLe`); nil when `text` is empty.
    static func reading<R>(_ text: UnsafeBufferPointer<UInt8>, _ body: (PinyinSpelling?) -> R) -> R {
        guard !text.isEmpty, text.count < 256 else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: text.count + 1) { bounds in
            // A piece starts at an upper-case letter, or at a digit after anything but a digit.
            var count = 0
            for index in 0..<text.count where text[index] &- 0x41 < 26
                || (text[index] &- 0x30 < 10 && (index == 0 || text[index - 1] &- 0x30 >= 10)) {
                bounds[count] = Int32(index)
                count += 1
            }
            guard count > 0, bounds[0] == 0 else { return body(nil) }
            bounds[count] = Int32(text.count)
            return body(PinyinSpelling(letters: text, bounds: UnsafeBufferPointer(rebasing: bounds[0...count])))
        }
}
}

/// The pinyin spellings of many texts, read once into shared buffers.
struct PinyinSpellings {
    private(set) var letters: [UInt8] = []
    /// Piece starts for every text in turn; text `n`'s are `bounds[firsts[n]...firsts[n + 1]]` minus the last.
    private var bounds: [Int32] = []
    private var firsts: [Int32] = [0]
    /// Whether each text has an ideograph with a reading.
    private var readable: [Bool] = []

    var count: Int { firsts.count - 1 }

    /// Reads `text` (UTF-8) as the next text.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        var hasReading = false
        var inWord = false
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if FoldedBytes.isWordByte(byte) {
                    // Runs of letters and runs of digits are pieces of their own.
                    if !inWord || (byte &- 0x30 < 10) != (letters.last! &- 0x30 < 10) { bounds.append(Int32(letters.count)) }
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
            if let syllable = Pinyin.syllableBytes(of: scalar) {
                hasReading = true
                bounds.append(Int32(letters.count))
                letters.append(contentsOf: syllable)
            }
        }
        bounds.append(Int32(letters.count))
        firsts.append(Int32(bounds.count))
        readable.append(hasReading)
    }

    /// Calls `body` with the spelling of text `index`, or with nil if the text
    /// has no ideograph with a reading (unless `always`).
    func withSpelling<R>(_ index: Int, always: Bool = false, _ body: (PinyinSpelling?) -> R) -> R {
        guard readable[index] || always else { return body(nil) }
        let range = Int(firsts[index])..<Int(firsts[index + 1])
        return letters.withUnsafeBufferPointer { letters in
            bounds.withUnsafeBufferPointer { body(PinyinSpelling(letters: letters, bounds: UnsafeBufferPointer(rebasing: $0[range]))) }
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
