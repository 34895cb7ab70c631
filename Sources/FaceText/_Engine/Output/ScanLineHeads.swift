#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of `facetext scan` lines that depend only on the face and its
/// text, for the texts met so far: the head `{"kind":…,"text":…,"tag":…,
/// "emoji":…,"image":…` and the tail `,"length":N}` + line feed. Built once per
/// distinct text, then copied: a chat log repeats a few hundred faces.
///
/// A table of sets of two slots (2,048 sets, doubled up to 16,384 when
/// more texts come than it holds: every emoji there is, say), each set found
/// from a hash of the kind, face and whole text, points into one store of parts
/// (1 MiB, emptied with the table when full). A slot holds its text's kind,
/// face, length and first and last eight bytes, and is used only when all
/// of them are the token's (and, past 16 bytes, the middle of the text its
/// head holds too): the parts are exact or not used, and two spellings of
/// one face of the same length each keep a slot of the set.
///
/// An emoji without a face that its stream's scanner numbered (see
/// ``FaceCode/faceless(_:)``) is found by its number instead, in a
/// table of ``numbers`` entries: no hash, no compare. The numbers are
/// those of one stream: ``forgetNumbers()`` when another starts.
final class ScanLineHeads {
    /// The longest text kept; longer faces (rare: image references) are written piece by piece.
    static let longestText = 64
    /// Bytes after the store that a copy of its last part may read (see ``ByteWriter/put(_:copyingUpTo:)``).
    static let slack = 128
    private static let firstSlotBits = 12, mostSlotBits = 15
    private static let storeCapacity = 1 << 20
    /// How many numbered emoji the table by number holds (a stream numbers no more for `scan`).
    static let numbers = 1 << 14

    /// A head and its tail, end to end in the store.
    struct Parts {
        var head: UnsafeBufferPointer<UInt8>
        var tail: UnsafeBufferPointer<UInt8>
    }

    private struct Slot {
        /// The text's length, kind and face+1 (see ``key(_:face:count:)``); 0 when empty.
        var key: UInt64 = 0
        /// The text's first and last eight bytes (``ends(_:_:)``): all of it up to 16 bytes.
        var ends: (UInt64, UInt64) = (0, 0)
        var start: UInt32 = 0
        var headCount: UInt16 = 0
        /// Where the text starts in the head.
        var textOffset: UInt8 = 0
        var tailCount: UInt8 = 0
    }

    private var slots: UnsafeMutablePointer<Slot>
    /// Parts by number (see ``parts(number:)``).
    private let byNumber: UnsafeMutablePointer<Numbered>

    /// Where the parts of a numbered emoji are in the store; a head count of 0 for none.
    private struct Numbered {
        var start: UInt32 = 0
        var headCount: UInt16 = 0
        var tailCount: UInt8 = 0
    }
    private var slotBits = ScanLineHeads.firstSlotBits
    /// Parts kept since the table last grew or was emptied.
    private var keeps = 0
    private let store: UnsafeMutablePointer<UInt8>
    private var used = 0

    init() {
        slots = .allocate(capacity: 1 << Self.firstSlotBits)
        slots.initialize(repeating: Slot(), count: 1 << Self.firstSlotBits)
        store = .allocate(capacity: Self.storeCapacity + Self.slack)
        store.initialize(repeating: 0, count: Self.storeCapacity + Self.slack)
        byNumber = .allocate(capacity: Self.numbers)
        byNumber.initialize(repeating: Numbered(), count: Self.numbers)
    }

    deinit {
        slots.deallocate()
        store.deallocate()
        byNumber.deallocate()
    }

    /// The parts kept for the emoji without a face numbered `number`, if any.
    @inline(__always)
    func parts(number: Int) -> Parts? {
        guard number < Self.numbers else { return nil }
        let entry = byNumber[number]
        guard entry.headCount > 0 else { return nil }
        return Self.parts(store + Int(entry.start), Int(entry.headCount), Int(entry.tailCount))
    }

    /// Finds `parts` (kept in this table's store) by `number` from now on.
    func remember(_ parts: Parts, number: Int) {
        guard number < Self.numbers else { return }
        byNumber[number] = Numbered(start: UInt32(store.distance(to: UnsafeMutablePointer(mutating: parts.head.baseAddress!))),
                                    headCount: UInt16(parts.head.count), tailCount: UInt8(parts.tail.count))
    }

    /// Forgets every number: a new stream numbers its emoji afresh.
    func forgetNumbers() {
        byNumber.update(repeating: Numbered(), count: Self.numbers)
    }

    /// The parts kept for this kind, face and text, if any.
    @inline(__always)
    func parts(kind: UInt8, face: FaceCode, text: UnsafeBufferPointer<UInt8>, readable: Int) -> Parts? {
        let count = text.count
        guard count > 0, count <= Self.longestText else { return nil }
        let key = Self.key(kind, face: face, count: count)
        let ends = Self.ends(UnsafeRawPointer(text.baseAddress!), count, readable: readable)
        let set = Self.index(key, ends, Self.middle(UnsafeRawPointer(text.baseAddress!), count), slotBits)
        var slot = slots[set]
        if slot.key != key || slot.ends != ends {
            slot = slots[set + 1]
            guard slot.key == key, slot.ends == ends else { return nil }
        }
        let head = store + Int(slot.start)
        // Beyond 16 bytes, the middle of the text is compared too.
        guard count <= 16 || memcmp(head + Int(slot.textOffset), text.baseAddress!, count) == 0 else { return nil }
        return Self.parts(head, Int(slot.headCount), Int(slot.tailCount))
    }

    /// Keeps the parts that `build` writes and returns them (`readable` as
    /// for ``parts(kind:face:text:readable:)``). `build` writes
    /// at most `maximumCount` bytes, the head then the tail, and returns where
    /// the text starts in the head and the head's size. The text must need
    /// no JSON escape and be 1 to ``longestText`` bytes.
    func keep(kind: UInt8, face: FaceCode, text: UnsafeBufferPointer<UInt8>, readable: Int, maximumCount: Int,
              _ build: (inout ByteWriter) -> (textOffset: Int, headCount: Int)) -> Parts {
        if used + maximumCount > Self.storeCapacity {
            used = 0
            keeps = 0
            slots.update(repeating: Slot(), count: 1 << slotBits)
            forgetNumbers()
        } else if keeps >= 1 << (slotBits - 1) && slotBits < Self.mostSlotBits {
            grow()
        }
        keeps += 1
        let start = store + used
        var writer = ByteWriter(at: start)
        let (textOffset, headCount) = build(&writer)
        let key = Self.key(kind, face: face, count: text.count)
        let ends = Self.ends(UnsafeRawPointer(text.baseAddress!), text.count, readable: readable)
        // The newer of a set's two slots is the first; the older is dropped.
        let set = Self.index(key, ends, Self.middle(UnsafeRawPointer(text.baseAddress!), text.count), slotBits)
        slots[set + 1] = slots[set]
        slots[set] = Slot(key: key, ends: ends, start: UInt32(used), headCount: UInt16(headCount),
                          textOffset: UInt8(textOffset), tailCount: UInt8(writer.count - headCount))
        used += writer.count
        return Self.parts(start, headCount, writer.count - headCount)
    }

    /// Doubles the table, moving the slots in use to their sets in it.
    private func grow() {
        let old = slots, oldCount = 1 << slotBits
        slotBits += 1
        keeps = 0
        slots = .allocate(capacity: 1 << slotBits)
        slots.initialize(repeating: Slot(), count: 1 << slotBits)
        // Older slots (the second of each set) first, so that newer ones stay first where two meet.
        for offset in [1, 0] {
            for index in stride(from: offset, to: oldCount, by: 2) where old[index].key != 0 {
                // The text's middle is read where the head holds it.
                let text = UnsafeRawPointer(store + Int(old[index].start) + Int(old[index].textOffset))
                let set = Self.index(old[index].key, old[index].ends, Self.middle(text, Int(old[index].key & 0xFF)), slotBits)
                slots[set + 1] = slots[set]
                slots[set] = old[index]
            }
        }
        old.deallocate()
    }

    @inline(__always)
    private static func parts(_ start: UnsafeMutablePointer<UInt8>, _ headCount: Int, _ tailCount: Int) -> Parts {
        Parts(head: UnsafeBufferPointer(start: start, count: headCount),
              tail: UnsafeBufferPointer(start: start + headCount, count: tailCount))
    }

    @inline(__always)
    private static func key(_ kind: UInt8, face: FaceCode, count: Int) -> UInt64 {
        UInt64(count) | UInt64(kind) << 8 | UInt64(UInt32(bitPattern: face.rawValue &+ 1)) << 16
    }

    /// The first slot of the set of two where this text may be kept.
    @inline(__always)
    private static func index(_ key: UInt64, _ ends: (UInt64, UInt64), _ middle: UInt64, _ slotBits: Int) -> Int {
        let mixed = (ends.0 ^ (ends.1 << 29 | ends.1 >> 35) ^ key ^ middle) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> UInt64(64 &- slotBits)) & ~1     // slotBits is 12 to 15
    }

    /// A hash of the bytes between a text's first and last eight (0 for a
    /// text of 16 bytes or fewer), so that texts alike at both ends (👨‍👩‍👧‍👦
    /// and 👨‍👨‍👧‍👦; 👨‍🦽‍➡️, 👨‍🦼‍➡️ and 👨‍🦯‍➡️) are kept in different
    /// sets instead of taking each other's place in one.
    @inline(__always)
    private static func middle(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
        count > 16 ? longMiddle(bytes, count) : 0
    }

    /// ``middle(_:_:)`` of a text over 16 bytes: a call of its own, so that
    /// the lookup of a short text stays small enough to be inlined.
    @inline(never)
    private static func longMiddle(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var hash: UInt64 = 0
        var offset = 8
        while offset < count &- 8 {
            hash = (hash ^ UInt64(littleEndian: bytes.unalignedWord(at: offset))) &* 0xFF51_AFD7_ED55_8CCD
            offset &+= 8
        }
        return hash
    }

    /// The first and last eight of the `count` (≥ 1) bytes at `bytes`, with
    /// the bytes past `count` zeroed when it is under eight (the same word
    /// twice then): with the count, all of them when `count` is at most 16.
    /// Without branches on the count when eight bytes may be read (`readable`
    /// is how many may), so that texts of mixed lengths cost no mispredictions.
    @inline(__always)
    private static func ends(_ bytes: UnsafeRawPointer, _ count: Int, readable: Int) -> (UInt64, UInt64) {
        guard readable >= 8 else { return endsByBytes(bytes, count) }
        let mask = WordMask.first(count)
        let lastOffset = WordMask.lastWordOffset(count)
        return (UInt64(littleEndian: bytes.unalignedWord()) & mask,
                UInt64(littleEndian: bytes.unalignedWord(at: lastOffset)) & mask)
    }

    /// ``ends(_:_:readable:)`` at the end of a buffer, where fewer than eight
    /// bytes may be read: the same words, read byte by byte (a call of its
    /// own, so that the lookup stays small enough to be inlined).
    @inline(never)
    private static func endsByBytes(_ bytes: UnsafeRawPointer, _ count: Int) -> (UInt64, UInt64) {
        var word: UInt64 = 0
        for index in 0..<min(count, 8) { word |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) << (8 * index) }
        return (word, word)
    }
}
