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
        case emoji(length: Int, face: Int32)
        /// A cluster of `length` bytes that is not an emoji (or too long): text.
        case text(length: Int)
        case needMore
    }

    let emojiIndex: ByteKeyTable
    /// For each scalar of U+2000–U+2FFF (E2 xx xx, entries 0–4095) and
    /// U+1F000–U+1FFFF (F0 9F xx xx, entries 4096–8191), where emoji live, the
    /// match of that scalar alone, precomputed: its face, or ``noFace``,
    /// ``textCode``, ``noneCode``, ``slowCode``, or ``extendCode`` for a
    /// scalar that extends a cluster. Index with ``blockUnit(_:)``. Two
    /// entries follow for `©` and `®` (``copyrightEntry``), the only emoji
    /// below U+2000 but the keycap bases.
    let blockCodes: [Int32]
    /// The emoji properties (``EmojiProperties``) of the same scalars, read
    /// without the lazy-global check of the shared tables.
    let blockFlags: [UInt8]
    /// Whether the tables above were built (a stored flag: asking the array
    /// costs a call where the inliner gives up, in the scan loop).
    let hasBlockTables: Bool
    /// The entry of `©` (U+00A9) in ``blockCodes`` and ``blockFlags``; `®` (U+00AE) has the next.
    static let copyrightEntry = 8192
    static let noFace: Int32 = -1, textCode: Int32 = -2, noneCode: Int32 = -3, slowCode: Int32 = -4
    static let extendCode: Int32 = -5

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
        var codes = [Int32](repeating: 0, count: Self.copyrightEntry + 2)
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

    private static func code(of value: UInt32, flags: UInt8, _ emojiIndex: ByteKeyTable) -> Int32 {
        if flags & P.regionalIndicator != 0 { return slowCode }
        if flags & P.extend != 0 || value == P.zwj { return extendCode }
        if flags & P.emoji == 0 { return noneCode }
        // The scalar's UTF-8 bytes (two for © and ®, else three or four), without a String.
        var utf8 = value < 0x800
            ? (0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8
            : value < 0x10000
            ? (0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16
            : (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16 | (0x80 | value & 0x3F) << 24
        utf8 = utf8.littleEndian
        let length = value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        let face = withUnsafeBytes(of: &utf8) { emojiIndex.value(for: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
        if let face { return face }
        return flags & P.presentation != 0 ? noFace : textCode
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
    /// an emoji (its length and face, -1 for none), or nil for anything else:
    /// the same answer as ``match(in:at:isFinal:)``, in fewer steps. `code` is
    /// the table code of the scalar at `start` when a previous call gave it
    /// back as `next` (the code of the scalar that follows, if in the block).
    @inline(__always)
    func fourByteEmoji(in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                       code known: Int32?) -> (length: Int, face: Int32, next: Int32?)? {
        let count = bytes.count
        // The scalar after the emoji (and U+FE0F) is read whole: at least eight bytes must be there.
        guard start &+ 7 < count, hasBlockTables else { return nil }
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let code: Int32
        if let known {
            code = known
        } else {
            guard let looked = code1F(base.unalignedUnit(at: start)) else { return nil }
            code = looked
        }
        guard code >= Self.noFace else { return nil }
        var end = start &+ 4
        if UInt32(littleEndian: base.unalignedUnit(at: end)) & 0xFF_FFFF == 0x8F_B8EF {
            end = start &+ 7        // U+FE0F
            guard end &+ 3 < count else { return nil }
        }
        if let next = code1F(base.unalignedUnit(at: end)) {
            return next == Self.extendCode ? nil : (end &- start, code, next)
        }
        guard let extends = mayExtend(bytes, at: end), !extends else { return nil }
        return (end &- start, code, nil)
    }

    /// An emoji right after another face, as ``match(in:at:isFinal:)`` would
    /// find it, or nil: when it starts with F0, with E2 when `e2` allows, or
    /// with a keycap base when `keycaps` does, whatever the fast paths decide
    /// is an emoji, with its face (-1 for none), or a single scalar that is
    /// text (`©` without U+FE0F), with face ``textCode``. (A lone scalar of
    /// U+1F000–U+1FFFF is quicker through ``fourByteEmoji(in:at:code:)``.)
    @inline(__always)
    func runEmoji(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, e2: Bool, keycaps: Bool) -> (length: Int, face: Int32)? {
        guard start < bytes.count else { return nil }
        let lead = bytes[start]
        guard mayStartRun(lead, e2: e2, keycaps: keycaps) else { return nil }
        if let found = cluster(in: bytes, at: start) { return found }
        switch simpleEmoji(bytes, start) {
        case .emoji(let length, let face)?: return (length, face)
        case .text(let length)? where lead >= 0x80: return (length, Self.textCode)     // never a lone regional indicator here
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
    private func code2(_ b1: UInt8, _ b2: UInt8) -> Int32? {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        return blockCodes.withUnsafeBufferPointer { $0[Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)] }
    }

    /// The table code of a scalar F0 9F xx xx given as four bytes in memory order, or nil for other bytes.
    @inline(__always)
    private func code1F(_ raw: UInt32) -> Int32? {
        let word = UInt32(littleEndian: raw)
        guard word & 0xC0C0_FFFF == 0x8080_9FF0 else { return nil }      // F0 9F, then two continuation bytes
        return blockCodes.withUnsafeBufferPointer { $0[4096 | Int(word >> 10 & 0xFC0) | Int(word >> 24 & 0x3F)] }
    }

    /// The fast path for the most common emoji: one scalar of U+2000–U+2FFF
    /// or U+1F000–U+1FFFF, maybe U+FE0F, then a scalar that does not extend
    /// the cluster. The answer is what ``matchCluster(in:at:isFinal:)`` gives,
    /// read from a table; nil sends every other case (and any doubt at the
    /// end of the buffer) to the full matcher.
    @inline(__always)
    private func simpleEmoji(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        let count = bytes.count
        guard start + 4 < count, hasBlockTables else { return nil }
        let lead = bytes[start]
        var code: Int32
        var end: Int
        if lead == 0xF0 {
            guard let looked = code1F(UnsafeRawPointer(bytes.baseAddress! + start).unalignedUnit()) else { return nil }
            code = looked
            end = start + 4
        } else if lead == 0xE2 {
            guard let looked = code2(bytes[start + 1], bytes[start + 2]) else { return nil }
            code = looked
            end = start + 3
        } else if lead < 0x80 {
            return keycap(bytes, start)
        } else if let entry = Self.latinEntry(UInt16(lead) | UInt16(bytes[start + 1]) << 8) {
            // © and ®: answered here as ™ is, not by the full matcher.
            code = blockCodes.withUnsafeBufferPointer { $0[entry] }
            end = start + 2
        } else {
            return nil
        }
        if code == Self.noneCode || code == Self.extendCode { return Match.none }
        if code == Self.slowCode {
            // A regional indicator: a flag when another one follows.
            guard end + 3 < count,
                  Self.isRegionalIndicator(UnsafeRawPointer(bytes.baseAddress! + end).unalignedUnit()) else { return nil }
            return pair(bytes, start, end + 4)
        }
        if end + 3 < count, bytes[end] == 0xF0, bytes[end + 1] == 0x9F, bytes[end + 2] == 0x8F,
           bytes[end + 3] >= 0xBB, bytes[end + 3] <= 0xBF {
            return pair(bytes, start, end + 4)      // a skin tone
        }
        var qualified = false
        if end + 2 < count, bytes[end] == 0xEF, bytes[end + 1] == 0xB8, bytes[end + 2] == 0x8F {
            end += 3
            qualified = true
        }
        guard let extends = mayExtend(bytes, at: end) else { return nil }
        if extends { return joinedSequence(bytes, start) }
        if code >= 0 { return .emoji(length: end - start, face: code) }
        return code == Self.noFace || qualified ? .emoji(length: end - start, face: -1) : .text(length: end - start)
    }

    /// A keycap (`1`, maybe U+FE0F, U+20E3) that nothing extends; nil for anything else.
    @inline(__always)
    func keycap(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        var end = start + 1
        if bytes[end] == 0xEF {
            guard end + 2 < bytes.count, bytes[end + 1] == 0xB8, bytes[end + 2] == 0x8F else { return nil }
            end += 3
        }
        guard end + 2 < bytes.count, bytes[end] == 0xE2, bytes[end + 1] == 0x83, bytes[end + 2] == 0xA3 else { return nil }
        end += 3
        guard let extends = mayExtend(bytes, at: end), !extends else { return nil }
        // Looked up without U+FE0F, as the catalog's emoji are.
        var key = (UInt32(bytes[start]) | 0xA383_E200).littleEndian     // base, E2 83 A3
        let face = withUnsafeBytes(of: &key) { emojiIndex.sequenceValue(for: $0) }
        return .emoji(length: end - start, face: face ?? -1)
    }

    /// Two four-byte scalars that make one emoji (a flag, or a base and a skin
    /// tone) ending at `end`, when nothing extends them; nil sends it to the full matcher.
    @inline(__always)
    private func pair(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Match? {
        guard let extends = mayExtend(bytes, at: end) else { return nil }
        if extends { return joinedSequence(bytes, start) }
        let face = emojiIndex.sequenceValue(for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        return .emoji(length: end - start, face: face ?? -1)
    }

    /// A ZWJ sequence of pictographs from the two blocks, each maybe followed
    /// by U+FE0F or a skin tone (`👨‍👩‍👧`, `🏳️‍🌈`, `🧑🏽‍💻`), or a pictograph with
    /// tag characters (`🏴󠁧󠁢󠁥󠁮󠁧󠁿`), that nothing extends; nil for any other shape,
    /// which the full matcher then decides. The key without U+FE0F is built
    /// on the way.
    @inline(never)
    private func joinedSequence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        let count = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var key = FixedKey()
        var index = start
        var joined = false
        while true {
            guard index + 7 < count, let (length, scalarFlags) = blockScalar(bytes, at: index),
                  scalarFlags & P.pictographic != 0, scalarFlags & (P.extend | P.regionalIndicator) == 0,
                  key.append(raw.unalignedUnit(at: index), length: length) else { return nil }
            index += length
            let next = raw.unalignedUnit(at: index)
            if Self.isSelector(next) {
                index += 3                                          // U+FE0F, not part of the key
            } else if Self.isSkinTone(next) {
                guard key.append(next, length: 4) else { return nil }
                index += 4
            }
            while index + 3 < count, Self.isTagCharacter(raw.unalignedUnit(at: index)) {
                guard key.append(raw.unalignedUnit(at: index), length: 4) else { return nil }
                index += 4
                joined = true
            }
            guard index + 3 < count else { return nil }
            let joiner = raw.unalignedUnit(at: index)
            guard UInt32(littleEndian: joiner) & 0xFF_FFFF == 0x8D_80E2 else { break }      // E2 80 8D, U+200D
            guard key.append(joiner, length: 3) else { return nil }
            index += 3
            joined = true
        }
        guard joined, index - start <= Self.maximumClusterLength, let extends = mayExtend(bytes, at: index), !extends else {
            return nil
        }
        let face = key.withBytes { emojiIndex.sequenceValue(for: $0) }
        return .emoji(length: index - start, face: face ?? -1)
    }

    /// Whether four bytes in memory order begin with U+FE0F (EF B8 8F).
    @inline(__always)
    static func isSelector(_ word: UInt32) -> Bool {
        UInt32(littleEndian: word) & 0xFF_FFFF == 0x8F_B8EF
    }

    /// Whether four bytes in memory order are a skin tone, U+1F3FB–U+1F3FF (F0 9F 8F BB–BF).
    @inline(__always)
    static func isSkinTone(_ word: UInt32) -> Bool {
        let value = UInt32(littleEndian: word)
        return value & 0xFF_FFFF == 0x8F_9FF0 && value >> 24 >= 0xBB && value >> 24 <= 0xBF
    }

    /// Whether four bytes in memory order are a regional indicator, U+1F1E6–U+1F1FF (F0 9F 87 A6–BF).
    @inline(__always)
    static func isRegionalIndicator(_ word: UInt32) -> Bool {
        let value = UInt32(littleEndian: word)
        return value & 0xFF_FFFF == 0x87_9FF0 && value >> 24 >= 0xA6 && value >> 24 <= 0xBF
    }

    /// Whether four bytes in memory order are a tag character, U+E0020–U+E007F
    /// (F3 A0 80 A0–BF, F3 A0 81 80–BF), which extend a cluster.
    @inline(__always)
    static func isTagCharacter(_ word: UInt32) -> Bool {
        let value = UInt32(littleEndian: word)
        let last = value >> 24
        switch value & 0xFF_FFFF {
        case 0x80_A0F3: return last >= 0xA0 && last <= 0xBF
        case 0x81_A0F3: return last >= 0x80 && last <= 0xBF
        default: return false
        }
    }

    /// The length and emoji properties of a whole scalar of U+2000–U+2FFF or U+1F000–U+1FFFF at `index`; nil for others.
    @inline(__always)
    private func blockScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, UInt8)? {
        guard index + 3 < bytes.count,
              let (entry, length) = Self.blockUnit(UnsafeRawPointer(bytes.baseAddress! + index).unalignedUnit()) else { return nil }
        return (length, blockFlags.withUnsafeBufferPointer { $0[entry] })
    }

    /// Whether the scalar at `index` extends a cluster (Extend or ZWJ), as
    /// the full matcher decides it; nil when the buffer ends too soon to tell.
    @inline(__always)
    func mayExtend(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool? {
        guard index &+ 3 < bytes.count else { return nil }
        let raw = UnsafeRawPointer(bytes.baseAddress! + index).unalignedUnit()
        if let (entry, _) = Self.blockUnit(raw), hasBlockTables {
            return blockCodes.withUnsafeBufferPointer { $0[entry] } == Self.extendCode
        }
        let lead = bytes[index]
        // ASCII, U+0080–U+02FF (lead bytes C2–CB: Latin-1 and letters, before the combining marks)
        // and U+4000–U+9FFF, which hold no extender (tested); invalid E2 and F0 9F bytes are decoded below.
        if lead < 0x80 || (lead >= 0xC2 && lead <= 0xCB) || (lead >= 0xE4 && lead <= 0xE9) { return false }
        if Self.isTagCharacter(raw) { return true }
        return Self.extends(bytes, at: index)
    }

    /// Whether the scalar whose first four bytes (in memory order) are `raw`
    /// surely extends no cluster: ASCII, U+0080–U+02FF, U+4000–U+9FFF, or a
    /// scalar of the two blocks that is no extender. False also when unsure
    /// (any other scalar), so that the caller takes its slower path.
    /// (`codes` is ``blockCodes``, held by the caller for a whole loop.)
    @inline(__always)
    static func surelyEnds(_ raw: UInt32, codes: UnsafeBufferPointer<Int32>) -> Bool {
        let word = UInt32(littleEndian: raw)
        let lead = word & 0xFF
        if lead < 0x80 || lead &- 0xE4 < 6 { return true }
        // Else U+0080–U+02FF (C2–CB, © and ® among them), which hold no extender (tested).
        guard let (entry, _) = blockUnit(raw) else { return lead &- 0xC2 < 10 }
        return codes[entry] != extendCode
    }

    /// A single scalar of the two blocks (table entry `entry`), maybe with
    /// U+FE0F (`qualified`; `length` bytes in all), as a cluster of a run,
    /// when what follows is known not to extend it: its length and face,
    /// ``noFace`` for an emoji without one, ``textCode`` for text (a scalar
    /// of text style without U+FE0F); nil for a scalar that is no emoji, or one that extends.
    /// (`codes` is ``blockCodes``, held by the caller for a whole loop.)
    @inline(__always)
    static func lone(entry: Int, length: Int, qualified: Bool, codes: UnsafeBufferPointer<Int32>) -> (length: Int, face: Int32)? {
        let code = codes[entry]
        guard code >= textCode else { return nil }
        // With U+FE0F, a scalar of text style is an emoji (without a face, or it would have one).
        return (length, qualified && code == textCode ? noFace : code)
    }

    /// `mayExtend` for the rarer lead bytes: the scalar decoded and looked up.
    @inline(never)
    private static func extends(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard case .scalar(let value, _) = UTF8Decoder.decode(bytes, at: index) else { return false }
        return value == P.zwj || P.flags(value) & P.extend != 0 || P.isSpacingMark(value)
    }

    private func matchCluster(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        guard case .scalar(let first, let firstLength) = UTF8Decoder.decode(bytes, at: start) else {
            if case .truncated = UTF8Decoder.decode(bytes, at: start), !isFinal { return .needMore }
            return .none
        }
        let firstFlags = first < 0x80 ? 0 : flags(first)
        var end = start + firstLength
        var qualified = firstFlags & P.presentation != 0
        var pictographic = firstFlags & P.pictographic != 0

        if first < 0x80 {
            // Keycap: base, optional U+FE0F, then U+20E3.
            var next = scalar(bytes, at: end, isFinal)
            if case .needMore = next { return .needMore }
            if case .scalar(0xFE0F, let length) = next {
                end += length
                next = scalar(bytes, at: end, isFinal)
                if case .needMore = next { return .needMore }
            }
            guard case .scalar(0x20E3, let length) = next else { return .none }
            end += length
            qualified = true
        } else if firstFlags & P.regionalIndicator != 0 {
            switch scalar(bytes, at: end, isFinal) {
            case .needMore: return .needMore
            case .scalar(let value, let length) where flags(value) & P.regionalIndicator != 0:
                end += length
                qualified = true
            default: return .text(length: firstLength)
            }
        } else if firstFlags & P.emoji == 0 || firstFlags & P.extend != 0 {
            return .none
        }

        // U+FE0E right after the first scalar asks for text presentation: the cluster is text.
        var textStyle = false
        // Extend the cluster: Extend and ZWJ (GB9), SpacingMark (GB9a), ZWJ + pictograph (GB11).
        var trailingMarks = end    // where a run of non-emoji combining marks began
        while true {
            if end - start > Self.maximumClusterLength { return .text(length: end - start) }
            if end < bytes.count && bytes[end] < 0x80 { break }     // ASCII never extends a cluster
            let next = scalar(bytes, at: end, isFinal)
            guard case .scalar(let value, let length) = next else {
                if case .needMore = next { return .needMore }
                break
            }
            let valueFlags = flags(value)
            if value == 0xFE0E && end == start + firstLength { textStyle = true }
            if valueFlags & P.extend != 0 {
                if valueFlags & P.emojiExtend != 0 {
                    qualified = true
                    trailingMarks = end + length
                }
                end += length
            } else if value == P.zwj {
                end += length
                if pictographic {
                    let after = scalar(bytes, at: end, isFinal)
                    if case .needMore = after { return .needMore }
                    if case .scalar(let joined, let joinedLength) = after, flags(joined) & P.pictographic != 0 {
                        end += joinedLength
                        qualified = true
                        trailingMarks = end
                        continue
                    }
                }
                pictographic = false
                trailingMarks = end
            } else if EmojiProperties.isSpacingMark(value) {
                end += length
                pictographic = false            // GB11 joins only across extenders
            } else {
                break
            }
        }
        if textStyle { return .text(length: end - start) }
        return classify(bytes, start: start, end: end, markStart: trailingMarks, qualified: qualified)
    }

    /// Looks the cluster up (without U+FE0F); if it is not a face but is one
    /// once its trailing non-emoji marks are set aside, it is that face, the
    /// marks with it: a face token is always a whole cluster.
    private func classify(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, markStart: Int, qualified: Bool) -> Match {
        if let face = lookup(bytes, start, end) { return .emoji(length: end - start, face: face) }
        if markStart < end, let face = lookup(bytes, start, markStart) {
            return .emoji(length: end - start, face: face)
        }
        return qualified ? .emoji(length: end - start, face: -1) : .text(length: end - start)
    }

    @inline(__always)
    private func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32? {
        guard emojiIndex.count > 0 else { return nil }
        let slice = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        // Compared without U+FE0F (EF B8 8F); most clusters have none, and are looked up as they are.
        guard slice.contains(0xEF) else { return emojiIndex.value(for: slice) }
        var key = FixedKey()
        guard key.fill(from: slice) else { return emojiIndex.value(for: EmojiKey.normalized(slice)) }
        return key.withBytes { emojiIndex.value(for: $0) }
    }

    private enum Next {
        case scalar(UInt32, Int)
        case end
        case needMore
    }

    /// The emoji properties of `value`, from this matcher's tables where it has them.
    @inline(__always)
    private func flags(_ value: UInt32) -> UInt8 {
        if hasBlockTables {
            if value &- 0x1F000 < 0x1000 { return blockFlags.withUnsafeBufferPointer { $0[4096 + Int(value &- 0x1F000)] } }
            if value &- 0x2000 < 0x1000 { return blockFlags.withUnsafeBufferPointer { $0[Int(value &- 0x2000)] } }
            if value == 0xFE0F { return P.extend | P.emojiExtend }
        }
        return P.flags(value)
    }

    @inline(__always)
    private func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ isFinal: Bool) -> Next {
        // The three- and four-byte scalars of emoji, decoded without the general loop.
        if index + 3 < bytes.count {
            let lead = bytes[index], b1 = bytes[index + 1], b2 = bytes[index + 2]
            if lead == 0xF0, b1 >= 0x90, b1 <= 0xBF, b2 & 0xC0 == 0x80, bytes[index + 3] & 0xC0 == 0x80 {
                return .scalar(UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
            }
            if lead & 0xF0 == 0xE0, lead != 0xE0, lead != 0xED, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 {
                return .scalar(UInt32(lead & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F), 3)
            }
        }
        guard index < bytes.count else { return isFinal ? .end : .needMore }
        switch UTF8Decoder.decode(bytes, at: index) {
        case .scalar(let value, let length): return .scalar(value, length)
        case .invalid: return .end
        case .truncated: return isFinal ? .end : .needMore
        }
    }
}
