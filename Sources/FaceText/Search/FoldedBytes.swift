/// Comparisons of UTF-8 text that ignore ASCII case, on bytes: the search's
/// query words are folded once, the catalog's and CLDR's text as it is read.
enum FoldedBytes {
    typealias Text = UnsafeBufferPointer<UInt8>

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether a byte is inside a word: an ASCII letter or digit, or any byte of a non-ASCII character.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    /// A tag without its outer brackets, `[…]` or `【…】` (when there is something between them).
    static func bare(_ tag: Text) -> Text {
        if tag.count > 2, tag.first == UInt8(ascii: "["), tag.last == UInt8(ascii: "]") {
            return Text(rebasing: tag[1..<tag.count - 1])
        }
        let open: [UInt8] = [0xE3, 0x80, 0x90], close: [UInt8] = [0xE3, 0x80, 0x91]  // 【 】
        if tag.count > 6, tag.prefix(3).elementsEqual(open), tag.suffix(3).elementsEqual(close) {
            return Text(rebasing: tag[3..<tag.count - 3])
        }
        return tag
    }

    /// What follows the first `: ` of a name (`China` of `flag: China`), or nil.
    static func qualified(_ name: Text) -> Text? {
        guard name.count > 2 else { return nil }
        for index in 0..<(name.count - 2) where name[index] == UInt8(ascii: ":") && name[index + 1] == UInt8(ascii: " ") {
            return Text(rebasing: name[(index + 2)...])
        }
        return nil
    }

    static func equal(_ text: Text, _ word: [UInt8]) -> Bool {
        text.count == word.count && hasPrefix(text, word)
    }

    static func hasPrefix(_ text: Text, _ word: [UInt8]) -> Bool {
        guard text.count >= word.count else { return false }
        for index in word.indices where fold(text[index]) != word[index] { return false }
        return true
    }

    /// Whether `text` has `byte` (an ASCII letter matching either case).
    @inline(__always)
    static func containsByte(_ text: Text, _ byte: UInt8) -> Bool {
        for index in 0..<text.count where fold(text[index]) == byte { return true }
        return false
    }

    static func contains(_ text: Text, _ word: [UInt8]) -> Bool {
        guard let first = word.first, text.count >= word.count else { return false }
        for start in 0...(text.count - word.count) where fold(text[start]) == first {
            if hasPrefix(Text(rebasing: text[start...]), word) { return true }
        }
        return false
    }

    /// Calls `body` with each word of `text` (runs of word bytes) until it returns true.
    static func anyWord(of text: Text, _ body: (Text) -> Bool) -> Bool {
        var start = 0
        while start < text.count {
            guard isWordByte(text[start]) else { start += 1; continue }
            var end = start + 1
            while end < text.count, isWordByte(text[end]) { end += 1 }
            if body(Text(rebasing: text[start..<end])) { return true }
            start = end
        }
        return false
    }

    /// Whether `text` and `word` are at most `limit` edits apart (the optimal
    /// string alignment distance of ``EditDistance``, ASCII case ignored in
    /// `text`), computed in place and given up once every path is over the limit.
    static func isClose(_ text: Text, _ word: [UInt8], limit: Int) -> Bool {
        guard abs(text.count - word.count) <= limit, text.count <= 64, word.count >= 2, text.count >= 2 else { return false }
        // One edit either leaves the first letter in place or moves the second
        // letter by at most one; the same holds for the last two, from the end.
        if limit == 1 {
            let (t0, t1, w0, w1) = (fold(text[0]), fold(text[1]), word[0], word[1])
            guard t0 == w0 || t1 == w1 || t0 == w1 || t1 == w0 else { return false }
            let (tz, ty, wz, wy) = (fold(text[text.count - 1]), fold(text[text.count - 2]), word[word.count - 1], word[word.count - 2])
            guard tz == wz || ty == wy || tz == wy || ty == wz else { return false }
        }
        let width = word.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var beforePrevious = 0, previous = width, current = 2 * width
            for j in 0..<width { rows[previous + j] = j }
            for i in 1...text.count {
                rows[current] = i
                var smallest = i
                let letter = fold(text[i - 1])
                for j in 1..<width {
                    var cost = min(rows[previous + j] + 1, rows[current + j - 1] + 1,
                                   rows[previous + j - 1] + (letter == word[j - 1] ? 0 : 1))
                    if i > 1, j > 1, letter == word[j - 2], fold(text[i - 2]) == word[j - 1] {
                        cost = min(cost, rows[beforePrevious + j - 2] + 1)
                    }
                    rows[current + j] = cost
                    smallest = min(smallest, cost)
                }
                if smallest > limit { return false }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return rows[previous + word.count] <= limit
        }
    }
}

extension FoldedBytes {
    /// Whether `text` equals `key` once U+FE0F (EF B8 8F) is left out of `text`.
    static func equalIgnoringSelector(_ text: Text, _ key: [UInt8]) -> Bool {
        var at = 0
        var index = 0
        while index < text.count {
            if index + 2 < text.count, text[index] == 0xEF, text[index + 1] == 0xB8, text[index + 2] == 0x8F {
                index += 3
                continue
            }
            guard at < key.count, key[at] == text[index] else { return false }
            at += 1
            index += 1
        }
        return at == key.count && !key.isEmpty
    }

    /// The scalar values of UTF-8 text.
    static func scalars(of text: Text) -> [UInt32] {
        String(decoding: text, as: UTF8.self).unicodeScalars.map(\.value)
    }
}
