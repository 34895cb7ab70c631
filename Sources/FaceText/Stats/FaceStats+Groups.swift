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
    /// What is held: one count per group and face used in it, and each
    /// group's name. A face never spans two calls (call once per line).
    public struct Groups: Sendable {
        public let catalog: FaceCatalog
        private let engine: ScanEngine
        private let separatesTones: Bool
        private var index: [String: Int] = [:]
        private var groups: [(name: String, stats: FaceStats)] = []

        /// Groups counting the faces `recognizing` selects, toned emoji as the face of their
        /// base unless `separatingTones` (as ``FaceStats/Stream`` does).
        public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all, separatingTones: Bool = false) {
            self.catalog = catalog
            engine = ScanEngine(catalog: catalog, recognized: recognized)
            separatesTones = separatingTones
        }

        /// How many groups have been met.
        public var count: Int { groups.count }

        /// Counts the faces of `text` in group `name`.
        public mutating func add(_ text: UnsafeBufferPointer<UInt8>, to name: String) {
            var sink = KeySink(catalog: catalog, separatesTones: separatesTones)
            _ = engine.scan(text, isFinal: true, into: &sink)
            let position: Int
            if let known = index[name] {
                position = known
            } else {
                position = groups.count
                index[name] = position
                groups.append((name, FaceStats(catalog: catalog)))
            }
            for key in sink.keys { groups[position].stats.add(key: key) }
        }

        /// Each group's counts, in the order the groups were met.
        public var stats: [(group: String, stats: FaceStats)] { groups.map { ($0.name, $0.stats) } }
    }
}

/// The keys of the faces of one buffer, as ``FaceCounter`` names them.
private struct KeySink: TokenSink {
    let catalog: FaceCatalog
    let separatesTones: Bool
    var keys: [String] = []

    mutating func willScan(from offset: Int) {}

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        guard token.kind != .text else { return }
        if let face = token.face.faceIndex {
            keys.append(catalog.faces[face].tag)
            return
        }
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.end])
        if token.kind == .emoji {
            if !separatesTones, let (face, _) = SkinTones.face(of: raw, in: catalog) {
                keys.append(catalog.faces[face].tag)
            } else {
                keys.append(String(decoding: EmojiKey.normalized(Array(raw)), as: UTF8.self))
            }
        } else {
            keys.append(String(decoding: raw, as: UTF8.self))
        }
    }
}
