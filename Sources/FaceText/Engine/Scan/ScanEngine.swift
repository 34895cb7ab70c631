#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-pass byte scanner under every command: skips plain bytes with a
/// byte-class table, and at each possible face start tries a tag (longest
/// match), an image reference, then an emoji cluster.
struct ScanEngine: Sendable {
    private static let tagStart: UInt8 = 1
    private static let emojiStart: UInt8 = 2
    /// U+FE0F (EF B8 8F) or U+20E3 (E2 83 A3) may end a keycap that began one byte earlier.
    private static let keycapEnd: UInt8 = 4
    private static let imageStart: UInt8 = 8
    private static let unknownTagStart: UInt8 = 16

    let catalog: FaceCatalog
    let recognized: Recognized
    /// The class of each byte (``tagStart``, ``emojiStart``…; 0 for a byte
    /// that starts no face), then whether an emoji run goes on at each byte.
    private let classes: [UInt8]
    /// The only byte that can start a face, when there is just one (memchr skips to it).
    private let singleStart: UInt8?
    /// Whether F0 can start nothing but an emoji, so emoji that follow a
    /// face are matched straight away (chat text often strings them together).
    private let emojiRuns: Bool
    /// Whether E2 too starts nothing but an emoji (or the end of a keycap, which cannot follow a face).
    private let emojiRunsFromE2: Bool
    /// Whether keycap bases (`#`, `*`, `0`–`9`) start nothing but a keycap, so keycaps join emoji runs.
    private let emojiRunsOfKeycaps: Bool
    /// Whether EF and E2 bytes are candidates only for emoji (not as tag starts), so they may be skipped early.
    private let singleEmojiSkip: Bool
    /// One bit per scalar of U+2000–U+3FFF (E2 xx xx and E3 xx xx): set
    /// when it can start no emoji (nor end a keycap, as U+20E3 does), so
    /// that text skipping steps over it whole: general punctuation, arrows,
    /// box drawing, CJK punctuation and kana. Empty without fast paths.
    private let plainScalars: [UInt64]
    /// Whether text skipping steps over the scalars led by F0 and C2 that start no emoji (with fast paths).
    private let skipsPlainScalars: Bool
    /// Whether `[` starts tags, found in ``bracketTags``: then a sink that
    /// takes run clusters gets tags back to back in a loop of their own.
    private let bracketTagRuns: Bool
    private let emoji: EmojiMatcher
    private let tagTrie: TagTrie
    private let bracketTags: BracketTagTable?
    private let images: ImageReferenceMatcher

    /// An engine with the given fast paths (all by default); tests turn
    /// them off by name to compare each with its plain path (``FastPaths``).
    init(catalog: FaceCatalog, recognized: Recognized, fastPaths: FastPaths = .all) {
        self.catalog = catalog
        self.recognized = recognized
        let tables = fastPaths.contains(.emojiTables) && recognized.contains(.emoji)
        emoji = EmojiMatcher(emojiIndex: catalog.index.emojiIndex, precompute: tables)
        tagTrie = catalog.index.tagTrie
        bracketTags = fastPaths.contains(.bracketTags) ? catalog.index.bracketTags : nil
        images = ImageReferenceMatcher(catalog: CatalogLookup(catalog: catalog))
        var classes = [UInt8](repeating: 0, count: 256)
        if recognized.contains(.tags) {
            for byte in 0..<256 where catalog.index.tagTrie.firstBytes[byte] { classes[byte] |= Self.tagStart }
        }
        if recognized.contains(.emoji) {
            for byte in [0xC2, 0xE2, 0xE3, 0xF0] { classes[byte] |= Self.emojiStart }
            classes[0xEF] |= Self.keycapEnd
            classes[0xE2] |= Self.keycapEnd
        }
        if recognized.contains(.unknownTags) {
            classes[Int(UInt8(ascii: "["))] |= Self.unknownTagStart
        }
        if recognized.contains(.images) {
            classes[Int(UInt8(ascii: "<"))] |= Self.imageStart
            classes[Int(UInt8(ascii: "!"))] |= Self.imageStart
        }
        let starts = (0..<256).filter { classes[$0] != 0 }
        singleStart = starts.count == 1 ? UInt8(starts[0]) : nil
        emojiRuns = tables && fastPaths.contains(.emojiRuns) && classes[0xF0] == Self.emojiStart
        emojiRunsFromE2 = emojiRuns && classes[0xE2] & ~(Self.emojiStart | Self.keycapEnd) == 0
        emojiRunsOfKeycaps = emojiRuns && (0..<256).allSatisfy { !EmojiMatcher.isKeycapBase(UInt8($0)) || classes[$0] == 0 }
        // The second 256 entries: 1 for the bytes a run of emoji goes on with (see
        // ``EmojiMatcher/mayStartRun(_:e2:keycaps:)``), none without emoji runs. C2 too
        // when it starts nothing but an emoji: a `©` or `®` met before is found in the
        // memo; anything else C2 leads ends the run as before, found by no path of it.
        let runsFromC2 = emojiRuns && classes[0xC2] == Self.emojiStart
        classes += (0..<256).map { [emoji, emojiRuns, emojiRunsFromE2, emojiRunsOfKeycaps] byte in
            emojiRuns && (emoji.mayStartRun(UInt8(byte), e2: emojiRunsFromE2, keycaps: emojiRunsOfKeycaps) || (byte == 0xC2 && runsFromC2)) ? 1 : 0
        }
        self.classes = classes
        singleEmojiSkip = recognized.contains(.emoji) && classes[0xEF] & Self.tagStart == 0 && classes[0xE2] & Self.tagStart == 0
        let skipsPlain = fastPaths.contains(.plainScalars) && singleEmojiSkip
        var plainScalars = [UInt64](repeating: 0, count: skipsPlain ? 0x2000 / 64 : 0)
        for index in plainScalars.isEmpty ? 0..<0 : 0..<0x2000 {
            let value = 0x2000 + UInt32(index)
            if EmojiProperties.flags(value) & EmojiProperties.emoji == 0 && value != 0x20E3 { plainScalars[index >> 6] |= 1 << (index & 63) }
        }
        self.plainScalars = plainScalars
        skipsPlainScalars = skipsPlain
        bracketTagRuns = bracketTags != nil && classes[Int(UInt8(ascii: "["))] & Self.tagStart != 0
    }

    /// Scans `bytes`, reporting tokens to `sink`. Returns how many bytes were
    /// fully reported; when `isFinal` is false, the rest (a face that may
    /// continue in the next chunk, never more than a few hundred bytes) must
    /// be scanned again with more input after it.
    func scan<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into sink: inout Sink) -> Int {
        var memo = ClusterMemo()
        var context = ClusterContext.none
        return scan(bytes, isFinal: isFinal, memo: &memo, context: &context, into: &sink)
    }

    /// ``scan(_:isFinal:into:)`` with the emoji clusters met so far in this
    /// stream (see ``ClusterMemo``), which are faster to find again, and
    /// `context`: on entry that of the bytes before `bytes` (``ClusterContext``),
    /// on return that of the bytes before the returned position, for the next buffer.
    func scan<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, memo: inout ClusterMemo,
                               context: inout ClusterContext, into sink: inout Sink) -> Int {
        if emojiRuns && bytes.count >= 4 * ClusterMemo.window { memo.prepare() }
        let entering = context
        let used = memo.withEntries { memo, shorts, longs, faceless in
            scan(bytes, isFinal: isFinal, entering: entering, memo, shorts, longs, &faceless, into: &sink)
        }
        context = ClusterContext.before(used, in: UnsafeBufferPointer(rebasing: bytes[..<used]), entering: entering)
        return used
    }

    private func scan<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, entering: ClusterContext,
                                       _ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>,
                                       _ shorts: UnsafeMutableBufferPointer<ClusterMemo.Short>,
                                       _ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ faceless: inout ByteCounts,
                                       into outerSink: inout Sink) -> Int {
        let count = bytes.count
        // Where the memo may be used: far enough from the end, when it exists.
        let memoLimit = memo.isEmpty ? -1 : count - ClusterMemo.window
        // The sink moved into a local and back at the end: what it holds (an output buffer's
        // place) may then stay in registers, as no store through a pointer can reach it.
        // Moved, not copied: a copy would share the sink's arrays (a counter's tables),
        // and the first change to them would copy them whole.
        var sink = consume outerSink
        defer { outerSink = sink }
        // The matcher's table of scalars, held for the whole buffer (the run loop's lone scalars).
        return emoji.blockCodes.withUnsafeBufferPointer { codes in classes.withUnsafeBufferPointer { classes in
            var index = 0
            var textStart = 0
            while index < count {
                index = skipPlain(bytes, from: index, classes)
                guard index < count else { break }
                let byteClass = classes[Int(bytes[index])]
                if byteClass & Self.emojiStart != 0 && ClusterContext.mayJoin(before: index, in: bytes),
                   let rest = clusterRest(bytes, at: index, isFinal: isFinal, entering: entering) {
                    // Inside a cluster that began in the text before (`⎈‍😀`, the rest of a cluster too
                    // long to be an emoji): text to the cluster's end.
                    guard rest > 0 else {
                        flushText(textStart, index, bytes, &sink)
                        return index
                    }
                    index += rest
                    continue
                }
                if Sink.takesRunClusters && byteClass & ~Self.keycapEnd == Self.emojiStart && classes[256 &+ Int(bytes[index])] != 0
                    && (byteClass == Self.emojiStart || (index &+ 1 < count && bytes[index &+ 1] != 0x83)) {
                    // Where only an emoji may start (or, at E2, U+20E3 end a keycap), and a run may go on:
                    // the run's loop, from its first cluster if its shape tells it (else the way below,
                    // which a run loop after a face follows). Not at E2 83, where U+20E3 may end a keycap
                    // whose base is in the text before: the way below finds it.
                    flushText(textStart, index, bytes, &sink)
                    textStart = index
                    let stop = runClusters(bytes, from: index, memoLimit: memoLimit, memo, shorts, longs, &faceless, classes,
                                           codes, firstByShape: true, into: &sink)
                    if stop != index {
                        index = stop
                        textStart = stop
                        continue
                    }
                }
                let outcome: Outcome
                if byteClass == Self.emojiStart && index <= memoLimit {
                    // Where only an emoji may start: a lone emoji, a cluster met before, or one read afresh (and remembered).
                    if let (length, face, _) = emoji.fourByteEmoji(in: bytes, at: index, code: nil) {
                        outcome = .face(.emoji, start: index, length: length, face: face)
                    } else if let (length, face) = remembered(memo, bytes, at: index) {
                        outcome = face == EmojiMatcher.textCode ? .skip(length) : .face(.emoji, start: index, length: length, face: face)
                    } else {
                        outcome = matchAt(bytes, index, textStart, byteClass, isFinal, entering)
                        switch outcome {
                        case .face(.emoji, index, let length, let face):
                            // Numbered once for both tables (``remember`` leaves a numbered face as it is).
                            let kept = numbered(face, &faceless, bytes, at: index, length: length, for: Sink.self)
                            remember(memo, &faceless, bytes, at: index, length: length, face: kept, for: Sink.self)
                            // A long cluster that starts a run: found in the run loop's table the next time.
                            if Sink.takesRunClusters { rememberLong(longs, bytes, at: index, length: length, face: kept) }
                        case .skip(let length):
                            // A cluster the matcher found to be text (`©` without U+FE0F): so is it the next time.
                            remember(memo, &faceless, bytes, at: index, length: length, face: EmojiMatcher.textCode, for: Sink.self)
                        default:
                            break
                        }
                    }
                } else {
                    outcome = matchAt(bytes, index, textStart, byteClass, isFinal, entering)
                }
                switch outcome {
                case .none:
                    index += 1
                case .skip(let length):
                    index += length
                case .needMore:
                    // Keep a keycap base that the held-back bytes may complete.
                    let stop = index > textStart && recognized.contains(.emoji) && EmojiMatcher.isKeycapBase(bytes[index - 1]) ? index - 1 : index
                    flushText(textStart, stop, bytes, &sink)
                    return stop
                case .face(let kind, let start, let length, let face):
                    if kind != .emoji || face >= 0 || Sink.wantsFacelessEmoji {
                        flushText(textStart, start, bytes, &sink)
                        sink.consume(RawToken(kind: kind, face: face, start: start, end: start + length), in: bytes)
                        textStart = start + length
                    }
                    index = start + length
                    if Sink.takesRunClusters {
                        // Bracketed tags back to back ([哈哈][心]), in a loop of their own.
                        if kind == .tag && bracketTagRuns && index &+ 24 <= count && bytes[index] == UInt8(ascii: "[") {
                            index = tagRun(bytes, from: index, isFinal: isFinal, into: &sink)
                            textStart = index
                        }
                        // Each cluster of the run to the sink, in a loop of its own.
                        flushText(textStart, index, bytes, &sink)
                        if index < count, classes[256 &+ Int(bytes[index])] != 0 {
                            index = runClusters(bytes, from: index, memoLimit: memoLimit, memo, shorts, longs, &faceless, classes, codes,
                                                    into: &sink)
                        }
                        textStart = index
                        continue
                    }
                    var code: Int32?
                    while true {
                        // A lone emoji, a cluster met before, or one read afresh (and remembered);
                        // emoji that are text (`©` without U+FE0F) are stepped over.
                        let length: Int, face: Int32
                        // Most faces are followed by something else: no memo lookup for bytes no run emoji starts with.
                        guard index < count, classes[256 &+ Int(bytes[index])] != 0 else { break }
                        if let lone = emoji.fourByteEmoji(in: bytes, at: index, code: code) {
                            (length, face, code) = lone
                        } else if index <= memoLimit, let known = remembered(memo, bytes, at: index) {
                            (length, face) = known
                            code = nil
                        } else {
                            guard let found = emoji.runEmoji(in: bytes, at: index, e2: emojiRunsFromE2, keycaps: emojiRunsOfKeycaps) else { break }
                            (length, face) = found
                            code = nil
                            if index <= memoLimit { remember(memo, &faceless, bytes, at: index, length: length, face: face, for: Sink.self) }
                        }
                        if face == EmojiMatcher.textCode {
                            index += length
                            continue
                        }
                        if face >= 0 || Sink.wantsFacelessEmoji {
                            flushText(textStart, index, bytes, &sink)
                            sink.consume(RawToken(kind: .emoji, face: face, start: index, end: index + length), in: bytes)
                            textStart = index + length
                        }
                        index &+= length
                    }
                }
            }
            // A keycap base at the very end may begin a keycap in the next chunk.
            if !isFinal, recognized.contains(.emoji), textStart < count, EmojiMatcher.isKeycapBase(bytes[count - 1]) {
                flushText(textStart, count - 1, bytes, &sink)
                return count - 1
            }
            // A scalar cut by the end is held back whole, so that what comes before the next
            // buffer (its ``ClusterContext``) is read from whole scalars.
            if !isFinal, recognized.contains(.emoji), textStart < count {
                let lead = UTF8Decoder.lastLead(before: count, in: bytes)
                if lead >= textStart, case .truncated = UTF8Decoder.decode(bytes, at: lead) {
                    flushText(textStart, lead, bytes, &sink)
                    return lead
                }
            }
            flushText(textStart, count, bytes, &sink)
            return count
        } }
    }

    /// Where the scalar at `index` goes on with a cluster that began before it
    /// (``ClusterContext``): the length of the rest of that cluster, which is
    /// text, or 0 when the buffer ends before it does; nil where a cluster
    /// starts at `index`.
    @inline(never)
    private func clusterRest(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool,
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
    private func remembered(_ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>, _ bytes: UnsafeBufferPointer<UInt8>,
                            at index: Int) -> (length: Int, face: Int32)? {
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
    private func runClusters<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, memoLimit: Int,
                                              _ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>,
                                              _ shorts: UnsafeMutableBufferPointer<ClusterMemo.Short>,
                                              _ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ faceless: inout ByteCounts,
                                              _ classes: UnsafeBufferPointer<UInt8>, _ codes: UnsafeBufferPointer<Int32>,
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
                let found: (length: Int, face: Int32)?
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
            let length: Int, face: Int32
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
    private static func crossesLine<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int,
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
    private func tagRun<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool,
                                         into outerSink: inout Sink) -> Int {
        var sink = consume outerSink
        defer { outerSink = sink }
        var index = start
        while index &+ 24 <= bytes.count && bytes[index] == UInt8(ascii: "["),
              case .tag(let length, let face) = bracketTags!.match(in: bytes, at: index, isFinal: isFinal) {
            sink.consume(RawToken(kind: .tag, face: face, start: index, end: index &+ length), in: bytes)
            index &+= length
        }
        return index
    }

    /// The run loop's general way, for a cluster its shapes did not answer
    /// and that is no lone emoji: a cluster met before, or one read afresh
    /// (and remembered); nil where no emoji is. Its own function, so that the
    /// loop stays small.
    @inline(never)
    private func generalCluster<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, memoLimit: Int,
                                                 shortLength: Int,
                                                 _ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>,
                                                 _ shorts: UnsafeMutableBufferPointer<ClusterMemo.Short>,
                                                 _ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ faceless: inout ByteCounts,
                                                 for sink: Sink.Type) -> (length: Int, face: Int32)? {
        let length: Int, face: Int32
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
    private func rememberedLong(_ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ bytes: UnsafeBufferPointer<UInt8>,
                                at index: Int) -> (length: Int, face: Int32)? {
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
    private static func same(_ a: (UInt64, UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) | (a.3 ^ b.3) == 0
    }

    /// Keeps a cluster of 9 to 32 bytes found at `index` among the long ones
    /// (not one that ends in U+200D, which a pictograph after it would join).
    @inline(__always)
    private func rememberLong(_ longs: UnsafeMutableBufferPointer<ClusterMemo.Long>, _ bytes: UnsafeBufferPointer<UInt8>,
                              at index: Int, length: Int, face: Int32) {
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
    private func numbered<Sink: TokenSink>(_ face: Int32, _ faceless: inout ByteCounts, _ bytes: UnsafeBufferPointer<UInt8>,
                                           at index: Int, length: Int, for sink: Sink.Type) -> Int32 {
        let raw = UnsafeRawPointer(bytes.baseAddress! + index)
        guard Sink.wantsFacelessIDs && face == EmojiMatcher.noFace && length <= 32 && !ClusterMemo.endsInJoiner(raw, length: length)
                && faceless.count < Sink.facelessIDLimit else {
            return face
        }
        return ClusterMemo.face(forFaceless: faceless.add(UnsafeRawBufferPointer(start: raw, count: length), count: 0))
    }

    /// Keeps the emoji cluster found at `index` in the memo, if it may be kept.
    @inline(__always)
    private func remember<Sink: TokenSink>(_ memo: UnsafeMutableBufferPointer<ClusterMemo.Entry>, _ faceless: inout ByteCounts,
                                           _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, face: Int32,
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

    /// The first position at or after `start` whose byte may start a face, or `bytes.count`.
    /// (`@inline(always)`, where the compiler has it (Swift 6.3): it inlines an
    /// `@inline(__always)` function only while it is small, and left this one a
    /// call in the scan loop, made once for each face and emoji.)
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        if let singleStart {
            guard start < count, let found = memchr(bytes.baseAddress! + start, Int32(singleStart), count - start) else { return count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var index = start
        while true {
            // Faces often follow each other: a start byte right here needs no search
            // (C2, EF, E2, E3 and F0 go on below, where scalars that start no emoji are skipped).
            let startsHere = index < count && classes[Int(bytes[index])] != 0
            if startsHere && !Self.mayLeadPlainScalar(bytes[index]) { return index }
            // Eight bytes at a time, their classes as the bytes of one word: the first that
            // is not zero is where to stop, found without a branch per byte.
            var found = startsHere
            while !found && index + 8 <= count {
                let next = bytes.baseAddress! + index
                let word = UInt64(classes[Int(next[0])]) | UInt64(classes[Int(next[1])]) &<< 8
                    | UInt64(classes[Int(next[2])]) &<< 16 | UInt64(classes[Int(next[3])]) &<< 24
                    | UInt64(classes[Int(next[4])]) &<< 32 | UInt64(classes[Int(next[5])]) &<< 40
                    | UInt64(classes[Int(next[6])]) &<< 48 | UInt64(classes[Int(next[7])]) &<< 56
                if word != 0 {
                    index &+= word.trailingZeroBitCount &>> 3
                    found = true
                    break
                }
                index &+= 8
            }
            if !found { while index < count, classes[Int(bytes[index])] == 0 { index += 1 } }
            // Lead bytes that emoji share with text, at scalars that cannot start a face:
            // fullwidth punctuation EF xx (anything but U+FE0F, EF B8 8F), the scalars of
            // E2 and E3 that are no emoji (“ ” … — 。 、 「 」 and kana, but not ‼ or 〰),
            // F0 but for U+1F000–U+1FFFF (F0 9F: CJK Extension B, mathematical letters),
            // and C2 but for © and ® (C2 A9, C2 AE: Latin-1 letters and signs).
            guard index + 3 < count, classes[Int(bytes[index])] & (Self.tagStart | Self.unknownTagStart) == 0 else { return index }
            let byte = bytes[index], next = bytes[index + 1]
            if byte == 0xEF && next != 0xB8 && singleEmojiSkip && UTF8Decoder.isContinuation(next, bytes[index + 2]) {
                index += 3
            } else if byte & 0xFE == 0xE2 && singleEmojiSkip && isPlainScalar(byte, next, bytes[index + 2]) {
                index += 3
            } else if byte == 0xF0 && next != 0x9F && next >= 0x90 && skipsPlainScalars
                        && ((next ^ 0x80) | (bytes[index + 2] ^ 0x80) | (bytes[index + 3] ^ 0x80)) & 0xC0 == 0 {
                index += 4          // three continuation bytes
            } else if byte == 0xC2 && next != 0xA9 && next != 0xAE && skipsPlainScalars && next & 0xC0 == 0x80 {
                index += 2
            } else {
                return index
            }
        }
    }

    /// Whether `byte` leads scalars that ``skipPlain(_:from:_:)`` may step over.
    @inline(__always)
    private static func mayLeadPlainScalar(_ byte: UInt8) -> Bool {
        byte == 0xEF || byte & 0xFE == 0xE2 || byte == 0xF0 || byte == 0xC2
    }

    /// Whether the scalar E2 or E3 `b1` `b2` is one of ``plainScalars``.
    @inline(__always)
    private func isPlainScalar(_ lead: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, !plainScalars.isEmpty else { return false }
        let index = Int(lead & 1) << 12 | Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)
        return plainScalars.withUnsafeBufferPointer { $0[index >> 6] } >> (index & 63) & 1 != 0
    }

    private enum Outcome {
        case none
        case skip(Int)
        case needMore
        /// A face of `length` bytes at `start` (the candidate byte, or one byte before it for a keycap).
        case face(Token.Kind, start: Int, length: Int, face: Int32)
    }

    @inline(__always)
    private func matchAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ textStart: Int, _ byteClass: UInt8, _ isFinal: Bool,
                         _ entering: ClusterContext) -> Outcome {
        let byte = bytes[index]
        if byteClass & Self.tagStart != 0 {
            let match: TagTrie.Match
            if byte == UInt8(ascii: "["), let bracketTags {
                match = bracketTags.match(in: bytes, at: index, isFinal: isFinal)
            } else {
                match = tagTrie.longestMatch(in: bytes, at: index, isFinal: isFinal)
            }
            switch match {
            case .tag(let length, let face): return .face(.tag, start: index, length: length, face: face)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.unknownTagStart != 0 {
            switch UnknownTagMatcher.match(in: bytes, at: index, isFinal: isFinal) {
            case .tag(let length): return .face(.unknown, start: index, length: length, face: -1)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.imageStart != 0 {
            // Quick rejects: an image reference is "<img" or "![".
            guard index + 1 < bytes.count else { return isFinal ? .none : .needMore }
            let next = bytes[index + 1]
            if byte == UInt8(ascii: "!") ? next == UInt8(ascii: "[") : (next | 0x20) == UInt8(ascii: "i") {
                switch images.match(in: bytes, at: index, isFinal: isFinal) {
                case .image(let length, let face): return .face(.image, start: index, length: length, face: face)
                case .needMore: return .needMore
                case .none: break
                }
            }
        }
        if byteClass & Self.keycapEnd != 0 {
            // U+FE0F or U+20E3 right after a keycap base still in the text run.
            guard index + 2 < bytes.count else { return isFinal ? .none : .needMore }
            let isSelector = byte == 0xEF && bytes[index + 1] == 0xB8 && bytes[index + 2] == 0x8F
            let isEnclosing = byte == 0xE2 && bytes[index + 1] == 0x83 && bytes[index + 2] == 0xA3
            if (isSelector || isEnclosing) && index > textStart && EmojiMatcher.isKeycapBase(bytes[index - 1])
                && !(ClusterContext.mayJoin(before: index - 1, in: bytes)
                     && ClusterContext.before(index - 1, in: bytes, entering: entering) == .prepend) {
                switch emoji.match(in: bytes, at: index - 1, isFinal: isFinal) {
                case .emoji(let length, let face): return .face(.emoji, start: index - 1, length: length, face: face)
                case .needMore: return .needMore
                default: break
                }
            }
            // A whole scalar only: a stray EF (or E2) hides no face after it.
            if isEnclosing || (byte == 0xEF && UTF8Decoder.isContinuation(bytes[index + 1], bytes[index + 2])) { return .skip(3) }
        }
        guard byteClass & Self.emojiStart != 0 else { return .none }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] != 0xBC,
           bytes[index + 2] & 0xC0 == 0x80 {
            return .skip(3)     // U+2000–U+203F: punctuation; only U+203C ‼ is an emoji
        }
        switch emoji.match(in: bytes, at: index, isFinal: isFinal) {
        case .none: return .none
        case .needMore: return .needMore
        case .text(let length): return .skip(length)
        case .emoji(let length, let face): return .face(.emoji, start: index, length: length, face: face)
        }
    }

    @inline(__always)
    private func flushText<Sink: TokenSink>(_ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        if start < end { sink.consume(RawToken(kind: .text, face: -1, start: start, end: end), in: bytes) }
    }
}
