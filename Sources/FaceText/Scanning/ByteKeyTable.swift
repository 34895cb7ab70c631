#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash table from byte strings to face indices that can be
/// probed with bytes borrowed from the input, without building a key.
/// A class, so the hot path borrows its arrays instead of retaining them.
final class ByteKeyTable: Sendable {
    private let keys: [UInt8]
    private let slots: [Int32]          // index into `entries`, or -1
    private let entries: [(start: Int32, count: Int32, value: Int32, hash: UInt64)]
    private let mask: Int

    /// Builds a table; for a key given twice, the first value wins.
    init(_ pairs: [(key: [UInt8], value: Int32)]) {
        var size = 16
        while size < pairs.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var keys: [UInt8] = []
        var entries: [(start: Int32, count: Int32, value: Int32, hash: UInt64)] = []
        var seen: Set<[UInt8]> = []
        for (key, value) in pairs where seen.insert(key).inserted {
            let hash = key.withUnsafeBytes(Self.hash)
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entries.count)
            entries.append((Int32(keys.count), Int32(key.count), value, hash))
            keys.append(contentsOf: key)
        }
        self.keys = keys
        self.slots = slots
        self.entries = entries
        mask = size - 1
    }

    var count: Int { entries.count }

    /// A fast hash of a short byte string: its length mixed with its first and
    /// last eight bytes (keys here are tags and emoji, a few dozen bytes at most).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var first: UInt64 = 0, last: UInt64 = 0
        if count >= 8 {
            first = bytes.loadUnaligned(as: UInt64.self)
            last = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count { first |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            last = first
        }
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &+ UInt64(count) &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }

    /// The value stored for `key`, or nil.
    @inline(__always)
    func value(for key: UnsafeRawBufferPointer) -> Int32? {
        find(key, hash: Self.hash(key))
    }

    /// The value stored for `key`, or nil.
    func value(for key: [UInt8]) -> Int32? {
        key.withUnsafeBytes { value(for: $0) }
    }

    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Int32? {
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

    @inline(__always)
    private func equal(_ start: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        guard key.count > 0 else { return true }
        return keys.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, key.baseAddress!, key.count) == 0 }
    }

    /// FNV-1a over bytes, for fingerprints (stable across runs and machines).
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
