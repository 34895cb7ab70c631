#if canImport(Glibc)
import Glibc
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
    /// line). What is held: one count per group and face used in it, each
    /// group's name, and the text not yet scanned.
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

        /// Groups counting the faces `recognizing` selects, toned emoji as the face of their
        /// base unless `separatingTones` (as ``FaceStats/Stream`` does).
        public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all, separatingTones: Bool = false) {
            self.catalog = catalog
            engine = ScanEngine(catalog: catalog, recognized: recognized)
            separatesTones = separatingTones
        }

        /// How many groups have been met.
        public var count: Int { names.count }

        /// Counts the faces of `text` in group `name`.
        public mutating func add(_ text: UnsafeBufferPointer<UInt8>, to name: String) {
            let group: Int
            if last >= 0, Self.sameBytes(names[last], name) {
                group = last
            } else if let known = recent.first(where: { Self.sameBytes($0.name, name) })?.group ?? index[name] {
                group = known
            } else {
                group = names.count
                index[name] = group
                names.append(name)
            }
            if group != last, !recent.contains(where: { $0.group == group }) {
                // The groups met last: a chat takes turns among a few people.
                if recent.count == 16 { recent.removeFirst() }
                recent.append((name, group))
            }
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
            groups.scan()
            return groups.counts.stats(names: names, catalog: catalog, separatesTones: separatesTones)
        }

        private mutating func scan() {
            guard !pending.isEmpty else { return }
            var sink = GroupSink(starts: starts, counts: counts)
            counts = GroupCounts()
            _ = pending.withUnsafeBufferPointer { engine.scan($0, isFinal: true, into: &sink) }
            counts = sink.counts
            pending.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
        }
    }
}

/// Counts by group: faces by index, everything else by its bytes.
private struct GroupCounts: Sendable {
    struct Bytes: Hashable, Sendable {
        var group: Int
        var isEmoji: Bool
        var bytes: [UInt8]
    }

    var faces: [Int: Int] = [:]
    var others: [Bytes: Int] = [:]

    func stats(names: [String], catalog: FaceCatalog, separatesTones: Bool) -> [(group: String, stats: FaceStats)] {
        var groups = names.map { ($0, FaceStats(catalog: catalog)) }
        for (key, count) in faces { groups[key >> 24].1.add(key: catalog.faces[key & 0xFF_FFFF].tag, count: count) }
        for (key, count) in others {
            let name: String
            if !key.isEmoji {
                name = String(decoding: key.bytes, as: UTF8.self)
            } else if !separatesTones, let (face, _) = key.bytes.withUnsafeBytes({ SkinTones.face(of: $0, in: catalog) }) {
                name = catalog.faces[face].tag
            } else {
                name = String(decoding: EmojiKey.normalized(key.bytes), as: UTF8.self)
            }
            groups[key.group].1.add(key: name, count: count)
        }
        return groups
    }
}

/// Counts each face of a scanned buffer in the group of the text it is in.
private struct GroupSink: TokenSink {
    var starts: [(offset: Int, group: Int)]
    var counts: GroupCounts
    private var next = 0
    private var group = 0

    init(starts: [(offset: Int, group: Int)], counts: GroupCounts) {
        self.starts = starts
        self.counts = counts
    }

    mutating func willScan(from offset: Int) {}

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        guard token.kind != .text else { return }
        while next < starts.count, starts[next].offset <= token.start {
            group = starts[next].group
            next += 1
        }
        if let face = token.face.faceIndex {
            counts.faces[group << 24 | face, default: 0] += 1
        } else {
            counts.others[GroupCounts.Bytes(group: group, isEmoji: token.kind == .emoji, bytes: Array(bytes[token.start..<token.end])),
                          default: 0] += 1
        }
    }
}
