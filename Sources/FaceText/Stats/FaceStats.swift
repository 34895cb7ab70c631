/// Face counts: how often each face is used. A tag, its other spellings, its
/// emoji and its image references all count as one face, under the canonical
/// tag; an emoji with no face counts under itself (without U+FE0F).
///
/// ```swift
/// var stats = FaceStats(catalog: .default)
/// stats.add("好[哈哈]😃🚀")
/// stats.ranked   // [("[哈哈]", 2), ("🚀", 1)]
/// ```
///
/// Counts from parts of an input add up: ``merge(_:)`` of the stats of any
/// split equals the stats of the whole.
public struct FaceStats: Sendable, Equatable {
    /// The count of each face, by key (canonical tag, or emoji without U+FE0F).
    public private(set) var counts: [String: Int] = [:]
    /// The sum of all counts.
    public private(set) var total = 0
    /// Identifies the catalog the counts were made with (see ``catalogFingerprint(_:)``).
    public let catalog: String

    /// Empty counts for a catalog.
    public init(catalog: FaceCatalog) {
        self.catalog = Self.catalogFingerprint(catalog)
    }

    /// Counts read back from a partial result.
    public init(counts: [String: Int], catalog: String) {
        self.counts = counts.values.contains { $0 <= 0 } ? counts.filter { $0.value > 0 } : counts
        total = counts.values.reduce(0) { Self.saturating($0, $1) }
        self.catalog = catalog
    }

    /// Counts occurrences of a key. Counts and the total stop at `Int.max`
    /// rather than overflow (a command line that merges counts bounds them far lower).
    public mutating func add(key: String, count: Int = 1) {
        counts[key, default: 0] = Self.saturating(counts[key, default: 0], count)
        total = Self.saturating(total, count)
    }

    private static func saturating(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    /// Counts the faces in a whole string (keyed as ``FaceCounter`` keys them).
    public mutating func add(_ text: String, catalog: FaceCatalog = .default, recognizing: FaceScanner.Recognized = .all) {
        var stream = FaceStats.Stream(catalog: catalog, recognizing: recognizing)
        Array(text.utf8).withUnsafeBufferPointer { stream.feed($0) }
        stream.finish()
        merge(stream.stats)
    }

    /// Adds another set of counts (made with the same catalog).
    public mutating func merge(_ other: FaceStats) {
        if counts.isEmpty {
            // Nothing to add to: take the other's table as it is instead of hashing every key again.
            counts = other.counts
            total = Self.saturating(total, other.total)
            return
        }
        for (key, count) in other.counts { add(key: key, count: count) }
    }

    /// Keys with their counts, most used first; ties in key order (by Unicode scalar values).
    public var ranked: [(key: String, count: Int)] {
        // Compared as UTF-8 bytes: their order is the order of the scalars, and faster to find.
        ByteOrder.sorted(counts, byCount: true)
    }

    /// Keys with their counts in key order (by Unicode scalar values).
    public var inKeyOrder: [(key: String, count: Int)] {
        ByteOrder.sorted(counts, byCount: false)
    }

    /// A short fingerprint of a catalog's faces (tags and emoji), so counts made
    /// with different catalogs are never merged.
    public static func catalogFingerprint(_ catalog: FaceCatalog) -> String {
        var bytes: [UInt8] = []
        for face in catalog.faces {
            for tag in face.tags { bytes += Array(tag.utf8) + [0x1F] }
            bytes += Array((face.emoji ?? "").utf8) + [0x1E]
        }
        let hash = ByteKeyTable.fingerprint(bytes)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
