#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The render loop for the common case: the catalog's tags are simple
/// bracketed tags (`[` + text without brackets + `]`), but maybe those that
/// all start with one other byte (WeChat's `/::)` and `/:rose`), nothing but
/// tags is recognised, and text is copied unchanged (every style but HTML,
/// without emoji images).
///
/// Per `[` (found in place right after a tag, else by `memchr`) it loads
/// the next sixteen bytes as two words, which are both the search for `]`
/// and the hash key, and probes a sparse open-addressing table whose entries
/// hold the replacement bytes inline; text and replacements are written as
/// whole words into room made once per chunk when outputs are short.
/// Tags longer than sixteen bytes between the brackets, and the last bytes
/// of a chunk, go through ``BracketTagTable``. Tags that start with the other
/// byte are found by the same search as `[` (two bytes looked for sixteen at
/// a time instead of `memchr`) and matched in a ``PrefixTagTable``, or the
/// catalog's ``TagTrie`` when they do not fit one. The output is byte for
/// byte what the general scanner and ``RenderWriter`` write (tests compare
/// the two on random and hostile input, split at every chunk size).
struct BracketRenderKernel: Sendable {
    /// A tag between its brackets, as two words, and its output (inline when sixteen bytes or fewer).
    struct Entry {
        var key0: UInt64 = 0
        var key1: UInt64 = 0
        /// Bytes between the brackets; -1 for the empty entry.
        var keyLength: Int32 = -1
        var outputLength: Int32 = 0
        var output0: UInt64 = 0
        var output1: UInt64 = 0
        /// Where in `longOutputs` an output longer than sixteen bytes starts.
        var longStart: Int32 = 0
    }

    /// The tags, after an empty entry at index 0 (key length -1, so it matches nothing).
    let entries: [Entry]
    /// For each hash slot, an index into `entries` (0: empty). Many more
    /// slots than tags, so a probe seldom meets another tag first.
    let slots: [UInt16]
    let multiplier: UInt64
    let shift: UInt64
    let mask: Int
    let longOutputs: [UInt8]
    /// How many bytes longer than its tag an output may be, and the shortest tag (bounds for the output's size).
    let growth: Int
    let shortestTag: Int
    /// The general matcher, for long tags and chunk ends.
    let fallback: BracketTagTable
    let replacements: FlatStrings
    /// The tags that start with another byte than `[`, if any: that byte, the
    /// table they are found in (the trie when they do not fit one), the
    /// longest of them, and the output of each face (by face; `outputLength`
    /// -1: the tag stays as it is).
    let others: Others?

    /// What the kernel needs of the tags that start with another byte than `[`.
    struct Others: Sendable {
        let firstByte: UInt8
        let table: PrefixTagTable?
        let trie: TagTrie
        let longest: Int
        let outputs: [Entry]
    }

    /// The slot of a key of `length` bytes read as two words (for ``PrefixTagTable`` too).
    @inline(__always)
    static func slot(_ key0: UInt64, _ key1: UInt64, _ length: Int, _ multiplier: UInt64, _ shift: UInt64) -> Int {
        let mixed = (key0 ^ (key1 &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length)) &* multiplier
        return Int(truncatingIfNeeded: mixed &>> shift)
    }

    /// Renders `bytes` into `out` and returns how many bytes were consumed;
    /// when `isFinal` is false, the rest (a tag that may continue in the next
    /// chunk) must be given again with the input that follows it.
    func render(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into out: inout OutputBuffer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        var textStart = 0
        while index < count {
            let at = entries.withUnsafeBufferPointer { entries in
                fastRun(base, count: count, index: &index, textStart: &textStart, out: &out, entries.baseAddress!)
            }
            guard at < count else { break }
            // A `[` the fast loop leaves: near the end, or more than sixteen bytes before any `]`;
            // or the other tags' first byte near the end.
            let match = base[at] == UInt8(ascii: "[") ? fallback.match(in: bytes, at: at, isFinal: isFinal)
                : others!.trie.longestMatch(in: bytes, at: at, isFinal: isFinal)
            switch match {
            case .tag(let length, let face):
                out.append(UnsafeBufferPointer(rebasing: bytes[textStart..<at]))
                if !replacements.append(Int(face), to: &out) {
                    out.append(UnsafeBufferPointer(rebasing: bytes[at..<(at + length)]))
                }
                index = at + length
                textStart = index
            case .needMore:
                out.append(UnsafeBufferPointer(rebasing: bytes[textStart..<at]))
                return at
            case .none:
                index = at + 1
            }
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[textStart..<count]))
        return count
    }

    /// Renders from `index` until a `[` the table cannot decide (returned)
    /// or the last `[` (returns `count`); text after `textStart` is not yet written.
    /// Kept apart from the slow cases so its loop lives in registers.
    @inline(never)
    private func fastRun(_ base: UnsafePointer<UInt8>, count: Int, index: inout Int, textStart: inout Int,
                         out: inout OutputBuffer, _ entries: UnsafePointer<Entry>) -> Int {
        // A `[` at or before `fastEnd` has sixteen readable bytes after it.
        let fastEnd = count &- 17
        var next = index, text = textStart
        var tail = OutputTail(&out, room: 4096)
        defer {
            tail.commit(to: &out)
            index = next
            textStart = text
        }
        // When no output is more than a few bytes longer than its tag, room for the
        // whole chunk is made once (what it holds, what tags may add, and slack for
        // the whole-word writes); otherwise before each tag.
        let bounded = growth <= 4
        // Whether tags start with another byte, and that byte (else `[`, which the byte a
        // tag one byte on passes over cannot be): tested in registers, the tags in a call of their own.
        let hasOthers = others != nil
        let otherFirst = others?.firstByte ?? 0x5B
        if bounded { tail.reserve((count &- next) &+ ((count &- next) / shortestTag &+ 1) &* growth &+ 64, in: &out) }
        while next < count {
            let at: Int
            if next <= fastEnd && base[next] == 0x5B {
                at = next       // tags back to back
            } else if next < fastEnd && base[next &+ 1] == 0x5B && base[next] != otherFirst {
                at = next &+ 1  // one byte apart ("[哈哈] [心]", a line of tags after a line feed): found without a search
            } else {
                guard let found = Self.nextOpening(base, from: next, count: count, orAlso: hasOthers ? otherFirst : nil) else {
                    next = count
                    return count
                }
                guard found <= fastEnd else { next = found; return found }
                at = found
            }
            if hasOthers && base[at] != 0x5B {
                // A tag of the other kind, matched whole when all of it may be read.
                let length = otherTag(base, at: at, count: count, text: text, bounded: bounded, into: &tail, &out)
                guard length >= 0 else { next = at; return at }
                next = at &+ max(length, 1)
                if length > 0 { text = next }
                continue
            }
            let (length, entry) = probe(base + (at &+ 1), entries)
            guard length >= 0 else { next = at; return at }
            guard let entry else {
                next = at &+ 1
                continue
            }
            writeText(base, from: text, to: at, room: Int(truncatingIfNeeded: entry.pointee.outputLength), bounded: bounded,
                      into: &tail, &out)
            writeOutput(entry.pointee, into: &tail)
            next = at &+ length &+ 2
            text = next
        }
        return count
    }

    /// For ``fastRun(_:count:index:textStart:out:_:)``: the tag of the other
    /// kind at `at` (its first byte), written with the text before it from
    /// `text`; returns its length, 0 if none is there, -1 if it may run past
    /// `count` (the caller's slow path decides). Its own function: for a
    /// catalog of `[…]` tags alone the loop stays as it was.
    @inline(never)
    private func otherTag(_ base: UnsafePointer<UInt8>, at: Int, count: Int, text: Int, bounded: Bool,
                          into tail: inout OutputTail, _ out: inout OutputBuffer) -> Int {
        let others = others.unsafelyUnwrapped
        guard at &+ others.longest <= count else { return -1 }
        let match: (length: Int, face: Int32)?
        if let table = others.table {
            match = table.longestMatch(at: UnsafeRawPointer(base + at))      // sixteen bytes are there
        } else if case .tag(let length, let face) = others.trie.longestMatch(in: UnsafeBufferPointer(start: base, count: count),
                                                                              at: at, isFinal: true) {
            match = (length, face)
        } else {
            match = nil
        }
        guard let (length, face) = match else { return 0 }
        let output = others.outputs[Int(face)]
        let stays = output.outputLength < 0
        writeText(base, from: text, to: at, room: stays ? length : Int(output.outputLength), bounded: bounded, into: &tail, &out)
        if stays {
            tail.copy(UnsafeRawPointer(base + at), length)
        } else {
            writeOutput(output, into: &tail)
        }
        return length
    }

    /// Writes the text from `text` to a tag at `at`, first making room for it
    /// and `room` bytes of output when the chunk's room was not made at once.
    @inline(__always)
    private func writeText(_ base: UnsafePointer<UInt8>, from text: Int, to at: Int, room: Int, bounded: Bool,
                           into tail: inout OutputTail, _ out: inout OutputBuffer) {
        let textLength = at &- text
        if !bounded { tail.reserve(textLength &+ room &+ 32, in: &out) }
        if textLength <= 16 {
            // Two word copies (the reads stay before the tag's end, the writes within the room reserved).
            tail.copyWords(UnsafeRawPointer(base + text), textLength)
        } else {
            tail.copy(UnsafeRawPointer(base + text), textLength)
        }
    }

    /// Writes a tag's output: its two words, or its bytes in `longOutputs` when longer than sixteen.
    @inline(__always)
    private func writeOutput(_ output: Entry, into tail: inout OutputTail) {
        let length = Int(truncatingIfNeeded: output.outputLength)
        if length <= 16 {
            tail.storeWords(output.output0, output.output1, length)
        } else {
            longOutputs.withUnsafeBytes { tail.copy($0.baseAddress! + Int(output.longStart), length) }
        }
    }

    /// The position of the next `[`, or of the other tags' first byte, at or
    /// after `start` (tags often follow each other:
    /// ``ByteSearch/firstIndex(of:in:from:)`` tests the next eight bytes in place).
    @inline(__always)
    private static func nextOpening(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, orAlso other: UInt8?) -> Int? {
        let bytes = UnsafeBufferPointer(start: base, count: count)
        guard let other else { return ByteSearch.firstIndex(of: 0x5B, in: bytes, from: start) }
        return firstOpening(of: other, in: bytes, from: start)
    }

    /// The search for either byte in a call of its own: inlined, its vector
    /// constants were kept across `memchr` in the loop of catalogs without other tags.
    @inline(never)
    private static func firstOpening(of other: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        ByteSearch.firstIndex(of: 0x5B, or: other, in: bytes, from: start)
    }

    /// Looks up the bracketed bytes at `content` (just after a `[`, with
    /// sixteen readable bytes): the number of bytes before `]` (-1 if `]` is
    /// not among the sixteen) and the table entry, if any.
    @inline(__always)
    private func probe(_ content: UnsafePointer<UInt8>, _ entries: UnsafePointer<Entry>) -> (Int, UnsafePointer<Entry>?) {
        let raw = UnsafeRawPointer(content)
        let first = UInt64(littleEndian: raw.unalignedWord())
        let second = UInt64(littleEndian: raw.unalignedWord(at: 8))
        // Where `]` is, without a branch on which word holds it (as one, it mispredicted for 30% of
        // the tags of a text of nothing but tags, cachegrind).
        let length = ByteSearch.firstIndex(of: UInt8(ascii: "]"), inWords: first, second)
        guard length < 16 else { return (-1, nil) }
        let key0 = first & WordMask.first(length)
        let over = length &- 8
        let key1 = second & WordMask.first(over & ~(over &>> 63))
        var slot = Self.slot(key0, key1, length, multiplier, shift)
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let index = Int(slots[slot])
                let entry = entries + index
                if Int(truncatingIfNeeded: entry.pointee.keyLength) == length && entry.pointee.key0 == key0 && entry.pointee.key1 == key1 {
                    return (length, entry)
                }
                if index == 0 { return (length, nil) }
                slot = (slot &+ 1) & mask
            }
        }
    }
}
