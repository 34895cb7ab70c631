/// A fast path for the common catalog shape where every tag that starts with
/// `[` is a simple bracketed tag (`[` + text without brackets + `]`): the only
/// tag that can start at a `[` then ends at the next `]`, so matching is one
/// hash of the bracketed bytes instead of a trie walk.
struct BracketTagTable: Sendable {
    private let table: ByteKeyTable
    /// The longest bracketed tag, in bytes.
    private let longest: Int
    /// Every bracketed tag with its face, the first of any repeated tag only.
    let keys: [(key: [UInt8], face: Int32)]
    /// Whether every tag that ends with `]` starts with `[`: then the only tag
    /// that can end at a `]` is the one from the nearest `[` before it, and
    /// ``tagStart(endingAt:in:)`` finds it with one hash.
    let decidesTagEnds: Bool

    /// The table for `tags`, or nil if some tag starting with `[` is not simple.
    init?(tags: [(tag: String, face: Int32)]) {
        var pairs: [(key: [UInt8], value: Int32)] = []
        var seen = ByteCounts()         // hashes words, not byte by byte as a Set of arrays would (start-up)
        var longest = 0
        for (tag, face) in tags {
            let bytes = Array(tag.utf8)
            guard bytes.first == UInt8(ascii: "[") else { continue }
            // Nor a line feed, where ``match(in:at:isFinal:)`` stops looking for the `]`.
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "]"),
                  !bytes.dropFirst().dropLast().contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == 0x0A }) else {
                return nil
            }
            guard bytes.withUnsafeBytes({ seen.index(of: $0) == nil }) else { continue }
            bytes.withUnsafeBytes { _ = seen.add($0, count: 0) }
            pairs.append((bytes, face))
            longest = max(longest, bytes.count)
        }
        table = ByteKeyTable(pairs)
        keys = pairs.map { ($0.key, $0.value) }
        self.longest = longest
        decidesTagEnds = !tags.contains { $0.tag.utf8.last == UInt8(ascii: "]") && $0.tag.utf8.first != UInt8(ascii: "[") }
    }

    /// The start of the tag whose `]` is at `end - 1`, or nil if no tag ends
    /// there; only when ``decidesTagEnds`` (else a tag that does not start
    /// with `[` may end there too).
    func tagStart(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lowest = max(0, end - longest)
        // The nearest `[` or `]` before the `]` at `end - 1`: eight bytes at a time, the
        // first word ending with that `]` (left out), by the highest flag of the exact
        // zero-byte test; then byte by byte below the last word.
        var top = end
        var searched: UInt64 = 0x0080_8080_8080_8080
        while top - 8 >= lowest {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + (top - 8)).unalignedWord())
            let brackets = ByteSearch.exactZeroBytes(word ^ 0x5B5B_5B5B_5B5B_5B5B) | ByteSearch.exactZeroBytes(word ^ 0x5D5D_5D5D_5D5D_5D5D)
            let found = brackets & searched
            if found != 0 { return tagStart(at: top - 8 + (63 - found.leadingZeroBitCount) / 8, endingAt: end, in: bytes) }
            top -= 8
            searched = 0x8080_8080_8080_8080
        }
        var index = min(top, end - 1) - 1
        while index >= lowest {
            if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "]") {
                return tagStart(at: index, endingAt: end, in: bytes)
            }
            index -= 1
        }
        return nil
    }

    /// `index`, if its byte is the `[` of a tag of the table that ends at `end`
    /// (a `]` there: no tag of the table holds one inside).
    @inline(__always)
    private func tagStart(at index: Int, endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes[index] == UInt8(ascii: "[") else { return nil }
        let key = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[index..<end]))
        return table.value(for: key) == nil ? nil : index
    }

    /// The tag starting at the `[` at `start`.
    @inline(__always)
    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> TagTrie.Match {
        if start + 24 <= bytes.count, let (length, face) = shortMatch(in: bytes, at: start) {
            return face >= 0 ? .tag(length: length, face: face) : .none
        }
        let limit = min(bytes.count, start + longest)
        // The first `]`, `[` or line feed.
        var index = ByteSearch.firstIndex(ofAny: UInt8(ascii: "]"), UInt8(ascii: "["), 0x0A, in: bytes, from: start + 1, to: limit)
        guard index < limit else {
            return limit == bytes.count && bytes.count < start + longest && !isFinal ? .needMore : .none
        }
        guard bytes[index] == UInt8(ascii: "]") else { return .none }     // "[" or a line feed first
        index += 1
        let key = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        guard let face = table.value(for: key) else { return .none }
        return .tag(length: index - start, face: face)
    }

    /// For a tag of at most 16 bytes with 24 bytes readable at `start`: its
    /// length and face (-1 for bytes that are no tag), or nil for the general
    /// path. The `]` is found in two words and the key read as words, both
    /// without a branch on the tag's length, which is as random as the text.
    /// (A `[` or a line feed before the `]` makes bytes that are no key: no
    /// test for them.)
    @inline(__always)
    private func shortMatch(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, face: Int32)? {
        let raw = UnsafeRawPointer(bytes.baseAddress! + start)
        // The `]`'s offset from the `[`; 17 when the sixteen bytes after it hold none: a longer tag, or none.
        let stop = 1 &+ ByteSearch.firstIndex(of: UInt8(ascii: "]"), inWords: UInt64(littleEndian: raw.unalignedWord(at: 1)),
                                              UInt64(littleEndian: raw.unalignedWord(at: 9)))
        guard stop < 16 else { return nil }
        let length = stop + 1
        let mask = WordMask.first(length)
        let first = UInt64(littleEndian: raw.unalignedWord()) & mask
        let last = UInt64(littleEndian: raw.unalignedWord(at: WordMask.lastWordOffset(length))) & mask
        return (length, table.value(words: ShortKeyWords(first: first, last: last), count: length) ?? -1)
    }

}
