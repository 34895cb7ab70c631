/// An open-addressing hash table from byte strings to face indices that can be
/// probed with bytes borrowed from the input, without building a key.
struct ByteKeyTable: Sendable {
    private var keys: [UInt8] = []
    private var slots: [Int32]          // index into `entries`, or -1
    private var entries: [(start: Int32, count: Int32, value: Int32, hash: UInt64)] = []
    private let mask: Int

    /// Builds a table; for a key given twice, the first value wins.
    init(_ pairs: [(key: [UInt8], value: Int32)]) {
        var size = 16
        while size < pairs.count * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        for (key, value) in pairs {
            let hash = Self.hash(key)
            var slot = Int(truncatingIfNeeded: hash) & mask
            var duplicate = false
            while slots[slot] >= 0 {
                let entry = entries[Int(slots[slot])]
                if entry.hash == hash && Array(keys[Int(entry.start)..<Int(entry.start + entry.count)]) == key {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if duplicate { continue }
            slots[slot] = Int32(entries.count)
            entries.append((Int32(keys.count), Int32(key.count), value, hash))
            keys.append(contentsOf: key)
        }
    }

    var count: Int { entries.count }

    /// FNV-1a over the bytes.
    @inline(__always)
    static func hash<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The value stored for `key`, or nil.
    func value<C: Collection<UInt8>>(for key: C) -> Int32? {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = entries[Int(slots[slot])]
            if entry.hash == hash && Int(entry.count) == key.count
                && keys[Int(entry.start)..<Int(entry.start + entry.count)].elementsEqual(key) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
