#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strings in the order of their UTF-8 bytes, which is the order of their
/// Unicode scalars: the order of stats keys, in tables and partial results.
enum ByteOrder {
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        // Native strings hold their UTF-8 contiguously: compared with memcmp.
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
        return (compared ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
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
            records.append(Record(count: byCount ? entry.value : 0, prefix: prefix(of: entry.key), index: index))
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

    /// The first eight UTF-8 bytes of `key` as a big-endian number, zero-filled.
    private static func prefix(of key: String) -> UInt64 {
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for byte in key.utf8.prefix(8) {
            prefix |= UInt64(byte) << shift
            shift &-= 8
        }
        return prefix
    }
}
