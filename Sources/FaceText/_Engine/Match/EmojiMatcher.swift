/// Finds the emoji grapheme cluster starting at a position: keycaps, flags
/// (regional indicator pairs), ZWJ sequences, skin tones, tag sequences and
/// variation selectors, following the extended grapheme cluster rules
/// (GB9, GB11, GB12) on the bytes directly.
struct EmojiMatcher: Sendable {
    /// Clusters longer than this many bytes are left as text: no catalog emoji
    /// is that long, and it bounds what the streaming scanner holds back.
    static let maximumClusterLength = 512

    enum Match: Equatable {
        /// Not the start of an emoji; advance one byte.
        case none
        /// An emoji cluster of `length` bytes; `face` is its catalog face or -1.
        case emoji(length: Int, face: FaceCode)
        /// A cluster of `length` bytes that is not an emoji (or too long): text.
        case text(length: Int)
        case needMore
    }

    let emojiIndex: ByteKeyTable
    /// For each scalar of U+2000–U+2FFF (E2 xx xx, entries 0–4095) and
    /// U+1F000–U+1FFFF (F0 9F xx xx, entries 4096–8191), where emoji live, the
    /// match of that scalar alone, precomputed (``ScalarCode``). Index with ``blockUnit(_:)``. Two
    /// entries follow for `©` and `®` (``copyrightEntry``), the only emoji
    /// below U+2000 but the keycap bases.
    let blockCodes: [ScalarCode]
    /// The emoji properties (``EmojiProperties``) of the same scalars, read
    /// without the lazy-global check of the shared tables.
    let blockFlags: [UInt8]
    /// Whether the tables above were built (a stored flag: asking the array
    /// costs a call where the inliner gives up, in the scan loop).
    let hasBlockTables: Bool
    /// The entry of `©` (U+00A9) in ``blockCodes`` and ``blockFlags``; `®` (U+00AE) has the next.
    static let copyrightEntry = 8192

    typealias P = EmojiProperties

    /// A matcher; `precompute` builds the tables of the fast paths (for scanners that look for emoji).
    init(emojiIndex: ByteKeyTable, precompute: Bool = true) {
        self.emojiIndex = emojiIndex
        hasBlockTables = precompute
        guard precompute else {
            (blockFlags, blockCodes) = ([], [])
            return
        }
        // One plain loop: this runs at every start of the command-line tool.
        var flags = [UInt8](repeating: 0, count: Self.copyrightEntry + 2)
        var codes = [ScalarCode](repeating: .notEmoji, count: Self.copyrightEntry + 2)
        flags.withUnsafeMutableBufferPointer { flags in
            codes.withUnsafeMutableBufferPointer { codes in
                for entry in 0..<Self.copyrightEntry + 2 {
                    let value = entry < 4096 ? 0x2000 + UInt32(entry)
                        : entry < Self.copyrightEntry ? 0x1F000 + UInt32(entry - 4096)
                        : entry == Self.copyrightEntry ? 0xA9 : 0xAE
                    flags[entry] = P.flags(value)
                    codes[entry] = Self.code(of: value, flags: flags[entry], emojiIndex)
                }
            }
        }
        blockFlags = flags
        blockCodes = codes
    }

    static func code(of value: UInt32, flags: UInt8, _ emojiIndex: ByteKeyTable) -> ScalarCode {
        if flags & P.regionalIndicator != 0 { return .regionalIndicator }
        if flags & P.extend != 0 || value == P.zwj { return .extender }
        if flags & P.emoji == 0 { return .notEmoji }
        // The scalar's UTF-8 bytes (two for © and ®, else three or four), without a String.
        var utf8 = value < 0x800
            ? (0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8
            : value < 0x10000
            ? (0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16
            : (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16 | (0x80 | value & 0x3F) << 24
        utf8 = utf8.littleEndian
        let length = value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        let face = withUnsafeBytes(of: &utf8) { emojiIndex.value(for: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
        if let face { return ScalarCode(FaceCode(face: face)) }
        return ScalarCode(flags & P.presentation != 0 ? .noFace : .text)
    }

    /// The table entry and length of a scalar of the two blocks given as its
    /// first four bytes in memory order (E2 xx xx, or F0 9F xx xx); nil for any other bytes.
    @inline(__always)
    static func blockUnit(_ raw: UInt32) -> (index: Int, length: Int)? {
        // Both readings computed and one selected: which block comes next is
        // as random as the text, so it is better not branched on.
        let word = UInt32(littleEndian: raw)
        let isHigh = word & 0xC0C0_FFFF == 0x8080_9FF0
        let isLow = word & 0xC0_C0FF == 0x80_80E2
        let high = 4096 | Int(word >> 10 & 0xFC0) | Int(word >> 24 & 0x3F)
        let low = Int(word >> 2 & 0xFC0) | Int(word >> 16 & 0x3F)
        guard isHigh || isLow else { return nil }
        return (isHigh ? high : low, isHigh ? 4 : 3)
    }

    /// The table entry of `©` or `®`, given its first two bytes as a
    /// little-endian number (C2 A9 is 0xA9C2), as both callers have them; nil
    /// for any other bytes.
    @inline(__always)
    static func latinEntry(_ bytes: UInt16) -> Int? {
        guard bytes == 0xA9C2 || bytes == 0xAEC2 else { return nil }
        return copyrightEntry + Int(bytes >> 8 == 0xAE ? 1 : 0)
    }

    /// Matches at `start`, whose byte is not ASCII or is a keycap base (`#`, `*`, `0`–`9`).
    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        if let (length, face) = cluster(in: bytes, at: start) { return .emoji(length: length, face: face) }
        if let simple = simpleEmoji(bytes, start) { return simple }
        return matchCluster(in: bytes, at: start, isFinal: isFinal)
    }

    /// An emoji of U+1F000–U+1FFFF at `start` that the fast path decides as
    /// an emoji (its length and face, ``FaceCode/noFace`` for none), or nil for anything else:
    /// the same answer as ``match(in:at:isFinal:)``, in fewer steps. `code` is
    /// the table code of the scalar at `start` when a previous call gave it
    /// back as `next` (the code of the scalar that follows, if in the block).
    @inline(__always)
    func fourByteEmoji(in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                       code known: ScalarCode?) -> (length: Int, face: FaceCode, next: ScalarCode?)? {
        let count = bytes.count
        // The scalar after the emoji (and U+FE0F) is read whole: at least eight bytes must be there.
        guard start &+ 7 < count, hasBlockTables else { return nil }
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let code: ScalarCode
        if let known {
            code = known
        } else {
            guard let looked = code1F(base.unalignedUnit(at: start)) else { return nil }
            code = looked
        }
        guard code.isEmoji else { return nil }
        var end = start &+ 4
        if UInt32(littleEndian: base.unalignedUnit(at: end)) & 0xFF_FFFF == 0x8F_B8EF {
            end = start &+ 7        // U+FE0F
            guard end &+ 3 < count else { return nil }
        }
        if let next = code1F(base.unalignedUnit(at: end)) {
            return next == .extender ? nil : (end &- start, code.cluster, next)
        }
        guard let extends = mayExtend(bytes, at: end), !extends else { return nil }
        return (end &- start, code.cluster, nil)
    }

    /// An emoji right after another face, as ``match(in:at:isFinal:)`` would
    /// find it, or nil: when it starts with F0, with E2 when `e2` allows, or
    /// with a keycap base when `keycaps` does, whatever the fast paths decide
    /// is an emoji, with its face (``FaceCode/noFace`` for none), or a single scalar that is
    /// text (`©` without U+FE0F), with ``FaceCode/text``. (A lone scalar of
    /// U+1F000–U+1FFFF is quicker through ``fourByteEmoji(in:at:code:)``.)
    @inline(__always)
    func runEmoji(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, e2: Bool, keycaps: Bool) -> (length: Int, face: FaceCode)? {
        guard start < bytes.count else { return nil }
        let lead = bytes[start]
        guard mayStartRun(lead, e2: e2, keycaps: keycaps) else { return nil }
        if let found = cluster(in: bytes, at: start) { return found }
        switch simpleEmoji(bytes, start) {
        case .emoji(let length, let face)?: return (length, face)
        case .text(let length)? where lead >= 0x80: return (length, .text)     // never a lone regional indicator here
        default: return nil
        }
    }

    /// Whether ``runEmoji(in:at:e2:keycaps:)`` may find an emoji starting with `lead`.
    @inline(__always)
    func mayStartRun(_ lead: UInt8, e2: Bool, keycaps: Bool) -> Bool {
        lead == 0xF0 || (e2 && lead == 0xE2) || (keycaps && Self.isKeycapBase(lead))
    }

    /// Whether `byte` may begin a keycap: `#`, `*` or `0`–`9`.
    @inline(__always)
    static func isKeycapBase(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x23 || byte == 0x2A
    }

    /// The table code of a scalar E2 `b1` `b2`, or nil if those are not continuation bytes.
    @inline(__always)
    func code2(_ b1: UInt8, _ b2: UInt8) -> ScalarCode? {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        return blockCodes.withUnsafeBufferPointer { $0[Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)] }
    }

    /// The table code of a scalar F0 9F xx xx given as four bytes in memory order, or nil for other bytes.
    @inline(__always)
    func code1F(_ raw: UInt32) -> ScalarCode? {
        let word = UInt32(littleEndian: raw)
        guard word & 0xC0C0_FFFF == 0x8080_9FF0 else { return nil }      // F0 9F, then two continuation bytes
        return blockCodes.withUnsafeBufferPointer { $0[4096 | Int(word >> 10 & 0xFC0) | Int(word >> 24 & 0x3F)] }
    }
}
