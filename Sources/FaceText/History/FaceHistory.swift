/// A person's recently used faces, as a chat keyboard's "常用表情" page keeps
/// them: for each face (its canonical tag, or an emoji without a face) when it
/// was last used and how many times.
///
/// Recording a use updates the face's time and count if it is there, else
/// inserts it; past ``limit`` faces, the least recently used are dropped.
/// Times are whole seconds since 1970 (UTC), passed in, so that a caller (or a
/// test) owns the clock.
///
/// ```swift
/// var history = FaceHistory()
/// history.record("[哈哈]", at: 1_764_633_600)
/// history.record("[心]", at: 1_764_633_660)
/// history.record("[哈哈]", at: 1_764_633_720)
/// history.ordered(by: .recent).map(\.key)    // ["[哈哈]", "[心]"]
/// ```
public struct FaceHistory: Sendable, Equatable {
    /// One face's use.
    public struct Entry: Sendable, Equatable {
        /// The canonical tag, or the emoji for an emoji without a face, as recorded.
        public var key: String
        /// When it was last used, in seconds since 1970 (UTC).
        public var lastUsed: Int64
        /// How many times it was used.
        public var count: Int

        public init(key: String, lastUsed: Int64, count: Int) {
            self.key = key
            self.lastUsed = lastUsed
            self.count = count
        }
    }

    /// How to list the faces.
    public enum Order: String, Sendable, CaseIterable {
        /// Newest first.
        case recent
        /// Most used first.
        case count
        /// Uses weighted by age, highest first: each face scores its count times
        /// 100 if last used within 4 days, 70 within 14, 50 within 31, 30 within
        /// 90, else 10 (the buckets Firefox's frecency uses).
        case frecency
    }

    /// The most faces kept; recording past it drops the least recently used.
    public var limit: Int {
        didSet {
            if limit < 1 { limit = 1 }
            trim()
        }
    }

    /// The faces, in no particular order (see ``ordered(by:now:)``).
    public private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

    /// An empty history of at most `limit` faces (at least 1).
    public init(limit: Int = 1_000) {
        self.limit = max(1, limit)
    }

    /// The entry of `key`, if it was used.
    public subscript(key: String) -> Entry? {
        positions[key].map { entries[$0] }
    }

    /// Records `count` uses of `key` at `time`: updates its time (to the later
    /// of the two) and count if it is there, else inserts it. Counts saturate.
    public mutating func record(_ key: String, at time: Int64, count: Int = 1) {
        guard count > 0 else { return }
        if let index = positions[key] {
            entries[index].lastUsed = max(entries[index].lastUsed, time)
            entries[index].count = entries[index].count.addingReportingOverflow(count).overflow ? .max : entries[index].count + count
        } else {
            positions[key] = entries.count
            entries.append(Entry(key: key, lastUsed: time, count: count))
            trim()
        }
    }

    /// Removes `key`; false if it was not there.
    @discardableResult
    public mutating func forget(_ key: String) -> Bool {
        guard let index = positions.removeValue(forKey: key) else { return false }
        entries.remove(at: index)
        reindex()
        return true
    }

    /// Removes every face.
    public mutating func clear() {
        entries.removeAll()
        positions.removeAll()
    }

    /// The faces in `order`; ties go to the more recent, then by key. `now` is
    /// the time ``Order/frecency`` measures ages from.
    public func ordered(by order: Order, now: Int64 = 0) -> [Entry] {
        func newer(_ a: Entry, _ b: Entry) -> Bool {
            a.lastUsed != b.lastUsed ? a.lastUsed > b.lastUsed : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }
        switch order {
        case .recent:
            return entries.sorted(by: newer)
        case .count:
            return entries.sorted { $0.count != $1.count ? $0.count > $1.count : newer($0, $1) }
        case .frecency:
            let scored = entries.map { ($0, Self.frecency($0, now: now)) }
            return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : newer($0.0, $1.0) }.map(\.0)
        }
    }

    /// A face's frecency score (see ``Order/frecency``), saturating.
    public static func frecency(_ entry: Entry, now: Int64) -> Int {
        let days = (now - entry.lastUsed) / 86_400
        let weight = days <= 4 ? 100 : days <= 14 ? 70 : days <= 31 ? 50 : days <= 90 ? 30 : 10
        let (score, overflow) = entry.count.multipliedReportingOverflow(by: weight)
        return overflow ? .max : score
    }

    /// Drops the least recently used faces beyond ``limit``.
    private mutating func trim() {
        guard entries.count > limit else { return }
        let kept = ordered(by: .recent).prefix(limit)
        entries = Array(kept)
        reindex()
    }

    private mutating func reindex() {
        positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($0.element.key, $0.offset) })
    }
}
