#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// One step of FNV-1a.
    @inline(__always)
    static func hashStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Whether the stored key at `start` equals `key` (same length checked by the caller).
    @inline(__always)
    private func equal<C: Collection<UInt8>>(_ start: Int, _ key: C) -> Bool {
        keys.withUnsafeBufferPointer { stored in
            let found = key.withContiguousStorageIfAvailable { candidate in
                memcmp(stored.baseAddress! + start, candidate.baseAddress!, candidate.count) == 0
            }
            return found ?? stored[start..<(start + key.count)].elementsEqual(key)
        }
    }

    /// FNV-1a over the bytes.
    @inline(__always)
    static func hash<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var hash = hashSeed
        for byte in bytes { hash = hashStep(hash, byte) }
        return hash
    }

    /// The value stored for `key`, or nil.
    func value<C: Collection<UInt8>>(for key: C) -> Int32? {
        value(for: key, hash: Self.hash(key))
    }

    /// The value stored for `key`, whose hash the caller computed, or nil.
    @inline(__always)
    func value<C: Collection<UInt8>>(for key: C, hash: UInt64) -> Int32? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = entries[Int(slots[slot])]
            if entry.hash == hash && Int(entry.count) == key.count && equal(Int(entry.start), key) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
