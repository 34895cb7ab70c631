#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-pass byte scanner under every command: skips plain bytes with a
/// byte-class table, and at each possible face start tries a tag (longest
/// match), an image reference, then an emoji cluster.
struct ScanEngine: Sendable {
    static let tagStart: UInt8 = 1
    static let emojiStart: UInt8 = 2
    /// U+FE0F (EF B8 8F) or U+20E3 (E2 83 A3) may end a keycap that began one byte earlier.
    static let keycapEnd: UInt8 = 4
    static let imageStart: UInt8 = 8
    static let unknownTagStart: UInt8 = 16

    let catalog: FaceCatalog
    let recognized: FaceScanner.Recognized
    /// The class of each byte (``tagStart``, ``emojiStart``…; 0 for a byte
    /// that starts no face), then whether an emoji run goes on at each byte.
    let classes: [UInt8]
    /// The only byte that can start a face, when there is just one (memchr skips to it).
    let singleStart: UInt8?
    /// Whether F0 can start nothing but an emoji, so emoji that follow a
    /// face are matched straight away (chat text often strings them together).
    let emojiRuns: Bool
    /// Whether E2 too starts nothing but an emoji (or the end of a keycap, which cannot follow a face).
    let emojiRunsFromE2: Bool
    /// Whether keycap bases (`#`, `*`, `0`–`9`) start nothing but a keycap, so keycaps join emoji runs.
    let emojiRunsOfKeycaps: Bool
    /// Whether EF and E2 bytes are candidates only for emoji (not as tag starts), so they may be skipped early.
    let singleEmojiSkip: Bool
    /// One bit per scalar of U+2000–U+3FFF (E2 xx xx and E3 xx xx): set
    /// when it can start no emoji (nor end a keycap, as U+20E3 does), so
    /// that text skipping steps over it whole: general punctuation, arrows,
    /// box drawing, CJK punctuation and kana. Empty without fast paths.
    let plainScalars: [UInt64]
    /// Whether text skipping steps over the scalars led by F0 and C2 that start no emoji (with fast paths).
    let skipsPlainScalars: Bool
    /// Whether `[` starts tags, found in ``bracketTags``: then a sink that
    /// takes run clusters gets tags back to back in a loop of their own.
    let bracketTagRuns: Bool
    let emoji: EmojiMatcher
    let tagTrie: TagTrie
    let bracketTags: BracketTagTable?
    let images: ImageReferenceMatcher

    /// What ``matchAt(_:_:_:_:_:_:)`` finds at a possible start.
    enum Outcome {
        /// No face starts here.
        case none
        /// The next `Int` bytes are text: a cluster that is no face (`©` without U+FE0F), or punctuation.
        case skip(Int)
        /// A face may start here but the buffer ends first.
        case needMore
        /// A face of `length` bytes at `start` (the candidate byte, or one byte before it for a keycap).
        case face(Token.Kind, start: Int, length: Int, face: FaceCode)
    }

    /// An engine with the given fast paths (all by default); tests turn
    /// them off by name to compare each with its plain path (``FastPaths``).
    init(catalog: FaceCatalog, recognized: FaceScanner.Recognized, fastPaths: FastPaths = .all) {
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
            classes[0xE3] |= Self.unknownTagStart       // 【
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
        let used = memo.withTables { scan(bytes, isFinal: isFinal, entering: entering, memo: $0, into: &sink) }
        context = ClusterContext.before(used, in: UnsafeBufferPointer(rebasing: bytes[..<used]), entering: entering)
        return used
    }

    func scan<Sink: TokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, entering: ClusterContext,
                               memo: ClusterMemo.Tables, into outerSink: inout Sink) -> Int {
        let count = bytes.count
        // Where the memo may be used: far enough from the end, when it exists.
        let memoLimit = memo.entries.isEmpty ? -1 : count - ClusterMemo.window
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
                if Sink.policy.runClusters && byteClass & ~Self.keycapEnd == Self.emojiStart && classes[256 &+ Int(bytes[index])] != 0
                    && (byteClass == Self.emojiStart || (index &+ 1 < count && bytes[index &+ 1] != 0x83)) {
                    // Where only an emoji may start (or, at E2, U+20E3 end a keycap), and a run may go on:
                    // the run's loop, from its first cluster if its shape tells it (else the way below,
                    // which a run loop after a face follows). Not at E2 83, where U+20E3 may end a keycap
                    // whose base is in the text before: the way below finds it.
                    flushText(textStart, index, bytes, &sink)
                    textStart = index
                    let stop = runClusters(bytes, from: index, memoLimit: memoLimit, memo, classes, codes, firstByShape: true,
                                           into: &sink)
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
                        outcome = face == .text ? .skip(length) : .face(.emoji, start: index, length: length, face: face)
                    } else {
                        outcome = matchAt(bytes, index, textStart, byteClass, isFinal, entering)
                        switch outcome {
                        case .face(.emoji, index, let length, let face):
                            // Numbered once for both tables (``remember`` leaves a numbered face as it is).
                            let kept = numbered(face, memo, bytes, at: index, length: length, for: Sink.self)
                            remember(memo, bytes, at: index, length: length, face: kept, for: Sink.self)
                            // A long cluster that starts a run: found in the run loop's table the next time.
                            if Sink.policy.runClusters { rememberLong(memo, bytes, at: index, length: length, face: kept) }
                        case .skip(let length):
                            // A cluster the matcher found to be text (`©` without U+FE0F): so is it the next time.
                            remember(memo, bytes, at: index, length: length, face: .text, for: Sink.self)
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
                    if kind != .emoji || face.isFace || Sink.policy.facelessEmoji {
                        flushText(textStart, start, bytes, &sink)
                        sink.consume(RawToken(kind: kind, face: face, start: start, end: start + length), in: bytes)
                        textStart = start + length
                    }
                    index = start + length
                    if Sink.policy.runClusters {
                        // Bracketed tags back to back ([哈哈][心]), in a loop of their own.
                        if kind == .tag && bracketTagRuns && index &+ 24 <= count && bytes[index] == UInt8(ascii: "[") {
                            index = tagRun(bytes, from: index, isFinal: isFinal, into: &sink)
                            textStart = index
                        }
                        // Each cluster of the run to the sink, in a loop of its own.
                        flushText(textStart, index, bytes, &sink)
                        if index < count, classes[256 &+ Int(bytes[index])] != 0 {
                            index = runClusters(bytes, from: index, memoLimit: memoLimit, memo, classes, codes, into: &sink)
                        }
                        textStart = index
                        continue
                    }
                    var code: ScalarCode?
                    while true {
                        // A lone emoji, a cluster met before, or one read afresh (and remembered);
                        // emoji that are text (`©` without U+FE0F) are stepped over.
                        let length: Int, face: FaceCode
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
                            if index <= memoLimit { remember(memo, bytes, at: index, length: length, face: face, for: Sink.self) }
                        }
                        if face == .text {
                            index += length
                            continue
                        }
                        if face.isFace || Sink.policy.facelessEmoji {
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
}
