/// Emoji clusters met recently, by their first bytes: chat text repeats
/// a small set of emoji (and often the same one several times), so most
/// clusters in a run of emoji are found here with two word comparisons
/// instead of being read scalar by scalar.
///
/// An entry holds a cluster's bytes (up to 16) and the matcher's answer for
/// them. That answer holds wherever the same bytes come again and the scalar
/// after them does not extend a cluster: a cluster's extent and face depend
/// on nothing else. Clusters ending in a ZWJ, which a following pictograph
/// would join, are never kept.
///
/// Each stream keeps its own (``ChunkedScanner``), so it carries over from
/// chunk to chunk; the table is allocated on the first run of emoji. Two
/// more tables serve the run loop of sinks that take run clusters
/// (``shorts``: skin-tone pairs, flags and keycaps; ``longs``: clusters of
/// 9 to 32 bytes), each keyed by the cluster's bytes, as found by the matcher.
struct ClusterMemo: Sendable {
    struct Entry: Sendable {
        /// The first and last eight bytes of the cluster, as ``words(at:mask:length:)`` reads them.
        var first: UInt64
        var last: UInt64
        /// ``mask(length:)``, kept so that a lookup need not compute it.
        var mask: UInt64
        var length: Int32
        var face: Int32
    }

    /// Sets of two entries each (64 bytes): a cluster goes to one
    /// set, by its first bytes, and the newest two of that set are kept.
    static let sets = 4096
    /// The longest cluster kept, in bytes.
    static let longest = 16
    /// How many bytes must follow a cluster's start for the memo to be used there:
    /// the longest cluster and the scalar after it.
    static let window = 32

    private(set) var entries: [Entry] = []
    /// Short clusters of two scalars or a keycap (a skin tone, a flag), by
    /// their bytes, for sinks that take run clusters (see ``Short``).
    private(set) var shorts: [Short] = []

    /// A cluster of at most eight bytes and its face, found by the matcher.
    struct Short: Sendable {
        /// The cluster's bytes as a little-endian word, the bytes past it zero.
        var key: UInt64
        var face: Int32
    }

    /// The number of slots of ``shorts``.
    static let shortSlots = 4096

    /// Clusters of 9 to 32 bytes (ZWJ sequences, tag sequences), for sinks
    /// that take run clusters: sets of two, by their first eight bytes.
    private(set) var longs: [Long] = []

    /// A cluster of 9 to 32 bytes and its face, found by the matcher.
    struct Long: Sendable {
        /// Bytes 0–7, 8–15 and 16–23 (those past the cluster zero), and its last eight.
        var words: (UInt64, UInt64, UInt64, UInt64)
        var length: Int32
        var face: Int32
    }

    /// The number of sets of ``longs``.
    static let longSets = 1024
    /// For sinks that ask for them (``TokenSink/wantsFacelessIDs``): the
    /// clusters without a face that were kept, by the number each got, which
    /// its entry gives as its face (see ``face(forFaceless:)``).
    private(set) var faceless = ByteCounts()

    /// The face an entry gives for the cluster without a face numbered `id`:
    /// below every code the matcher uses, so that it reads as "no face" to
    /// everyone but a sink that asked for numbers.
    static func face(forFaceless id: Int) -> Int32 { -16 - Int32(id) }

    /// The number of a cluster without a face, from the face a token carries; nil for any other face.
    @inline(__always)
    static func facelessID(_ face: Int32) -> Int? { face <= -16 ? Int(-16 - face) : nil }

    /// Allocates the tables if they are not yet.
    mutating func prepare() {
        // An empty entry never matches: no bytes read as words (1, 1) with mask 0.
        if entries.isEmpty { entries = Array(repeating: Entry(first: 1, last: 1, mask: 0, length: 0, face: -1), count: 2 * Self.sets) }
        // No cluster's bytes read as all ones (FF is never in UTF-8).
        if shorts.isEmpty { shorts = Array(repeating: Short(key: ~0, face: -1), count: Self.shortSlots) }
        if longs.isEmpty { longs = Array(repeating: Long(words: (~0, ~0, ~0, ~0), length: 32, face: -1), count: 2 * Self.longSets) }
    }

    /// Runs `body` with the tables (empty until ``prepare()``): the entries,
    /// ``shorts`` and ``longs``; and the numbered clusters without a face.
    @inline(__always)
    mutating func withEntries<R>(_ body: (UnsafeMutableBufferPointer<Entry>, UnsafeMutableBufferPointer<Short>,
                                          UnsafeMutableBufferPointer<Long>, inout ByteCounts) -> R) -> R {
        entries.withUnsafeMutableBufferPointer { entries in
            shorts.withUnsafeMutableBufferPointer { shorts in longs.withUnsafeMutableBufferPointer { body(entries, shorts, $0, &faceless) } }
        }
    }

    /// The first entry of the set of ``longs`` for a cluster whose first eight bytes are `first`.
    @inline(__always)
    static func longSet(_ first: UInt64) -> Int {
        Int(truncatingIfNeeded: (first &* 0x9E37_79B9_7F4A_7C15) >> 54) << 1
    }

    /// The words of ``Long`` for the `length` bytes (9–32) at `raw`.
    @inline(__always)
    static func longWords(at raw: UnsafeRawPointer, length: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let third = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        return (UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                second & mask(length: length &- 8),
                third & (length <= 16 ? 0 : mask(length: length &- 16)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)))
    }

    /// The slot of ``shorts`` for a key.
    @inline(__always)
    static func shortSlot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)
    }

    /// The first entry of the set for the cluster starting at `raw`: from its
    /// first four bytes, and the four after when they are a skin tone or a
    /// regional indicator, so that 👍🏻 … 👍🏿 and the flags do not crowd one
    /// set. (Only the first eight bytes are read.)
    @inline(__always)
    static func set(at raw: UnsafeRawPointer) -> Int {
        let word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let next = word >> 32 & 0xFF_FFFF
        // Chosen with a mask, not a branch: whether a skin tone or flag comes is as random as the text.
        let pair = UInt64(next & 0xFFF7_FFFF == 0x87_9FF0 ? 1 : 0)
        let key = word & (0xFFFF_FFFF | (0 &- pair) << 32)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) << 1     // the top 12 bits: 4096 sets
    }

    /// The bytes of a word that belong to a string of `length` bytes: all, from eight on.
    @inline(__always)
    static func mask(length: Int) -> UInt64 {
        length >= 8 ? ~0 : (1 &<< UInt64(8 * length)) &- 1
    }

    /// The first and last eight of the `length` bytes at `raw`, with the bytes
    /// past `length` masked off (`mask`, from ``mask(length:)``) when it is
    /// under eight (the same word twice then).
    @inline(__always)
    static func words(at raw: UnsafeRawPointer, mask: UInt64, length: Int) -> (first: UInt64, last: UInt64) {
        let lastOffset = length >= 8 ? length - 8 : 0
        let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & mask
        let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: lastOffset, as: UInt64.self)) & mask
        return (first, last)
    }

    /// Whether a cluster of `length` bytes at `raw` may be kept.
    @inline(__always)
    static func keeps(_ raw: UnsafeRawPointer, length: Int) -> Bool {
        length <= longest && !endsInJoiner(raw, length: length)
    }

    /// Whether the `length` bytes at `raw` end in U+200D, which a pictograph
    /// after them would join (GB11): such a cluster is kept in no table.
    @inline(__always)
    static func endsInJoiner(_ raw: UnsafeRawPointer, length: Int) -> Bool {
        length >= 3 && UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: length - 3, as: UInt32.self)) & 0xFF_FFFF == 0x8D_80E2
    }
}
