/// Mandarin readings of Chinese characters, for finding faces by pinyin.
///
/// Each ideograph of the CJK Unified Ideographs block and its Extension A
/// has its first Unihan `kMandarin` reading, without the tone, `ü` written
/// `v` (`笑` → `xiao`, `绿` → `lv`). Ideographs outside those blocks, and
/// polyphones' other readings, have none.
public enum Pinyin {
    /// The toneless reading of `scalar`, or nil if it is not an ideograph with one.
    public static func reading(of scalar: Unicode.Scalar) -> String? {
        number(of: scalar).map { syllables[$0 - 1] }
    }

    /// The pieces a text is spelled with in pinyin: each ideograph's reading,
    /// each run of ASCII letters (lowercased) and each run of digits, in order;
    /// anything else, brackets and emoji included, is left out. `[笑cry]` →
    /// `xiao cry`, `按键10` → `an jian 10`.
    public static func spelling(of text: String) -> [String] {
        var spellings = PinyinSpellings()
        var text = text
        text.withUTF8 { spellings.append($0) }
        return spellings.withSpelling(0, always: true) { spelling in
            (0..<spelling!.count).map { String(decoding: spelling!.piece($0), as: UTF8.self) }
        }
    }

    /// The reading of the code point `value` as lowercase ASCII letters, or nil.
    static func syllableBytes(of value: UInt32) -> [UInt8]? {
        guard let scalar = Unicode.Scalar(value), let number = number(of: scalar) else { return nil }
        return syllableLetters[number - 1]
    }

    /// The syllable number (from 1) of `scalar`'s reading, read from the table.
    private static func number(of scalar: Unicode.Scalar) -> Int? {
        var offset = 0
        for block in blocks {
            if block.contains(scalar.value) {
                let at = offset + 2 * Int(scalar.value - block.lowerBound)
                let start = readings.utf8Start
                let value = Int(start[at] &- 0x30) * 64 + Int(start[at + 1] &- 0x30)
                return value == 0 ? nil : value
            }
            offset += 2 * block.count + 1  // a line per block
        }
        return nil
    }

    private static let syllables: [String] = syllableLetters.map { String(decoding: $0, as: UTF8.self) }
    private static let syllableLetters: [[UInt8]] = UnsafeBufferPointer(start: syllableList.utf8Start, count: syllableList.utf8CodeUnitCount)
        .split(separator: UInt8(ascii: " ")).map(Array.init)
}
