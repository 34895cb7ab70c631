/// What the scalars just before a position leave for a grapheme cluster that
/// would start there: the part of UAX #29 that looks back past a scalar
/// (GB9b after Prepend, GB11 after `ExtPict Extend* ZWJ`).
///
/// The scanner asks it where an emoji seems to begin right after text: a
/// pictograph joined by U+200D to a pictograph the scanner took as text
/// (`⎈‍😀`, or the rest of a cluster longer than
/// ``EmojiMatcher/maximumClusterLength``), or anything after a Prepend
/// scalar, is inside a cluster that began before it, so it is no emoji of
/// its own. A streaming scan carries the context of where one buffer ended
/// into the next (``ChunkedScanner``), so the answer does not depend on
/// where the input was split.
enum ClusterContext: UInt8, Sendable {
    /// Nothing joins what starts here to what came before (but GB9's extenders).
    case none
    /// `ExtPict Extend*` came before: a U+200D here, then a pictograph, goes on with it.
    case pictograph
    /// `ExtPict Extend* ZWJ` came before: a pictograph here goes on with it (GB11).
    case joiner
    /// A Prepend scalar came before: what starts here goes on with it (GB9b).
    case prepend

    /// The context at `index` of `bytes`, whose start has the context `entering`
    /// (that of the bytes before the buffer). Walks back over U+200D and
    /// extenders to the scalar that decides: amortised linear, as a walk never
    /// passes a pictograph or another scalar, and the scan asks once per place.
    static func before(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>, entering: ClusterContext) -> ClusterContext {
        var position = index
        var joined = false
        while true {
            guard position > 0 else {
                // The buffer's start: what came before it decides.
                if position == index { return entering }
                // Only extenders (and a U+200D first) since the start: they go on with a pictograph before it.
                guard entering == .pictograph else { return .none }
                return joined ? .joiner : .pictograph
            }
            // An invalid byte before: a unit of its own, after which every cluster starts afresh.
            guard let (value, start) = GraphemeBoundaries.scalar(endingAt: position, in: bytes) else { return .none }
            if position == index {
                if value == EmojiProperties.zwj {
                    joined = true
                    position = start
                    continue
                }
                if value >= 0x600 && !GraphemeBoundaries.cannotBePrepend(value) { return .prepend }
            }
            let flags = EmojiProperties.flags(value)
            if flags & EmojiProperties.pictographic != 0 { return joined ? .joiner : .pictograph }
            guard flags & EmojiProperties.extend != 0 else { return .none }
            position = start
        }
    }

    /// Whether a cluster starting with `value` at a place of this context
    /// begins there, rather than going on with the one before it.
    @inline(__always)
    func startsCluster(with value: UInt32) -> Bool {
        switch self {
        case .none, .pictograph: return true
        case .joiner: return EmojiProperties.flags(value) & EmojiProperties.pictographic == 0
        case .prepend: return false
        }
    }

    /// Whether the bytes just before `index` may leave a context other than
    /// ``none`` for an emoji: a U+200D (E2 80 8D), or a scalar whose lead byte
    /// is one that Prepend scalars have (D8, DB, DC, E0, F0 91). A few byte
    /// tests, so that the scanner asks ``before(_:in:entering:)`` only there.
    @inline(__always)
    static func mayJoin(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if index == 0 { return true }
        let last = bytes[index &- 1]
        guard last & 0xC0 == 0x80 else { return false }
        if index >= 3 && last == 0x8D && bytes[index &- 2] == 0x80 && bytes[index &- 3] == 0xE2 { return true }
        if index >= 2 {
            let lead = bytes[index &- 2]
            if lead == 0xD8 || lead == 0xDB || lead == 0xDC { return true }
        }
        if index >= 3 && bytes[index &- 3] == 0xE0 { return true }
        return index >= 4 && bytes[index &- 4] == 0xF0 && bytes[index &- 3] == 0x91
    }
}
