/// How a typed pinyin string matches the spelling of a Chinese text.
enum PinyinMatch: Int, Comparable {
    /// Every syllable typed in full, nothing more: `haha`, `ha ha` or `ha1ha1` for 哈哈.
    case complete
    /// From the first syllable, each syllable typed in full (the last may be
    /// cut short): `xiaoku` for 笑哭了.
    case spelled
    /// Only the start of the first syllable: `xia` for 笑哭了.
    case firstSyllablePart
    /// The first letter of every syllable, nothing more: `hh` for 哈哈, `xkl` for 笑哭了.
    case initials
    /// From the first syllable, some shortened to their first letters: `xiaokl`, `xk` for 笑哭了.
    case abbreviated
    /// From a later syllable through the last, each syllable typed in full:
    /// `ditu` for 世界地图.
    case insideInFull
    /// Any of these, starting at a later syllable: `ku` or `kl` for 笑哭了.
    case inside

    static func < (a: PinyinMatch, b: PinyinMatch) -> Bool { a.rawValue < b.rawValue }

    /// The best way `typed` (lowercase ASCII letters, ü as v) matches a
    /// spelling (``PinyinSpelling``), or nil. Each piece is consumed whole or
    /// by a leading part of one of its readings, in order, and the typed
    /// letters must all be used. With `primaryOnly`, each ideograph is read by
    /// its most common reading only.
    static func best(_ typed: [UInt8], in spelling: PinyinSpelling, primaryOnly: Bool = false) -> PinyinMatch? {
        let pieces = spelling.count
        guard !typed.isEmpty, typed.count <= 64, pieces > 0, pieces <= 64,
              (0..<pieces).contains(where: { startsAlike(typed[0], spelling, $0, primaryOnly) }) else { return nil }
        // memo[(typed position) * (pieces + 1) + piece]: 0 unknown, 1 no match, 2 a match with a
        // shortened piece, 3 every piece in full, 4 every piece in full through the last.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: (typed.count + 1) * (pieces + 1)) { memo in
            memo.initialize(repeating: 0)
            return best(typed, spelling, primaryOnly, memo: memo)
        }
    }

    private static func best(_ typed: [UInt8], _ spelling: PinyinSpelling, _ primaryOnly: Bool,
                             memo: UnsafeMutableBufferPointer<UInt8>) -> PinyinMatch? {
        let pieces = spelling.count
        var best: PinyinMatch?
        func search(_ at: Int, _ piece: Int) -> UInt8 {
            if at == typed.count { return 3 }
            if piece == pieces { return 1 }
            let slot = at * (pieces + 1) + piece
            if memo[slot] != 0 { return memo[slot] }
            var result: UInt8 = 1
            alternatives: for alternative in 0..<(primaryOnly ? 1 : spelling.alternativeCount(of: piece)) {
                let letters = spelling.alternative(alternative, of: piece)
                var length = 0
                while length < letters.count, at + length < typed.count, same(typed[at + length], letters[length]) {
                    length += 1
                    let full = length == letters.count
                    let found: UInt8
                    if at + length == typed.count {
                        found = full && piece == pieces - 1 ? 4 : 3
                    } else {
                        let rest = search(at + length, piece + 1)
                        if rest == 1 { continue }
                        found = full ? rest : 2
                    }
                    result = max(result, found)
                    if result == 4 { break alternatives }
                }
            }
            memo[slot] = result
            return result
        }
        for start in 0..<pieces where startsAlike(typed[0], spelling, start, primaryOnly) {
            let found = search(0, start)
            guard found != 1 else { continue }
            var kind: PinyinMatch = start > 0 ? (found == 4 ? .insideInFull : .inside)
                : found == 2 ? .abbreviated : found == 4 ? .complete : .spelled
            if kind == .spelled, !(0..<(primaryOnly ? 1 : spelling.alternativeCount(of: 0))).contains(where: { alternative in
                let letters = spelling.alternative(alternative, of: 0)
                return letters.count <= typed.count && zip(typed, letters).allSatisfy { same($0, $1) }
            }) {
                kind = .firstSyllablePart
            }
            if kind == .abbreviated, typed.count == pieces,
               (0..<pieces).allSatisfy({ startsAlike(typed[$0], spelling, $0, primaryOnly) }) {
                kind = .initials
            }
            if best == nil || kind < best! { best = kind }
            if start == 0 && kind != .abbreviated { break }
        }
        return best
    }

    /// How the syllables of a Chinese word (each character's readings) sound
    /// like a spelling, syllable for syllable from its first piece: `.complete`
    /// when they are all of it, `.spelled` when they are its start; else nil.
    static func syllables(_ readings: [[[UInt8]]], in spelling: PinyinSpelling) -> PinyinMatch? {
        guard !readings.isEmpty, readings.count <= spelling.count else { return nil }
        for (index, choices) in readings.enumerated() {
            let alike = (0..<spelling.alternativeCount(of: index)).contains { alternative in
                let letters = spelling.alternative(alternative, of: index)
                return choices.contains { $0.elementsEqual(letters.lazy.map(FoldedBytes.fold)) }
            }
            guard alike else { return nil }
        }
        return readings.count == spelling.count ? .complete : .spelled
    }

    /// Whether some reading of piece `index` starts with the letter `typed`.
    private static func startsAlike(_ typed: UInt8, _ spelling: PinyinSpelling, _ index: Int, _ primaryOnly: Bool) -> Bool {
        (0..<(primaryOnly ? 1 : spelling.alternativeCount(of: index))).contains { same(typed, spelling.alternative($0, of: index)[0]) }
    }

    /// Letters compare equal, and a typed `u` also stands for `ü` (`v`).
    @inline(__always)
    private static func same(_ typed: UInt8, _ letter: UInt8) -> Bool {
        let letter = FoldedBytes.fold(letter)
        return typed == letter || (typed == UInt8(ascii: "u") && letter == UInt8(ascii: "v"))
    }
}
