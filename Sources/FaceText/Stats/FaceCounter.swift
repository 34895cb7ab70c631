/// Counts tokens as they stream by, cheaply: faces by catalog index in an
/// array, everything else (emoji without a face, unknown tags) by its bytes.
/// ``stats`` turns the counts into ``FaceStats``.
struct FaceCounter: Sendable {
    public let catalog: FaceCatalog
    private var byFace: [Int]
    /// Emoji without a face, by their bytes as they came (U+FE0F is taken out
    /// once per distinct spelling, in ``stats``, not once per emoji).
    private var emojiBytes = ByteCounts()
    /// Emoji without a face by the number a stream's scanner gave their
    /// spelling (see ``FaceStats.Stream``): counted without reading them.
    private var byFaceless: [Int] = []
    /// Emoji without a face that are one scalar of U+2000–U+2FFF or
    /// U+1F000–U+1FFFF (maybe with U+FE0F), by scalar: the commonest,
    /// counted without hashing their bytes.
    private var bySingle: [Int] = []
    /// Unknown tags, by their bytes.
    private var tagBytes = ByteCounts()
    /// Whether an emoji with skin-tone modifiers counts under itself rather than
    /// as the face of its base (`👍🏽` as [赞]).
    var separatesTones = false

    /// A counter for tokens of `catalog`.
    public init(catalog: FaceCatalog) {
        self.catalog = catalog
        byFace = Array(repeating: 0, count: catalog.faces.count)
    }

    /// Counts one token whose bytes are `bytes` (text is ignored). Its face,
    /// if any, must be an index into the catalog's faces.
    public mutating func add(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) {
        precondition(token.face.map { $0 < byFace.count } ?? true, "face \(token.face ?? 0) is not in the catalog")
        withSink { $0.consume(RawToken(kind: token.kind, face: FaceCode(found: token.face.map(Int32.init)), start: 0, end: bytes.count), in: bytes) }
    }

    /// The counts so far, keyed by canonical tag or by emoji.
    public var stats: FaceStats { stats(faceless: ByteCounts()) }

    /// The counts so far, the numbered emoji without a face spelt as `faceless` (their scanner's) says.
    func stats(faceless: ByteCounts) -> FaceStats {
        var faceCounts: [String: Int] = [:]
        for (face, count) in byFace.enumerated() where count > 0 { faceCounts[catalog.faces[face].tag, default: 0] += count }
        var emojiBytes = emojiBytes
        for (id, count) in byFaceless.enumerated() where count > 0 {
            faceless.key(at: id).withUnsafeBytes { _ = emojiBytes.add($0, count: count) }
        }
        for (index, count) in bySingle.enumerated() where count > 0 {
            Sink.scalarBytes(ofSingle: index).withUnsafeBytes { _ = emojiBytes.add($0, count: count) }
        }
        // Spellings of an emoji with and without U+FE0F are one key.
        var merged = ByteCounts()
        emojiBytes.forEach { bytes, count in
            if bytes.contains(0xEF) {
                EmojiKey.normalized(bytes).withUnsafeBytes { _ = merged.add($0, count: count) }
            } else {
                merged.add(bytes, count: count)
            }
        }
        var counts = KeyedCounts(faces: faceCounts, capacity: merged.count + tagBytes.count)
        merged.forEach { bytes, count in
            // A toned emoji whose base is a face counts as that face (unless tones are kept apart).
            if !separatesTones, let (face, _) = SkinTones.face(of: bytes, in: catalog) {
                Array(catalog.faces[face].tag.utf8).withUnsafeBytes { counts.add($0, count: count) }
            } else {
                counts.add(bytes, count: count)
            }
        }
        tagBytes.forEach { counts.add($0, count: $1) }
        return FaceStats(counts: counts.finish(), catalog: FaceStats.catalogFingerprint(catalog))
    }
}

/// Counts by `String` key, built from byte keys: Swift strings compare by
/// canonical equivalence, so spellings that differ only in the order of
/// combining marks are one key. A face's tag names its own key; otherwise
/// the key is named by the first of its spellings in byte order, whatever
/// the order they come in (no sort needed).
private struct KeyedCounts {
    private var faces: [String: Int]
    private var others: [String: Int] = [:]

    /// Counts that start with those of faces, for about `capacity` other keys.
    init(faces: [String: Int], capacity: Int) {
        self.faces = faces
        others.reserveCapacity(capacity)
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer, count: Int) {
        let key = String(decoding: bytes, as: UTF8.self)
        if !faces.isEmpty, let index = faces.index(forKey: key) {
            faces.values[index] += count
        } else if let index = others.index(forKey: key) {
            let (known, total) = others[index]
            if ByteOrder.precedes(key, known) {
                others.remove(at: index)
                others[key] = total + count
            } else {
                others.values[index] += count
            }
        } else {
            others[key] = count
        }
    }

    /// Every key with its count (the counts are used up).
    mutating func finish() -> [String: Int] {
        var all: [String: Int] = [:]
        swap(&all, &others)
        for (key, count) in faces { all[key] = count }
        return all
    }
}


extension FaceCounter {
    /// Runs `body` with a sink that counts into this counter: the counts of
    /// faces through a pointer, so that counting one is an increment, without
    /// the uniqueness check of an array write per token.
    /// Emoji without a face numbered by the scanner (up to `facelessIDs`,
    /// the numbers given so far) are counted by number the same way.
    mutating func withSink<R>(facelessIDs: Int = 0, _ body: (inout Sink) -> R) -> R {
        if byFaceless.count < facelessIDs { byFaceless += repeatElement(0, count: facelessIDs - byFaceless.count) }
        if bySingle.isEmpty { bySingle = Array(repeating: 0, count: Sink.singles) }
        var sink = Sink()
        swap(&sink.emojiBytes, &emojiBytes)
        swap(&sink.tagBytes, &tagBytes)
        defer {
            swap(&sink.emojiBytes, &emojiBytes)
            swap(&sink.tagBytes, &tagBytes)
        }
        return byFace.withUnsafeMutableBufferPointer { faces in
            byFaceless.withUnsafeMutableBufferPointer { faceless in
                bySingle.withUnsafeMutableBufferPointer { singles in
                    sink.byFace = faces.baseAddress
                    sink.byFaceless = faceless
                    sink.bySingle = singles.baseAddress
                    return body(&sink)
                }
            }
        }
    }

    /// Counts the engine's tokens for ``withSink(_:)``: a face under its
    /// index, an emoji without a face under its number, its scalar or its
    /// bytes (U+FE0F is taken out in ``stats``), an unknown tag under its bytes.
    struct Sink: TokenSink {
        fileprivate var byFace: UnsafeMutablePointer<Int>?
        fileprivate var byFaceless = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
        fileprivate var bySingle: UnsafeMutablePointer<Int>?
        /// How many scalars ``bySingle`` counts: U+2000–U+2FFF, then U+1F000–U+1FFFF.
        static let singles = 8192
        fileprivate var emojiBytes = ByteCounts()
        fileprivate var tagBytes = ByteCounts()


        /// Emoji without a face come numbered, every spelling; the clusters of a run of emoji come
        /// one by one (``ScanEngine``'s run loop), each as an emoji token.
        static var policy: SinkPolicy { SinkPolicy(facelessNumbers: .max, runClusters: true) }

        @inline(__always)
        mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
            if token.face.isFace {
                byFace![Int(token.face.rawValue)] += 1
            } else if let id = token.face.facelessNumber, id < byFaceless.count {
                byFaceless[id] += 1
            } else if token.kind == .emoji {
                // Without a number (or one given within this chunk): one scalar by
                // the scalar (U+FE0F after it counts the same, see ``stats``), the rest by bytes.
                if let single = Self.single(token, bytes) {
                    bySingle![single] += 1
                } else {
                    emojiBytes.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.end]))
                }
            } else if token.kind != .text {
                tagBytes.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.end]))
            }
        }

        /// The index of a token that is one scalar of U+2000–U+2FFF or
        /// U+1F000–U+1FFFF, alone or with U+FE0F, in ``bySingle`` (the
        /// matcher's ``EmojiMatcher/blockUnit(_:)``); nil for any other token.
        @inline(__always)
        private static func single(_ token: RawToken, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard token.start + 4 <= bytes.count else { return nil }
            let word = UnsafeRawPointer(bytes.baseAddress! + token.start).unalignedUnit()
            guard let (index, length) = EmojiMatcher.blockUnit(word) else { return nil }
            let extra = token.end - token.start - length
            guard extra == 0 || (extra == 3 && bytes[token.start + length] == 0xEF && bytes[token.start + length + 1] == 0xB8
                                 && bytes[token.start + length + 2] == 0x8F) else { return nil }
            return index
        }

        /// The bytes of the scalar at `index` of ``bySingle``.
        static func scalarBytes(ofSingle index: Int) -> [UInt8] {
            let high = 0x80 | UInt8(index >> 6 & 0x3F), low = 0x80 | UInt8(index & 0x3F)
            return index < 4096 ? [0xE2, high, low] : [0xF0, 0x9F, high, low]
        }
    }
}
