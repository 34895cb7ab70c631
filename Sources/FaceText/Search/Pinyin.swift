extension FaceSearch {
    /// Mandarin readings of Chinese characters, for finding faces by pinyin.
    ///
    /// Each ideograph of the CJK Unified Ideographs block and its Extension A
    /// has every reading Unihan gives it, without tones, `ü` written `v`: the
    /// most common first (`kMandarin`), then those of the modern dictionary
    /// (`kXHC1983`) and of the large one (`kHanyuPinyin`). `地` → `de`, `di`;
    /// `笑` → `xiao`; `绿` → `lv`, `lu`. Ideographs outside those blocks have none.
    public enum Pinyin {
        /// The most common toneless reading of `scalar`, or nil if it is not an ideograph with one.
        public static func reading(of scalar: Unicode.Scalar) -> String? {
            readings(of: scalar).first
        }

        /// Every toneless reading of `scalar`, the most common first; empty if it is not an ideograph with one.
        public static func readings(of scalar: Unicode.Scalar) -> [String] {
            syllableNumbers(of: scalar.value).map { syllables[$0 - 1] }
        }

        /// The pieces a text is spelled with in pinyin: each ideograph's most
        /// common reading, each run of ASCII letters (lowercased) and each run of
        /// digits, in order; anything else, brackets and emoji included, is left
        /// out. `[笑cry]` → `xiao cry`, `按键10` → `an jian 10`.
        public static func spelling(of text: String) -> [String] {
            spelling(of: text, as: "")
        }

        /// The pieces of `text`'s spelling, each ideograph read the way the pinyin
        /// letters `typed` read it where they pass over it (`yin hang` for 银行 and
        /// `yinhang`), else by its most common reading.
        static func spelling(of text: String, as typed: String) -> [String] {
            var spellings = PinyinSpellings()
            var text = text
            text.withUTF8 { spellings.append($0) }
            let typed = Array(typed.utf8)
            return spellings.withSpelling(0, always: true) { spelling in
                let spelling = spelling!
                // How far the typed letters are read: a piece that takes none is read the common way.
                var at = 0
                return (0..<spelling.count).map { piece in
                    let choices = (0..<spelling.alternativeCount(of: piece)).map { spelling.alternative($0, of: piece) }
                    func common(_ letters: UnsafeBufferPointer<UInt8>) -> Int {
                        var length = 0
                        while length < letters.count, at + length < typed.count, letters[length] == typed[at + length] { length += 1 }
                        return length
                    }
                    let best = choices.indices.max { common(choices[$0]) < common(choices[$1]) } ?? 0
                    let length = common(choices[best])
                    at += length
                    return String(decoding: choices[length > 0 ? best : 0], as: UTF8.self)
                }
            }
        }

        /// The readings of the code point `value` as lowercase ASCII letters, the most common first; empty for none.
        static func syllableBytes(of value: UInt32) -> [[UInt8]] {
            var result: [[UInt8]] = []
            forEachReading(of: value) { result.append(Array($0)) }
            return result
        }

        /// The syllable numbers (from 1) of the readings of `value`.
        private static func syllableNumbers(of value: UInt32) -> [Int] {
            var result: [Int] = []
            forEachSyllable(of: value) { result.append($0) }
            return result
        }

        /// Calls `body` with the letters of each reading of `value`, the most common first.
        @inline(__always)
        static func forEachReading(of value: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            forEachSyllable(of: value) { body(letters(ofSyllable: $0)) }
        }

        /// The letters of syllable `number` (from 1), in place in ``syllableList``.
        @inline(__always)
        private static func letters(ofSyllable number: Int) -> UnsafeBufferPointer<UInt8> {
            let start = Int(syllableStarts[number - 1]), end = Int(syllableStarts[number])
            return UnsafeBufferPointer(start: syllableList.utf8Start + start, count: end - start - 1)
        }

        /// Calls `body` with the syllable number (from 1) of each reading of `value`, read from the tables.
        @inline(__always)
        private static func forEachSyllable(of value: UInt32, _ body: (Int) -> Void) {
            guard let set = setNumber(of: value) else { return }
            let count = syllableStarts.count - 1
            if set <= count { return body(set) }
            let line = set - count - 1
            let sets = readingSets.utf8Start
            var at = Int(setStarts[line])
            let end = Int(setStarts[line + 1]) - 1
            while at < end {
                body(Int(sets[at] &- 0x30) << 6 | Int(sets[at + 1] &- 0x30))
                at += 2
            }
        }

        /// The number (from 1) of the set of readings of `value`, or nil for none.
        private static func setNumber(of value: UInt32) -> Int? {
            var offset = 0
            for block in blocks {
                if block.contains(value) {
                    let at = offset + 3 * Int(value - block.lowerBound)
                    let start = readings.utf8Start
                    let number = (Int(start[at] &- 0x30) << 12) | (Int(start[at + 1] &- 0x30) << 6) | Int(start[at + 2] &- 0x30)
                    return number == 0 ? nil : number
                }
                offset += 3 * block.count + 1  // a line per block
            }
            return nil
        }

        private static let syllables: [String] = (1..<syllableStarts.count).map { String(decoding: letters(ofSyllable: $0), as: UTF8.self) }

        /// Where each syllable starts in ``syllableList``, and one past the end (as if a space followed the last).
        private static let syllableStarts: [Int32] = {
            var starts: [Int32] = [0]
            let count = syllableList.utf8CodeUnitCount
            for index in 0..<count where syllableList.utf8Start[index] == UInt8(ascii: " ") { starts.append(Int32(index + 1)) }
            starts.append(Int32(count + 1))
            return starts
        }()

        /// Where each line of ``readingSets`` starts, and one past the end (as if a newline followed the last).
        private static let setStarts: [Int32] = {
            var starts: [Int32] = [0]
            let count = readingSets.utf8CodeUnitCount
            for index in 0..<count where readingSets.utf8Start[index] == 0x0A { starts.append(Int32(index + 1)) }
            starts.append(Int32(count + 1))
            return starts
        }()
    }
}
