/// How a typed pinyin string matches the spelling of a Chinese text.
enum PinyinMatch: Int, Comparable {
    /// Every syllable typed in full, nothing more: `haha`, `ha ha` or `ha1ha1` for 哈哈.
    case complete
    /// From the first syllable, each syllable typed in full (the last may be
    /// cut short): `xiaoku` for 笑哭了.
    case spelled
    /// From the first syllable, some shortened to their first letters: `hh`, `xkl`, `xiaokl`.
    case abbreviated
    /// Any of these, starting at a later syllable: `ku` or `kl` for 笑哭了.
    case inside

    static func < (a: PinyinMatch, b: PinyinMatch) -> Bool { a.rawValue < b.rawValue }

    /// The best way `typed` (lowercase ASCII letters, ü as v) matches a
    /// spelling (``PinyinSpelling``), or nil. Each piece is consumed whole or
    /// by a leading part of it, in order, and the typed letters must all be used.
    static func best(_ typed: [UInt8], in spelling: PinyinSpelling) -> PinyinMatch? {
        let pieces = spelling.count
        guard !typed.isEmpty, typed.count <= 64, pieces > 0, pieces <= 64,
              (0..<pieces).contains(where: { same(typed[0], spelling.piece($0)[0]) }) else { return nil }
        // memo[(typed position) * (pieces + 1) + piece]: 0 unknown, 1 no match, 2 match with a shortened piece, 3 in full.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: (typed.count + 1) * (pieces + 1)) { memo in
            memo.initialize(repeating: 0)
            return best(typed, spelling, memo: memo)
        }
    }

    private static func best(_ typed: [UInt8], _ spelling: PinyinSpelling, memo: UnsafeMutableBufferPointer<UInt8>) -> PinyinMatch? {
        let pieces = spelling.count
        var best: PinyinMatch?
        func search(_ at: Int, _ piece: Int) -> UInt8 {
            if at == typed.count { return 3 }
            if piece == pieces { return 1 }
            let slot = at * (pieces + 1) + piece
            if memo[slot] != 0 { return memo[slot] }
            var result: UInt8 = 1
            let letters = spelling.piece(piece)
            var length = 0
            while length < letters.count, at + length < typed.count, same(typed[at + length], letters[length]) {
                length += 1
                if at + length == typed.count { result = 3; break }
                let rest = search(at + length, piece + 1)
                if rest == 1 { continue }
                result = max(result, length == letters.count ? rest : 2)
                if result == 3 { break }
            }
            memo[slot] = result
            return result
        }
        for start in 0..<pieces where same(typed[0], spelling.piece(start)[0]) {
            let found = search(0, start)
            guard found != 1 else { continue }
            let kind: PinyinMatch = start > 0 ? .inside : found == 2 ? .abbreviated
                : typed.count == spelling.letterCount ? .complete : .spelled
            if best == nil || kind < best! { best = kind }
            if start == 0 && kind != .abbreviated { break }
        }
        return best
    }

    /// Letters compare equal, and a typed `u` also stands for `ü` (`v`).
    @inline(__always)
    private static func same(_ typed: UInt8, _ letter: UInt8) -> Bool {
        let letter = FoldedBytes.fold(letter)
        return typed == letter || (typed == UInt8(ascii: "u") && letter == UInt8(ascii: "v"))
    }
}
