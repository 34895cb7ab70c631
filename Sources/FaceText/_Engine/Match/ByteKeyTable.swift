#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash table from byte strings to face indices that can be
/// probed with bytes borrowed from the input, without building a key.
/// A class, so the hot path borrows its arrays instead of retaining them.
final class ByteKeyTable: Sendable {
    private struct Entry {
        /// The key's first and last eight bytes (``ShortKeyWords``): the whole key when it has at most 16.
        var words: ShortKeyWords
        var start: Int32
        var count: Int32
        var value: Int32
    }

    private let keys: [UInt8]
    private let slots: [Int32]          // index into `entries`, or -1
    private let entries: [Entry]
    private let mask: Int
    /// One bit per hash of the first four bytes of the keys that hold more
    /// than one scalar (see ``sequenceValue(for:)``): most emoji sequences
    /// met in text (skin tones, ZWJ sequences, flags, keycaps) are in no
    /// catalog, and are turned away here without a probe.
    private let sequenceStarts: [UInt64]

    /// Builds a table; for a key given twice, the first value wins.
    init(_ pairs: [(key: [UInt8], value: Int32)]) {
        // At most one slot in eight taken: nearly every probe then ends at its first slot, and the
        // scanner's branch on a further probe is not mispredicted (`stats` on all tags: -9% against one in two).
        var size = 16
        while size < pairs.count * 8 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var keys: [UInt8] = []
        var entries: [Entry] = []
        var sequenceStarts = [UInt64](repeating: 0, count: Self.sequenceStartBits / 64)
        keyLoop: for (key, value) in pairs {
            if key.count >= 4 && key.count > Self.scalarLength(lead: key[0]) {
                let bit = key.withUnsafeBytes { Self.sequenceStartBit($0.loadUnaligned(as: UInt32.self)) }
                sequenceStarts[bit >> 6] |= 1 << (bit & 63)
            }
            let words = key.withUnsafeBytes(ShortKeyWords.init)
            var slot = key.withUnsafeBytes { Int(truncatingIfNeeded: words.hash(of: $0)) } & (size - 1)
            while slots[slot] >= 0 {
                // A key given again is passed over (checked here rather than with a set of arrays, costly at start-up).
                let entry = entries[Int(slots[slot])]
                if entry.words == words && Int(entry.count) == key.count
                    && keys[Int(entry.start)..<Int(entry.start + entry.count)].elementsEqual(key) { continue keyLoop }
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(entries.count)
            entries.append(Entry(words: words, start: Int32(keys.count), count: Int32(key.count), value: value))
            keys.append(contentsOf: key)
        }
        self.keys = keys
        self.slots = slots
        self.entries = entries
        self.sequenceStarts = sequenceStarts
        mask = size - 1
    }

    /// The keys that start with `byte`, with their values, in the order they were given.
    func pairs(startingWith byte: UInt8) -> [(key: [UInt8], value: Int32)] {
        entries.filter { $0.count > 0 && keys[Int($0.start)] == byte }
            .map { (Array(keys[Int($0.start)..<Int($0.start + $0.count)]), $0.value) }
    }

    private static let sequenceStartBits = 4096

    /// The bit of ``sequenceStarts`` for a key's first four bytes, in memory order.
    @inline(__always)
    private static func sequenceStartBit(_ word: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt32(littleEndian: word) &* 0x9E37_79B1) >> 20)
    }

    /// How many bytes the UTF-8 scalar led by `lead` takes (1 for a byte that leads none).
    private static func scalarLength(lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    var count: Int { entries.count }

    /// A fast hash of a short byte string: its length mixed with its first and
    /// last eight bytes (keys here are tags and emoji, a few dozen bytes at most).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        ShortKeyWords(bytes).hash(of: bytes)
    }

    /// The value stored for `key`, or nil.
    @inline(__always)
    func value(for key: UnsafeRawBufferPointer) -> Int32? {
        let words = ShortKeyWords(key)
        var slot = Int(truncatingIfNeeded: words.hash(of: key)) & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                while true {
                    let index = Int(slots[slot])
                    guard index >= 0 else { return nil }
                    let entry = entries[index]
                    // Keys of up to 16 bytes are equal when their words are.
                    if entry.words == words && Int(entry.count) == key.count && (key.count <= 16 || equal(Int(entry.start), key)) {
                        return entry.value
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// ``value(for:)`` for a key of more than one scalar (an emoji sequence):
    /// nil at once when no such key of the table starts with its first four bytes.
    @inline(__always)
    func sequenceValue(for key: UnsafeRawBufferPointer) -> Int32? {
        guard key.count >= 4 else { return value(for: key) }
        let bit = Self.sequenceStartBit(key.loadUnaligned(as: UInt32.self))
        guard sequenceStarts.withUnsafeBufferPointer({ $0[bit >> 6] }) >> (bit & 63) & 1 != 0 else { return nil }
        return value(for: key)
    }

    /// The value stored for the key of `count` bytes (at most 16) whose
    /// ``ShortKeyWords`` are `words`, or nil: for callers that read the words themselves.
    /// (The probe of ``value(for:)`` without its long-key compare; one probe
    /// taking the compare as a closure measured 4% slower on emoji.)
    @inline(__always)
    func value(words: ShortKeyWords, count: Int) -> Int32? {
        var slot = Int(truncatingIfNeeded: words.hash(count: count)) & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                while true {
                    let index = Int(slots[slot])
                    guard index >= 0 else { return nil }
                    let entry = entries[index]
                    if entry.words == words && Int(entry.count) == count { return entry.value }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The value stored for `key`, or nil.
    func value(for key: [UInt8]) -> Int32? {
        key.withUnsafeBytes { value(for: $0) }
    }

    @inline(never)
    private func equal(_ start: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        keys.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, key.baseAddress!, key.count) == 0 }
    }

    /// FNV-1a over bytes, for fingerprints (stable across runs and machines).
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// The first and last eight bytes of a byte string (for one shorter than
/// eight, its bytes and zeros, twice): together with the length, a string
/// of at most 16 bytes is equal to another exactly when these are.
struct ShortKeyWords: Equatable, Sendable {
    var first: UInt64
    var last: UInt64

    @inline(__always)
    init(first: UInt64, last: UInt64) {
        self.first = first
        self.last = last
    }

    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        if count >= 8 {
            first = bytes.loadUnaligned(as: UInt64.self)
            last = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            var word: UInt64 = 0
            if count >= 4 {
                // Two overlapping loads: the bytes they share are the same.
                word = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
                    | UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))) << (8 * UInt64(count - 4))
            } else {
                for index in 0..<count { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            }
            first = word
            last = word
        }
    }

    /// The hash of `bytes`, whose words these are: ``hash(count:)`` for up
    /// to 16 bytes; longer strings mix in the bytes between their ends too,
    /// as long keys (ZWJ sequences) often share both ends.
    @inline(__always)
    func hash(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let short = hash(count: bytes.count)
        guard bytes.count > 16 else { return short }
        return Self.mixMiddle(bytes, into: short)
    }

    @inline(never)
    private static func mixMiddle(_ bytes: UnsafeRawBufferPointer, into start: UInt64) -> UInt64 {
        var hash = start
        var offset = 8
        while offset < bytes.count - 8 {
            // The last word may reach into the last eight bytes: they are hashed already, no harm.
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: min(offset, bytes.count - 16), as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 31
            offset += 8
        }
        return hash
    }

    /// The hash of the string these words came from, given its length (the whole string's for up to 16 bytes).
    @inline(__always)
    func hash(count: Int) -> UInt64 {
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &+ UInt64(count) &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
