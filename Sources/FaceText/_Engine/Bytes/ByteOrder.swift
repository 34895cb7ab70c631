#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strings and byte strings in the order of their bytes (for UTF-8, the order
/// of their Unicode scalars): the order of stats keys, in tables and partial
/// results, and of the keys a tag trie is laid out from.
enum ByteOrder {
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        // Native strings hold their UTF-8 contiguously: compared with memcmp.
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in compare(left, right) < 0 }
        }
        return (compared ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Negative, zero or positive as `lhs` sorts before, with or after `rhs`.
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(lhs.count, rhs.count)
        let order = common == 0 ? 0 : Int(memcmp(lhs.baseAddress!, rhs.baseAddress!, common))
        return order != 0 ? order : lhs.count - rhs.count
    }

    /// Keys and counts, sorted by `byCount` (most first) and then by key, or
    /// by key alone.
    ///
    /// Sorted as integers where that decides: each key's first eight bytes
    /// read as one big-endian number (zero after a short key's end) give the
    /// order of any two keys they differ in, so only keys that share their
    /// first eight bytes are compared byte by byte: one small record per key,
    /// no copy of its bytes (1.8 million distinct unknown tags sort in about
    /// half a second here).
    static func sorted(_ counts: [String: Int], byCount: Bool) -> [(key: String, count: Int)] {
        let entries = Array(counts)
        var records = [Record]()
        records.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            records.append(Record(count: byCount ? entry.value : 0, prefix: prefix(of: entry.key.utf8), index: index))
        }
        records.sort { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
            return precedes(entries[lhs.index].key, entries[rhs.index].key)
        }
        return records.map { (entries[$0.index].key, entries[$0.index].value) }
    }

    private struct Record {
        var count: Int
        var prefix: UInt64
        var index: Int
    }

    /// The first eight bytes of `key` as a big-endian number, zero-filled: two
    /// keys whose numbers differ sort as the numbers do.
    static func prefix(of key: some Sequence<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for byte in key.prefix(8) {
            prefix |= UInt64(byte) << shift
            shift &-= 8
        }
        return prefix
    }
}
