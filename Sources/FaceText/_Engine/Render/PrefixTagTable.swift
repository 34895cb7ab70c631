/// The tags of a catalog that start with one byte other than `[` (WeChat's
/// `/::)` and `/:rose`), for ``BracketRenderKernel``: the longest of them at a
/// position, found without the trie's walk, whose branches on each byte
/// mispredict as often as such tags follow each other.
///
/// Each tag has a slot of its own in a sparse table hashed by its bytes and
/// its length (a multiplier is chosen until no two tags share one), so one
/// probe tells whether the first `n` bytes at a position are a tag. Every
/// length that some tag has is probed, shortest first, and the last hit kept
/// without a branch: the longest match, as the trie gives it. Tags of up to
/// sixteen bytes only, read as two words.
struct PrefixTagTable: Sendable {
    private struct Entry {
        var key0: UInt64 = 0
        var key1: UInt64 = 0
        /// -1 for the empty entry at index 0, which matches nothing.
        var length: Int32 = -1
        var face: Int32 = -1
    }

    private let entries: [Entry]
    /// For each hash slot, an index into `entries` (0: none).
    private let slots: [UInt16]
    private let multiplier: UInt64
    private let shift: UInt64
    /// The lengths the tags have, shortest first, with the masks of the two words a key of that length keeps.
    private let lengths: [(length: Int, mask0: UInt64, mask1: UInt64)]

    /// A table of `tags` (the first pair for a tag wins, as in ``TagTrie``); nil
    /// when one is longer than sixteen bytes, or there are too many to give
    /// each a slot of its own.
    init?(tags: [(tag: [UInt8], face: Int32)]) {
        guard !tags.isEmpty, tags.count < 2048, tags.allSatisfy({ !$0.tag.isEmpty && $0.tag.count <= 16 }) else { return nil }
        var entries = [Entry()]
        var seen = ByteCounts()         // not a Set of arrays, whose conformance lookup costs a start-up more
        for (tag, face) in tags {
            guard tag.withUnsafeBytes({ seen.index(of: $0) == nil }) else { continue }
            tag.withUnsafeBytes { _ = seen.add($0, count: 0) }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                for (index, byte) in tag.enumerated() { raw[index] = byte }
            }
            entries.append(Entry(key0: UInt64(littleEndian: words.0), key1: UInt64(littleEndian: words.1),
                                 length: Int32(tag.count), face: face))
        }
        // 32 slots a tag: a multiplier that leaves no two tags in one slot comes within a few tries.
        var size = 64
        while size < entries.count * 32 { size *= 2 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var candidate: UInt64 = 0xD6E8_FEB8_6659_FD93
        for _ in 0..<256 {
            var slots = [UInt16](repeating: 0, count: size)
            var shared = false
            for index in 1..<entries.count {
                let entry = entries[index]
                let slot = BracketRenderKernel.slot(entry.key0, entry.key1, Int(entry.length), candidate, shift)
                if slots[slot] != 0 { shared = true; break }
                slots[slot] = UInt16(index)
            }
            if !shared {
                self.entries = entries
                self.slots = slots
                self.multiplier = candidate
                self.shift = shift
                lengths = Set(entries.dropFirst().map { Int($0.length) }).sorted().map {
                    ($0, WordMask.first($0), WordMask.first(WordMask.lastWordOffset($0)))
                }
                return
            }
            candidate = (candidate &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019) | 1
        }
        return nil
    }

    /// The longest tag that the bytes at `raw` start with (sixteen bytes must be
    /// readable there): its length and face, or nil.
    @inline(__always)
    func longestMatch(at raw: UnsafeRawPointer) -> (length: Int, face: Int32)? {
        let first = UInt64(littleEndian: raw.unalignedWord())
        let second = UInt64(littleEndian: raw.unalignedWord(at: 8))
        return entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeBufferPointer { slots in
                lengths.withUnsafeBufferPointer { lengths in
                    var best = 0
                    for (length, mask0, mask1) in lengths {
                        let key0 = first & mask0
                        let key1 = second & mask1
                        let index = Int(slots[BracketRenderKernel.slot(key0, key1, length, multiplier, shift)])
                        let entry = entries[index]
                        // Kept with a mask: which lengths hit is as random as the tags.
                        let hit = (entry.key0 ^ key0) | (entry.key1 ^ key1) | UInt64(truncatingIfNeeded: Int(entry.length) ^ length) == 0
                        let mask = 0 &- Int(unsafeBitCast(hit, to: UInt8.self))
                        best ^= (index ^ best) & mask
                    }
                    guard best != 0 else { return nil }
                    return (Int(entries[best].length), entries[best].face)
                }
            }
        }
    }
}
