#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FaceStats {
    /// Counts faces in groups of messages (by sender, by day, …): text comes
    /// line by line with the name of its group, and each group's counts are
    /// kept apart, keyed as ``FaceStats/Stream`` keys them.
    ///
    /// ```swift
    /// var groups = FaceStats.Groups(catalog: .default)
    /// groups.add(text, to: "小红")          // a message's text, or one line of it
    /// groups.stats                          // [("小红", FaceStats)], in the order groups were met
    /// ```
    ///
    /// Text is gathered and scanned 64 KiB at a time, each face counted in the
    /// group of the text it is in. A face never spans two calls (call once per
    /// line), but for the pieces of a line too long to hold whole: each piece
    /// but the last is added with `lineGoesOn`, and a face that spans the cut
    /// is counted once, whole. What is held: one count per group and face used
    /// in it, each group's name, and the text not yet scanned (of a line that
    /// goes on, a few hundred bytes at most are kept past a scan).
    public struct Groups: Sendable {
        public let catalog: FaceCatalog
        private let engine: ScanEngine
        private let separatesTones: Bool
        private var index: [String: Int] = [:]
        private var names: [String] = []
        private var last = -1
        private var recent: [(name: String, group: Int)] = []
        /// Text waiting to be scanned, and where each group's part of it starts.
        private var pending: [UInt8] = []
        private var starts: [(offset: Int, group: Int)] = []
        private var counts = GroupCounts()
        /// Whether the text added last goes on in the next call (a piece of a long line).
        private var open = false
        /// What comes before the text waiting, for the emoji that may start it (see ``ClusterContext``).
        private var context = ClusterContext.none

        /// Groups counting the faces `recognizing` selects, toned emoji as the face of their
        /// base unless `separatingTones` (as ``FaceStats/Stream`` does).
        public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all, separatingTones: Bool = false) {
            self.catalog = catalog
            engine = ScanEngine(catalog: catalog, recognized: recognized)
            separatesTones = separatingTones
        }

        /// How many groups have been met.
        public var count: Int { names.count }

        /// Counts the faces of `text` in group `name`; `lineGoesOn`: `text` is a piece of a
        /// line whose next piece comes in the next call, in the same group.
        public mutating func add(_ text: UnsafeBufferPointer<UInt8>, to name: String, lineGoesOn: Bool = false) {
            let group: Int
            if last >= 0, Self.sameBytes(names[last], name) {
                group = last
            } else if let known = recent.first(where: { Self.sameBytes($0.name, name) })?.group {
                group = known
            } else {
                group = self.group(named: name)
                // The groups met last: a chat takes turns among a few people.
                if recent.count == 16 { recent.removeFirst() }
                recent.append((name, group))
            }
            add(text, toGroup: group, lineGoesOn: lineGoesOn)
        }

        /// The number of group `name`, which ``add(_:toGroup:)`` takes: the
        /// groups' numbers count from 0 in the order they were first named.
        public mutating func group(named name: String) -> Int {
            if let known = index[name] { return known }
            index[name] = names.count
            names.append(name)
            return names.count - 1
        }

        /// Adds a group numbered after the others and named `name`, even when a group
        /// already has that name (``group(named:)`` finds the first): for the groups of
        /// a part of a log, whose counts ``merge(_:numbers:)`` adds by number.
        package mutating func appendGroup(named name: String) -> Int {
            if index[name] == nil { index[name] = names.count }
            names.append(name)
            return names.count - 1
        }

        /// Adds the counts of `part` (groups made with the same catalog and options):
        /// its group `g` to this one's group `numbers[g]`. (`part`'s text waiting is counted first.)
        package mutating func merge(_ part: inout Groups, numbers: [Int]) {
            precondition(numbers.count == part.names.count && numbers.allSatisfy { $0 >= 0 && $0 < names.count }, "a group not named")
            part.scan(final: true)
            counts.merge(part.counts, numbers: numbers)
        }

        /// Counts the text added and not yet counted (``merge(_:numbers:)`` does it too): for
        /// the groups of a part of a log, counted on one thread and merged on another.
        package mutating func countPending() { scan(final: true) }

        /// The number of group `name` if it has been named, else nil.
        public func existingGroup(named name: String) -> Int? { index[name] }

        /// Counts the faces of `text` in the group numbered `group` by ``group(named:)``;
        /// `lineGoesOn` as ``add(_:to:lineGoesOn:)`` takes it.
        public mutating func add(_ text: UnsafeBufferPointer<UInt8>, toGroup group: Int, lineGoesOn: Bool = false) {
            precondition(group >= 0 && group < names.count, "a group not named")
            // A line said to go on that goes on in another group ended where it stopped.
            if open && group != last { scan(final: true) }
            open = lineGoesOn
            if group != last || starts.isEmpty {
                starts.append((pending.count, group))
                last = group
            }
            pending.append(contentsOf: text)
            if pending.count >= 1 << 16 { scan() }
        }

        /// Whether two strings have the same bytes (what comparing them by canonical
        /// equivalence costs would show in the time of a chat log's every line).
        package static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a, b = b
            return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }
        }

        /// Each group's counts, in the order the groups were met.
        public var stats: [(group: String, stats: FaceStats)] {
            var groups = self
            groups.scan(final: true)
            return groups.counts.stats(names: names, catalog: catalog, separatesTones: separatesTones)
        }

        /// Counts the text waiting; of a line that goes on (unless `final`), all but its
        /// end where a face may go on, which is kept for the next scan.
        private mutating func scan(final: Bool = false) {
            guard !pending.isEmpty else { return }
            let engine = engine
            let isFinal = final || !open
            var context = context
            let used = starts.withUnsafeBufferPointer { starts in
                withUnsafeMutablePointer(to: &counts) { counts in
                    var sink = GroupSink(starts: starts, counts: counts)
                    var memo = ClusterMemo()
                    return pending.withUnsafeBufferPointer { engine.scan($0, isFinal: isFinal, memo: &memo, context: &context, into: &sink) }
                }
            }
            if used >= pending.count {
                pending.removeAll(keepingCapacity: true)
                starts.removeAll(keepingCapacity: true)
                self.context = .none
                if final { open = false }
                return
            }
            // The rest is of the line that goes on, and keeps its groups.
            let first = starts.lastIndex(where: { $0.offset <= used }) ?? 0
            starts = starts[first...].map { (max(0, $0.offset - used), $0.group) }
            pending.removeFirst(used)
            self.context = context
        }
    }
}

/// Counts by group: faces by group and index in a table of numbers, emoji
/// without a face and unknown tags in a table of byte keys (the group's number,
/// 4 bytes, whether an emoji, 1 byte, then the token's bytes).
private struct GroupCounts: Sendable {
    /// Keys `group << 32 | face`, plus one (0: an empty place), placed by hash
    /// and probed in turn; never more than half full.
    private var faceKeys = [UInt64](repeating: 0, count: 1024)
    private var faceCounts = [Int](repeating: 0, count: 1024)
    private var used = 0
    private var others = ByteCounts()

    @inline(__always)
    mutating func add(face: Int, group: Int, count: Int = 1) {
        let key = (UInt64(truncatingIfNeeded: group) << 32 | UInt64(truncatingIfNeeded: face)) + 1
        let mask = faceKeys.count - 1
        var place = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while true {
            let there = faceKeys[place]
            if there == key { faceCounts[place] += count; return }
            if there == 0 { break }
            place = (place + 1) & mask
        }
        faceKeys[place] = key
        faceCounts[place] = count
        used += 1
        if used * 2 > faceKeys.count { grow() }
    }

    private mutating func grow() {
        let (keys, counts) = (faceKeys, faceCounts)
        faceKeys = [UInt64](repeating: 0, count: keys.count * 2)
        faceCounts = [Int](repeating: 0, count: keys.count * 2)
        let mask = faceKeys.count - 1
        for (key, count) in zip(keys, counts) where key != 0 {
            var place = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while faceKeys[place] != 0 { place = (place + 1) & mask }
            (faceKeys[place], faceCounts[place]) = (key, count)
        }
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, isEmoji: Bool, group: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 + bytes.count) { key in
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: group).littleEndian) { for i in 0..<4 { key[i] = $0[i] } }
            key[4] = isEmoji ? 1 : 0
            _ = UnsafeMutableBufferPointer(rebasing: key[5...]).initialize(fromContentsOf: bytes)
            _ = others.add(UnsafeRawBufferPointer(key))
        }
    }

    /// Adds `other`'s counts, its group `g` counted as group `numbers[g]`.
    mutating func merge(_ other: GroupCounts, numbers: [Int]) {
        for (key, count) in zip(other.faceKeys, other.faceCounts) where key != 0 {
            add(face: Int((key - 1) & 0xFFFF_FFFF), group: numbers[Int((key - 1) >> 32)], count: count)
        }
        other.others.forEach { key, count in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { copy in
                _ = copy.initialize(from: key)
                let group = UInt32(truncatingIfNeeded: numbers[Self.group(ofKey: key)]).littleEndian
                withUnsafeBytes(of: group) { for i in 0..<4 { copy[i] = $0[i] } }
                others.add(UnsafeRawBufferPointer(copy), count: count)
            }
        }
    }

    /// The group number at the start of a key of ``others``.
    private static func group(ofKey key: UnsafeRawBufferPointer) -> Int {
        var group = 0
        for i in (0..<4).reversed() { group = group << 8 | Int(key[i]) }
        return group
    }

    func stats(names: [String], catalog: FaceCatalog, separatesTones: Bool) -> [(group: String, stats: FaceStats)] {
        // The catalog's fingerprint once: it hashes the whole catalog.
        let fingerprint = FaceStats.catalogFingerprint(catalog)
        var groups = names.map { ($0, FaceStats(counts: [:], catalog: fingerprint)) }
        for (key, count) in zip(faceKeys, faceCounts) where key != 0 {
            let face = Int((key - 1) & 0xFFFF_FFFF), group = Int((key - 1) >> 32)
            groups[group].1.add(key: catalog.faces[face].tag, count: count)
        }
        others.forEach { key, count in
            let group = Self.group(ofKey: key)
            let bytes = Array(key[5...])
            let name: String
            if key[4] == 0 {
                name = String(decoding: bytes, as: UTF8.self)
            } else if !separatesTones, let (face, _) = bytes.withUnsafeBytes({ SkinTones.face(of: $0, in: catalog) }) {
                name = catalog.faces[face].tag
            } else {
                name = String(decoding: EmojiKey.normalized(bytes), as: UTF8.self)
            }
            groups[group].1.add(key: name, count: count)
        }
        return groups
    }
}

/// Counts each face of a scanned buffer in the group of the text it is in.
/// (It holds pointers, as the engine's loops copy their sink.)
private struct GroupSink: TokenSink {
    let starts: UnsafeBufferPointer<(offset: Int, group: Int)>
    let counts: UnsafeMutablePointer<GroupCounts>
    private var next = 0
    private var group = 0

    init(starts: UnsafeBufferPointer<(offset: Int, group: Int)>, counts: UnsafeMutablePointer<GroupCounts>) {
        self.starts = starts
        self.counts = counts
    }

    /// The clusters of a run of emoji come one by one from the engine's run loop (faster on text dense with emoji).
    static var policy: SinkPolicy { SinkPolicy(runClusters: true) }

    mutating func willScan(from offset: Int) {}

    @inline(__always)
    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        guard token.kind != .text else { return }
        while next < starts.count, starts[next].offset <= token.start {
            group = starts[next].group
            next += 1
        }
        if let face = token.face.faceIndex {
            counts.pointee.add(face: face, group: group)
        } else {
            counts.pointee.add(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), isEmoji: token.kind == .emoji, group: group)
        }
    }
}
