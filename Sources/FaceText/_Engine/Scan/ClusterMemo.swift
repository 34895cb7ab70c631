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
        var face: FaceCode
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
        var face: FaceCode
    }

    /// The number of slots of ``shorts``.
    static let shortSlots = 4096

    /// Clusters of 9 to 32 bytes (ZWJ sequences, tag sequences), for sinks
    /// that take run clusters: sets of two, by their whole bytes (``longSet(_:)``),
    /// so that the dozens that begin with the same person and skin tone
    /// (👩🏽‍💻, 👩🏽‍🔬, 👩🏽‍❤️‍👨🏻…) do not crowd one set.
    private(set) var longs: [Long] = []

    /// A cluster of 9 to 32 bytes and its face, found by the matcher.
    struct Long: Sendable {
        /// Bytes 0–7, 8–15 and 16–23 (those past the cluster zero), and its last eight.
        var words: (UInt64, UInt64, UInt64, UInt64)
        var length: Int32
        var face: FaceCode
    }

    /// The number of sets of ``longs``: 16,384 clusters (640 KB), more than
    /// all the ZWJ and tag sequences there are in every spelling (with and
    /// without U+FE0F), which 2,048 sets held too few of.
    static let longSets = 8192
    /// For sinks that ask for them (``SinkPolicy/facelessNumbers``): the
    /// clusters without a face that were kept, by the number each got, which
    /// its entry gives as its face (see ``FaceCode/faceless(_:)``).
    private(set) var faceless = ByteCounts()

    /// Allocates the tables if they are not yet.
    mutating func prepare() {
        // An empty entry never matches: no bytes read as words (1, 1) with mask 0.
        if entries.isEmpty { entries = Array(repeating: Entry(first: 1, last: 1, mask: 0, length: 0, face: .noFace), count: 2 * Self.sets) }
        // No cluster's bytes read as all ones (FF is never in UTF-8).
        if shorts.isEmpty { shorts = Array(repeating: Short(key: ~0, face: .noFace), count: Self.shortSlots) }
        if longs.isEmpty { longs = Array(repeating: Long(words: (~0, ~0, ~0, ~0), length: 32, face: .noFace), count: 2 * Self.longSets) }
    }

    /// The memo's tables as the scan loops use them during one buffer's scan:
    /// one value, passed whole, instead of four arguments to every function.
    struct Tables {
        /// Clusters of up to 16 bytes, in sets of two (empty until ``prepare()``: no memo then).
        let entries: UnsafeMutableBufferPointer<Entry>
        /// See ``ClusterMemo/shorts``.
        let shorts: UnsafeMutableBufferPointer<Short>
        /// See ``ClusterMemo/longs``.
        let longs: UnsafeMutableBufferPointer<Long>
        /// The clusters without a face numbered so far (see ``ClusterMemo/faceless``).
        let faceless: UnsafeMutablePointer<ByteCounts>
    }

    /// Runs `body` with the tables (empty until ``prepare()``).
    @inline(__always)
    mutating func withTables<R>(_ body: (Tables) -> R) -> R {
        entries.withUnsafeMutableBufferPointer { entries in
            shorts.withUnsafeMutableBufferPointer { shorts in
                longs.withUnsafeMutableBufferPointer { longs in
                    withUnsafeMutablePointer(to: &faceless) { body(Tables(entries: entries, shorts: shorts, longs: longs, faceless: $0)) }
                }
            }
        }
    }

    /// How many bytes ``sequenceLength(at:)`` may read.
    static let sequenceWindow = 40

    /// The first entry of the set of ``longs`` for a cluster whose ``longWords(at:length:)`` are `words`.
    @inline(__always)
    static func longSet(_ words: (UInt64, UInt64, UInt64, UInt64)) -> Int {
        let key = words.0 ^ words.1 &* 0xFF51_AFD7_ED55_8CCD ^ words.2 &* 0xC4CE_B9FE_1A85_EC53 ^ words.3 &* 0x2545_F491_4F6C_DD1D
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 51) << 1     // the top 13 bits: 8192 sets
    }

    /// The length of the sequence at `raw` as its bytes spell it, for
    /// ``longSet(_:)``: pictographs of U+2000–U+2FFF and U+1F000–U+1FFFF,
    /// each maybe followed by U+FE0F or a skin tone, joined by U+200D; or a
    /// pictograph followed by tag characters. 0 for any other shape, or one
    /// longer than 32 bytes. (It only chooses where to look: what is found
    /// there was found by the matcher, and is compared whole.) Reads up to
    /// ``sequenceWindow`` bytes.
    @inline(__always)
    static func sequenceLength(at raw: UnsafeRawPointer) -> Int {
        var offset = 0
        while offset <= 32 {
            let unit = UInt32(littleEndian: raw.unalignedUnit(at: offset))
            if unit & 0xFFFF == 0x9FF0 {
                offset &+= 4
            } else if unit & 0xFF == 0xE2 {
                offset &+= 3
            } else {
                return 0
            }
            let next = UInt32(littleEndian: raw.unalignedUnit(at: offset))
            if next & 0xFF_FFFF == 0x8F_B8EF {
                offset &+= 3                                                    // U+FE0F
            } else if next & 0xFF_FFFF == 0x8F_9FF0 && next >> 24 >= 0xBB {
                offset &+= 4                                                    // a skin tone
            } else if next & 0xFFFF == 0xA0F3 {
                while offset <= 32 && UInt32(littleEndian: raw.unalignedUnit(at: offset)) & 0xFFFF == 0xA0F3 {
                    offset &+= 4                                                // tag characters
                }
                return offset <= 32 ? offset : 0
            }
            guard offset <= 32, UInt32(littleEndian: raw.unalignedUnit(at: offset)) & 0xFF_FFFF == 0x8D_80E2 else {
                return offset <= 32 ? offset : 0
            }
            offset &+= 3                                                        // U+200D
        }
        return 0
    }

    /// The words of ``Long`` for the `length` bytes (9–32) at `raw`.
    @inline(__always)
    static func longWords(at raw: UnsafeRawPointer, length: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let second = UInt64(littleEndian: raw.unalignedWord(at: 8))
        let third = UInt64(littleEndian: raw.unalignedWord(at: 16))
        return (UInt64(littleEndian: raw.unalignedWord()),
                second & mask(length: length &- 8),
                third & (length <= 16 ? 0 : mask(length: length &- 16)),
                UInt64(littleEndian: raw.unalignedWord(at: length &- 8)))
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
        let word = UInt64(littleEndian: raw.unalignedWord())
        let next = word >> 32 & 0xFF_FFFF
        // Chosen with a mask, not a branch: whether a skin tone or flag comes is as random as the text.
        let pair = UInt64(next & 0xFFF7_FFFF == 0x87_9FF0 ? 1 : 0)
        let key = word & (0xFFFF_FFFF | (0 &- pair) << 32)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) << 1     // the top 12 bits: 4096 sets
    }

    /// The bytes of a word that belong to a string of `length` bytes: all, from eight on.
    @inline(__always)
    static func mask(length: Int) -> UInt64 {
        WordMask.first(length)
    }

    /// The first and last eight of the `length` bytes at `raw`, with the bytes
    /// past `length` masked off (`mask`, from ``mask(length:)``) when it is
    /// under eight (the same word twice then).
    @inline(__always)
    static func words(at raw: UnsafeRawPointer, mask: UInt64, length: Int) -> (first: UInt64, last: UInt64) {
        let lastOffset = WordMask.lastWordOffset(length)
        let first = UInt64(littleEndian: raw.unalignedWord()) & mask
        let last = UInt64(littleEndian: raw.unalignedWord(at: lastOffset)) & mask
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
        length >= 3 && UInt32(littleEndian: raw.unalignedUnit(at: length - 3)) & 0xFF_FFFF == 0x8D_80E2
    }
}
