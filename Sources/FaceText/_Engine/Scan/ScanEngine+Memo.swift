/// The cluster memo's side of the scan: clusters met before found again by
/// their bytes (``ClusterMemo``'s entries, and its long clusters for the run
/// loop), clusters kept once found, and the numbers of clusters without a face.
extension ScanEngine {
    /// The cluster at `index` if the memo holds its bytes and the scalar after them does not extend it.
    @inline(__always)
    func remembered(_ memo: ClusterMemo.Tables, _ bytes: UnsafeBufferPointer<UInt8>,
                            at index: Int) -> (length: Int, face: FaceCode)? {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        let set = memo.entries.baseAddress! + ClusterMemo.set(at: raw)         // a set is always in the table
        var entry = set[0]
        var words = ClusterMemo.words(at: raw, mask: entry.mask, length: Int(entry.length))
        if words.first != entry.first || words.last != entry.last {
            entry = set[1]
            words = ClusterMemo.words(at: raw, mask: entry.mask, length: Int(entry.length))
            guard words.first == entry.first, words.last == entry.last else { return nil }
        }
        guard let extends = emoji.mayExtend(bytes, at: index + Int(entry.length)), !extends else { return nil }
        return (Int(entry.length), entry.face)
    }

    /// The cluster of 9 to 32 bytes at `index` if ``ClusterMemo/Long`` holds
    /// its bytes, as far as ``ClusterMemo/sequenceLength(at:)`` reads them,
    /// and the scalar after them does not extend it.
    @inline(__always)
    func rememberedLong(_ memo: ClusterMemo.Tables, _ bytes: UnsafeBufferPointer<UInt8>,
                                at index: Int) -> (length: Int, face: FaceCode)? {
        guard index &+ ClusterMemo.sequenceWindow <= bytes.count else { return nil }
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        let length = ClusterMemo.sequenceLength(at: raw)
        guard length > 8 else { return nil }
        let words = ClusterMemo.longWords(at: raw, length: length)
        let set = memo.longs.baseAddress! + ClusterMemo.longSet(words)
        var entry = set[0]
        if !(Self.same(words, entry.words) && Int(entry.length) == length) {
            entry = set[1]
            guard Self.same(words, entry.words) && Int(entry.length) == length else { return nil }
        }
        guard let extends = emoji.mayExtend(bytes, at: index + length), !extends else { return nil }
        return (length, entry.face)
    }

    @inline(__always)
    static func same(_ a: (UInt64, UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) | (a.3 ^ b.3) == 0
    }

    /// Keeps a cluster of 9 to 32 bytes found at `index` among the long ones
    /// (not one that ends in U+200D, which a pictograph after it would join).
    @inline(__always)
    func rememberLong(_ memo: ClusterMemo.Tables, _ bytes: UnsafeBufferPointer<UInt8>,
                              at index: Int, length: Int, face: FaceCode) {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        guard length > 8, length <= 32, !ClusterMemo.endsInJoiner(raw, length: length),
              EmojiMatcher.trailingMarksStart(in: bytes, start: index, end: index + length) == index + length else { return }
        let words = ClusterMemo.longWords(at: raw, length: length)
        let set = memo.longs.baseAddress! + ClusterMemo.longSet(words)
        set[1] = set[0]
        set[0] = ClusterMemo.Long(words: words, length: Int32(length), face: face)
    }

    /// `face`, or for a cluster without a face that some table may keep
    /// (32 bytes at most, not ending in U+200D), the face that gives its
    /// number, for a sink that asks for numbers (while fewer than its
    /// ``SinkPolicy/facelessNumbers`` are numbered).
    @inline(__always)
    func numbered<Sink: TokenSink>(_ face: FaceCode, _ memo: ClusterMemo.Tables, _ bytes: UnsafeBufferPointer<UInt8>,
                                           at index: Int, length: Int, for sink: Sink.Type) -> FaceCode {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        guard Sink.policy.facelessNumbers > 0 && face == .noFace && length <= 32 && !ClusterMemo.endsInJoiner(raw, length: length)
                && memo.faceless.pointee.count < Sink.policy.facelessNumbers else {
            return face
        }
        return .faceless(memo.faceless.pointee.add(UnsafeRawBufferPointer(start: raw, count: length), count: 0))
    }

    /// Keeps the emoji cluster found at `index` in the memo, if it may be kept.
    @inline(__always)
    func remember<Sink: TokenSink>(_ memo: ClusterMemo.Tables, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, face: FaceCode,
                                           for sink: Sink.Type) {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        // Not a cluster with trailing marks (`😃́`): the run loop's writers, which find what the memo
        // holds, do not keep marks after a face.
        guard ClusterMemo.keeps(raw, length: length),
              EmojiMatcher.trailingMarksStart(in: bytes, start: index, end: index + length) == index + length else { return }
        // Numbered, so that the sink counts it again without reading its bytes.
        let face = numbered(face, memo, bytes, at: index, length: length, for: Sink.self)
        let mask = ClusterMemo.mask(length: length)
        let words = ClusterMemo.words(at: raw, mask: mask, length: length)
        let set = memo.entries.baseAddress! + ClusterMemo.set(at: raw)
        set[1] = set[0]
        set[0] = ClusterMemo.Entry(first: words.first, last: words.last, mask: mask, length: Int32(length), face: face)
    }
}
