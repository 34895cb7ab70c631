/// Finds the face-aware units of a line: a whole catalog tag, else (with
/// `anyTag`) any short bracketed tag, `[…]` or `【…】`, else a whole grapheme
/// cluster, else one invalid byte.
struct UnitFinder {
    /// The longest bracketed text `anyTag` treats as one unit, in characters
    /// between the brackets: the same rule as `scan --unknown-tags`.
    static let anyTagLimit = UnknownTagMatcher.limit

    let catalog: FaceCatalog
    let anyTag: Bool

    /// The start of the unit that ends at `end` (a backspace from there).
    func unitStart(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var run = BackspaceRun(finder: self, end: end, presses: 1)
        return run.press(in: bytes) ? run.end : nil
    }

    /// The end of the unit that starts at `start` (a forward delete from there).
    func unitEnd(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard start < bytes.count else { return nil }
        if case .tag(let length, _) = catalog.index.tagTrie.longestMatch(in: bytes, at: start, isFinal: true) {
            return start + length
        }
        if anyTag, bytes[start] == UInt8(ascii: "[") || UnknownTagMatcher.opensFullWidth(bytes, at: start),
           case .tag(let length) = UnknownTagMatcher.match(in: bytes, at: start, isFinal: true) {
            return start + length
        }
        let window = GraphemeBoundaries.safePoint(before: start + 1, in: bytes, minimumDistance: 1)
        var distance = 64
        while true {
            // A break depends only on what precedes it, so any break found
            // before the window's end is final; the end is moved to a scalar boundary.
            var limit = min(bytes.count, start + distance)
            while limit < bytes.count && bytes[limit] & 0xC0 == 0x80 { limit += 1 }
            let starts = GraphemeBoundaries.starts(in: bytes, from: window, to: limit)
            if let next = starts.first(where: { $0 > start }) { return next }
            if limit == bytes.count { return bytes.count }
            distance *= 2
        }
    }

    /// The start of a catalog tag (or, with `anyTag`, a bracketed tag) ending at `end`.
    func tagStart(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if end > 0, bytes[end - 1] == UInt8(ascii: "]"), let brackets = catalog.index.bracketTags, brackets.decidesTagEnds {
            // One hash of the text from the nearest `[`, not a walk back through the reversed trie.
            if let start = brackets.tagStart(endingAt: end, in: bytes) { return start }
        } else if let (start, _) = catalog.index.reversedTagTrie.longestMatch(endingAt: end, in: bytes) {
            return start
        }
        guard anyTag, end > 0 else { return nil }
        // The closing bracket: `]`, or `】` (E3 80 91).
        let closing = bytes[end - 1] == UInt8(ascii: "]") ? 1
            : end >= 3 && bytes[end - 3] == 0xE3 && bytes[end - 2] == 0x80 && bytes[end - 1] == 0x91 ? 3 : 0
        guard closing > 0 else { return nil }
        // Back to the nearest opening bracket of either kind (within the limit), then the
        // forward rule decides: the tag must run from there to exactly `end`.
        var position = end - closing - 1
        var characters = 0
        while position >= 0 {
            let byte = bytes[position]
            if byte == UInt8(ascii: "[") || UnknownTagMatcher.opensFullWidth(bytes, at: position) {
                let match = UnknownTagMatcher.match(in: UnsafeBufferPointer(rebasing: bytes[..<end]), at: position, isFinal: true)
                return match == .tag(length: end - position) ? position : nil
            }
            if byte == UInt8(ascii: "]") || byte == 0x0A || byte == 0x0D { return nil }
            if byte & 0xC0 != 0x80 { characters += 1 }
            if characters > Self.anyTagLimit { return nil }
            position -= 1
        }
        return nil
    }
}

/// Deletes units from the end of a line again and again, computing grapheme
/// boundaries once per window rather than once per press, so `N` presses on
/// a long line stay linear.
struct BackspaceRun {
    let finder: UnitFinder
    private(set) var end: Int
    private var window = 0
    private var starts: [Int] = []

    /// Bytes of context to decode at a time: small for one press, larger when many are coming.
    private let batch: Int

    init(finder: UnitFinder, end: Int, presses: Int = 2) {
        self.finder = finder
        self.end = end
        batch = presses <= 1 ? 1 : 256
    }

    /// Deletes one unit before `end`; returns false if the line is empty.
    mutating func press(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard end > 0 else { return false }
        if let tag = finder.tagStart(endingAt: end, in: bytes) {
            end = tag
            while let last = starts.last, last >= end { starts.removeLast() }
            return true
        }
        return pressCluster(in: bytes)
    }

    /// Deletes one grapheme cluster (or invalid byte) before `end`, ignoring tags.
    mutating func pressCluster(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard end > 0 else { return false }
        if starts.isEmpty || end <= window {
            if let simple = GraphemeBoundaries.simpleLastUnit(before: end, in: bytes) {
                end = simple
                return true
            }
            window = GraphemeBoundaries.safePoint(before: end, in: bytes, minimumDistance: batch)
            if GraphemeBoundaries.isOneCluster(in: bytes, from: window, to: end) {
                // An emoji sequence alone after the safe point (the usual end of a line of emoji).
                end = window
                starts.removeAll(keepingCapacity: true)
                return true
            }
            starts = GraphemeBoundaries.starts(in: bytes, from: window, to: end)
        }
        end = starts.removeLast()
        return true
    }
}
