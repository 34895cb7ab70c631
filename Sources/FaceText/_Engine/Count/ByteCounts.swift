#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts of byte strings in an open-addressing table probed with bytes
/// borrowed from the input: a key is copied only the first time it is seen,
/// so counting a million emoji without faces allocates nothing per emoji.
struct ByteCounts: Sendable {
    private struct Entry {
        var words: ShortKeyWords
        var start: Int32
        var length: Int32
        var hash: UInt64
        var count: Int
    }

    /// Index into `entries` per slot, -1 for empty; twice as many slots as
    /// entries, at least, once the first key is added (none before: an empty
    /// tally allocates nothing).
    private var slots: [Int32] = []
    private var entries: [Entry] = []
    private var storage: [UInt8] = []

    /// Adds `count` to the tally of `key` (0 makes a new key known); returns
    /// the key's index, which is the order in which keys first came.
    @discardableResult
    mutating func add(_ key: UnsafeRawBufferPointer, count: Int = 1) -> Int {
        if slots.isEmpty { slots = [Int32](repeating: -1, count: 64) }
        let words = ShortKeyWords(key)
        let hash = words.hash(of: key)
        let (found, slot) = find(key, words, hash)
        if let found {
            entries[found].count += count
            return found
        }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(words: words, start: Int32(storage.count), length: Int32(key.count), hash: hash, count: count))
        storage.append(contentsOf: key)
        if entries.count * 2 > slots.count { grow() }
        return entries.count - 1
    }

    /// The index of `key` (as ``add(_:count:)`` gave it), or nil if it was never added.
    func index(of key: UnsafeRawBufferPointer) -> Int? {
        guard !slots.isEmpty else { return nil }
        let words = ShortKeyWords(key)
        return find(key, words, words.hash(of: key)).found
    }

    /// The index of `key` if it is in the table, and the slot where the probe for it ended.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, _ words: ShortKeyWords, _ hash: UInt64) -> (found: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                while true {
                    let index = Int(slots[slot])
                    if index < 0 { return (nil, slot) }
                    let entry = entries[index]
                    // Keys of up to 16 bytes are equal when their words are.
                    if entry.words == words && Int(entry.length) == key.count && (key.count <= 16 || equal(entry, key)) {
                        return (index, slot)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The number of keys.
    var count: Int { entries.count }

    /// The key at `index` (see ``add(_:count:)``).
    func key(at index: Int) -> [UInt8] {
        let entry = entries[index]
        return Array(storage[Int(entry.start)..<Int(entry.start + entry.length)])
    }

    @inline(never)
    private func equal(_ entry: Entry, _ key: UnsafeRawBufferPointer) -> Bool {
        storage.withUnsafeBufferPointer { memcmp($0.baseAddress! + Int(entry.start), key.baseAddress!, key.count) == 0 }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// Calls `body` with every key and its count, in the order keys first came.
    func forEach(_ body: (UnsafeRawBufferPointer, Int) -> Void) {
        storage.withUnsafeBytes { storage in
            for entry in entries {
                body(UnsafeRawBufferPointer(rebasing: storage[Int(entry.start)..<Int(entry.start + entry.length)]), entry.count)
            }
        }
    }
}
