#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs of faces strung together, and the cluster memo: emoji after emoji
/// matched without going back to the byte-class search (``FastPaths/emojiRuns``),
/// tags back to back, and the clusters met before found again by their bytes.
extension ScanEngine {
    /// Where the scalar at `index` goes on with a cluster that began before it
    /// (``ClusterContext``): the length of the rest of that cluster, which is
    /// text, or 0 when the buffer ends before it does; nil where a cluster
    /// starts at `index`.
    @inline(never)
    func clusterRest(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool,
                             entering: ClusterContext) -> Int? {
        guard case .scalar(let value, let length) = UTF8Decoder.decode(bytes, at: index),
              !ClusterContext.before(index, in: bytes, entering: entering).startsCluster(with: value) else { return nil }
        switch emoji.match(in: bytes, at: index, isFinal: isFinal) {
        case .emoji(let rest, _), .text(let rest): return rest
        case .needMore: return 0
        case .none: return length
        }
    }

    /// The cluster at `index` if the memo holds its bytes and the scalar after them does not extend it.
    @inline(__always)
    func remembered(_ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>, _ bytes: UnsafeBufferPointer<UInt8>,
                            at index: Int) -> (length: Int, face: FaceCode)? {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        let set = memo.baseAddress! + ClusterMemo.set(at: raw)         // a set is always in the table
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

    /// For a sink that ``TokenSink/takesRunClusters``: hands it each cluster
    /// of the run of emoji at `start` (its first byte one a run may go on
    /// with), text or not; returns where the run ends.
    ///
    /// The shapes chat text is mostly made of (``RunShape``) are told apart
    /// on the first eight bytes, each with its length, so that where the next
    /// cluster starts waits on no lookup: a single scalar is answered from the
    /// matcher's table, a short cluster (a skin tone, a flag, a keycap) found
    /// before from the memo's table for them. A shape that goes on with
    /// U+200D or tag characters starts a long cluster (9 to 32 bytes): read
    /// to its end, it is looked up whole among those found before.
    /// Anything else, and any doubt about what follows, goes the general way,
    /// except for the first cluster when `firstByShape` (a run not after a
    /// face): then the run ends before it, and the caller's way decides it.
    /// Its own function: the generic loop stays as it was for other sinks.
    @inline(never)
    func runClusters<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, memoLimit: Int,
                                              _ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>,
                                              _ shorts: UnsafeMutableBufferPointer<ClusterMemo.Short>,
                                              _ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ faceless: inout ByteCounts,
                                              _ classes: UnsafeBufferPointer<UInt8>, _ codes: UnsafeBufferPointer<ScalarCode>,
                                              firstByShape: Bool = false, into outerSink: inout Sink) -> Int {
        // The sink in a local: what it holds (an output buffer's place) may stay in registers.
        var sink = consume outerSink
        defer { outerSink = sink }
        let count = bytes.count
        var index = start
        repeat {
            var shortLength = 0
            var mayBeLone = true
            if index <= memoLimit {
                let raw = UnsafeRawPointer(bytes.baseAddress! + index)
                let word = UInt64(littleEndian: raw.unalignedWord())
                let found: (length: Int, face: FaceCode)?
                let shape = RunShape(word)
                let length = shape.length
                switch shape.kind {
                case .single:
                    if shape.ends {
                        found = EmojiMatcher.lone(entry: shape.entry, length: length, qualified: shape.qualified, codes: codes)
                    } else {
                        let follower = shape.follower != 0 ? shape.follower : raw.unalignedUnit(at: length)
                        // Else maybe a longer cluster met before (🏳️‍🌈, 🏴󠁧󠁢󠁥󠁮󠁧󠁿).
                        found = EmojiMatcher.surelyEnds(follower, codes: codes)
                            ? EmojiMatcher.lone(entry: shape.entry, length: length, qualified: shape.qualified, codes: codes)
                            : rememberedLong(longs, bytes, at: index)
                    }
                case .short:
                    shortLength = length
                    let follower = raw.unalignedUnit(at: length)
                    if UInt32(littleEndian: follower) & 0xFF_FFFF == 0x8D_80E2 {
                        found = rememberedLong(longs, bytes, at: index)            // U+200D: a longer cluster (👩🏽‍💻)
                    } else {
                        let key = word & ClusterMemo.mask(length: length)
                        let entry = shorts[ClusterMemo.shortSlot(key)]
                        found = entry.key == key && EmojiMatcher.surelyEnds(follower, codes: codes) ? (length, entry.face) : nil
                    }
                case .other:
                    found = rememberedLong(longs, bytes, at: index)
                }
                if let found {
                    sink.consumeRunCluster(face: found.face, start: index, length: found.length, roomy: true, in: bytes)
                    index &+= found.length
                    continue
                }
                mayBeLone = shape.kind == .single
            }
            if firstByShape && index == start { break }
            // The general way: a lone emoji, else the rest out of the loop's way.
            let length: Int, face: FaceCode
            if mayBeLone, let lone = emoji.fourByteEmoji(in: bytes, at: index, code: nil) {
                (length, face) = (lone.length, lone.face)
            } else {
                guard let found = generalCluster(bytes, at: index, memoLimit: memoLimit, shortLength: shortLength,
                                                 memo, shorts, longs, &faceless, for: Sink.self) else { break }
                (length, face) = found
            }
            sink.consumeRunCluster(face: face, start: index, length: length, roomy: false, in: bytes)
            index &+= length
        } while index < count && (classes[256 &+ Int(bytes[index])] != 0 || Self.crossesLine(bytes, at: &index, classes, into: &sink))
        return index
    }

    /// At a line ending (LF or CR LF) that a byte a run goes on with follows:
    /// hands the line ending to the sink as text and moves `index` past it, so
    /// that lines of nothing but emoji are one run. (No cluster goes on across a
    /// line ending, and every run starts a cluster: the next line's run is read
    /// in this loop as it would be in its own.)
    @inline(__always)
    static func crossesLine<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int,
                                                     _ classes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Bool {
        let ending = bytes[index] == UInt8(ascii: "\n") ? 1 : bytes[index] == UInt8(ascii: "\r") && index &+ 1 < bytes.count
            && bytes[index &+ 1] == UInt8(ascii: "\n") ? 2 : 0
        // A keycap base only with E2 or EF after it (U+20E3, U+FE0F): a digit starts many a line
        // of other text, a date or a time.
        let next = index &+ ending
        guard ending != 0, next &+ 1 < bytes.count, classes[256 &+ Int(bytes[next])] != 0,
              bytes[next] >= 0x80 || bytes[next &+ 1] == 0xE2 || bytes[next &+ 1] == 0xEF else { return false }
        sink.consumeLineEnding(start: index, end: next, in: bytes)
        index = next
        return true
    }

    /// For a sink that ``TokenSink/takesRunClusters``: hands it each of the
    /// bracketed tags back to back from `start` (``bracketTags``, with 24
    /// bytes readable from each); returns where they end. Its own function:
    /// the scan loop, which meets a tag after a tag only now and then in a
    /// chat log, stays as it was.
    @inline(never)
    func tagRun<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool,
                                         into outerSink: inout Sink) -> Int {
        var sink = consume outerSink
        defer { outerSink = sink }
        var index = start
        while index &+ 24 <= bytes.count && bytes[index] == UInt8(ascii: "["),
              case .tag(let length, let face) = bracketTags!.match(in: bytes, at: index, isFinal: isFinal) {
            sink.consume(RawToken(kind: .tag, face: FaceCode(face: face), start: index, end: index &+ length), in: bytes)
            index &+= length
        }
        return index
    }

    /// The run loop's general way, for a cluster its shapes did not answer
    /// and that is no lone emoji: a cluster met before, or one read afresh
    /// (and remembered); nil where no emoji is. Its own function, so that the
    /// loop stays small.
    @inline(never)
    func generalCluster<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, memoLimit: Int,
                                                 shortLength: Int,
                                                 _ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>,
                                                 _ shorts: UnsafeMutableBufferPointer<ClusterMemo.Short>,
                                                 _ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ faceless: inout ByteCounts,
                                                 for sink: Sink.Type) -> (length: Int, face: FaceCode)? {
        let length: Int, face: FaceCode
        if index <= memoLimit, let known = remembered(memo, bytes, at: index) {
            (length, face) = known
            rememberLong(longs, bytes, at: index, length: length, face: face)
        } else {
            guard let found = emoji.runEmoji(in: bytes, at: index, e2: emojiRunsFromE2, keycaps: emojiRunsOfKeycaps) else { return nil }
            length = found.length
            if index <= memoLimit {
                // Kept with its number if it has no face, for a sink that counts it by number.
                face = numbered(found.face, &faceless, bytes, at: index, length: length, for: Sink.self)
                remember(memo, &faceless, bytes, at: index, length: length, face: face, for: Sink.self)
                rememberLong(longs, bytes, at: index, length: length, face: face)
            } else {
                face = found.face
            }
        }
        if length == shortLength {
            // Found the general way where its shape said it ends: the next time, found by its bytes.
            let key = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).unalignedWord())
                & ClusterMemo.mask(length: length)
            shorts[ClusterMemo.shortSlot(key)] = ClusterMemo.Short(key: key, face: face)
        }
        return (length, face)
    }

    /// The cluster of 9 to 32 bytes at `index` if ``ClusterMemo/Long`` holds
    /// its bytes, as far as ``ClusterMemo/sequenceLength(at:)`` reads them,
    /// and the scalar after them does not extend it.
    @inline(__always)
    func rememberedLong(_ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ bytes: UnsafeBufferPointer<UInt8>,
                                at index: Int) -> (length: Int, face: FaceCode)? {
        guard index &+ ClusterMemo.sequenceWindow <= bytes.count else { return nil }
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        let length = ClusterMemo.sequenceLength(at: raw)
        guard length > 8 else { return nil }
        let words = ClusterMemo.longWords(at: raw, length: length)
        let set = longs.baseAddress! + ClusterMemo.longSet(words)
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
    func rememberLong(_ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ bytes: UnsafeBufferPointer<UInt8>,
                              at index: Int, length: Int, face: FaceCode) {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        guard length > 8, length <= 32, !ClusterMemo.endsInJoiner(raw, length: length),
              EmojiMatcher.trailingMarksStart(in: bytes, start: index, end: index + length) == index + length else { return }
        let words = ClusterMemo.longWords(at: raw, length: length)
        let set = longs.baseAddress! + ClusterMemo.longSet(words)
        set[1] = set[0]
        set[0] = ClusterMemo.Long(words: words, length: Int32(length), face: face)
    }

    /// `face`, or for a cluster without a face that some table may keep
    /// (32 bytes at most, not ending in U+200D), the face that gives its
    /// number, for a sink that ``TokenSink/wantsFacelessIDs`` (while fewer
    /// than its ``TokenSink/facelessIDLimit`` are numbered).
    @inline(__always)
    func numbered<Sink: TokenSink>(_ face: FaceCode, _ faceless: inout ByteCounts, _ bytes: UnsafeBufferPointer<UInt8>,
                                           at index: Int, length: Int, for sink: Sink.Type) -> FaceCode {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        guard Sink.wantsFacelessIDs && face == .noFace && length <= 32 && !ClusterMemo.endsInJoiner(raw, length: length)
                && faceless.count < Sink.facelessIDLimit else {
            return face
        }
        return .faceless(faceless.add(UnsafeRawBufferPointer(start: raw, count: length), count: 0))
    }

    /// Keeps the emoji cluster found at `index` in the memo, if it may be kept.
    @inline(__always)
    func remember<Sink: TokenSink>(_ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>, _ faceless: inout ByteCounts,
                                           _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, face: FaceCode,
                                           for sink: Sink.Type) {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        // Not a cluster with trailing marks (`😃́`): the run loop's writers, which find what the memo
        // holds, do not keep marks after a face.
        guard ClusterMemo.keeps(raw, length: length),
              EmojiMatcher.trailingMarksStart(in: bytes, start: index, end: index + length) == index + length else { return }
        // Numbered, so that the sink counts it again without reading its bytes.
        let face = numbered(face, &faceless, bytes, at: index, length: length, for: Sink.self)
        let mask = ClusterMemo.mask(length: length)
        let words = ClusterMemo.words(at: raw, mask: mask, length: length)
        let set = memo.baseAddress! + ClusterMemo.set(at: raw)
        set[1] = set[0]
        set[0] = ClusterMemo.Entry(first: words.first, last: words.last, mask: mask, length: Int32(length), face: face)
    }
}
