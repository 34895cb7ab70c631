/// A fast path for the common catalog shape where every tag that starts with
/// `[` is a simple bracketed tag (`[` + text without brackets + `]`): the only
/// tag that can start at a `[` then ends at the next `]`, so matching is one
/// hash of the bracketed bytes instead of a trie walk.
struct BracketTagTable: Sendable {
    private let table: ByteKeyTable
    /// The longest bracketed tag, in bytes.
    private let longest: Int

    /// The table for `tags`, or nil if some tag starting with `[` is not simple.
    init?(tags: [(tag: String, face: Int32)]) {
        var pairs: [(key: [UInt8], value: Int32)] = []
        var longest = 0
        for (tag, face) in tags {
            let bytes = Array(tag.utf8)
            guard bytes.first == UInt8(ascii: "[") else { continue }
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "]"),
                  !bytes.dropFirst().dropLast().contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else { return nil }
            pairs.append((bytes, face))
            longest = max(longest, bytes.count)
        }
        table = ByteKeyTable(pairs)
        self.longest = longest
    }

    /// The tag starting at the `[` at `start`.
    @inline(__always)
    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> TagTrie.Match {
        let limit = min(bytes.count, start + longest)
        var index = start + 1
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") {
                let key = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...index]))
                guard let face = table.value(for: key) else { return .none }
                return .tag(length: index + 1 - start, face: face)
            }
            if byte == UInt8(ascii: "[") || byte == 0x0A { return .none }
            index += 1
        }
        return limit == bytes.count && bytes.count < start + longest && !isFinal ? .needMore : .none
    }
}
