#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs of faces strung together: emoji after emoji
/// matched without going back to the byte-class search (``FastPaths/emojiRuns``),
/// tags back to back (the memo they look clusters up in: `ScanEngine+Memo.swift`).
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

    /// For a sink that takes run clusters (``SinkPolicy/runClusters``): hands it each cluster
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
                                              _ memo: ClusterMemo.Tables, _ classes: UnsafeBufferPointer<UInt8>, _ codes: UnsafeBufferPointer<ScalarCode>,
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
                            : rememberedLong(memo, bytes, at: index)
                    }
                case .short:
                    shortLength = length
                    let follower = raw.unalignedUnit(at: length)
                    if UInt32(littleEndian: follower) & 0xFF_FFFF == 0x8D_80E2 {
                        found = rememberedLong(memo, bytes, at: index)            // U+200D: a longer cluster (👩🏽‍💻)
                    } else {
                        let key = word & ClusterMemo.mask(length: length)
                        let entry = memo.shorts[ClusterMemo.shortSlot(key)]
                        found = entry.key == key && EmojiMatcher.surelyEnds(follower, codes: codes) ? (length, entry.face) : nil
                    }
                case .other:
                    found = rememberedLong(memo, bytes, at: index)
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
                                                 memo, for: Sink.self) else { break }
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

    /// For a sink that takes run clusters (``SinkPolicy/runClusters``): hands it each of the
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
                                                 _ memo: ClusterMemo.Tables, for sink: Sink.Type) -> (length: Int, face: FaceCode)? {
        let length: Int, face: FaceCode
        if index <= memoLimit, let known = remembered(memo, bytes, at: index) {
            (length, face) = known
            rememberLong(memo, bytes, at: index, length: length, face: face)
        } else {
            guard let found = emoji.runEmoji(in: bytes, at: index, e2: emojiRunsFromE2, keycaps: emojiRunsOfKeycaps) else { return nil }
            length = found.length
            if index <= memoLimit {
                // Kept with its number if it has no face, for a sink that counts it by number.
                face = numbered(found.face, memo, bytes, at: index, length: length, for: Sink.self)
                remember(memo, bytes, at: index, length: length, face: face, for: Sink.self)
                rememberLong(memo, bytes, at: index, length: length, face: face)
            } else {
                face = found.face
            }
        }
        if length == shortLength {
            // Found the general way where its shape said it ends: the next time, found by its bytes.
            let key = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).unalignedWord())
                & ClusterMemo.mask(length: length)
            memo.shorts[ClusterMemo.shortSlot(key)] = ClusterMemo.Short(key: key, face: face)
        }
        return (length, face)
    }
}
