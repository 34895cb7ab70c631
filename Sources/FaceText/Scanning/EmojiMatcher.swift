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
    /// For each scalar of U+2000–U+2FFF (E2 xx xx) and U+1F000–U+1FFFF
    /// (F0 9F xx xx), where emoji live, the match of that scalar alone,
    /// precomputed: its face, or ``noFace``, ``textCode``, ``noneCode``,
    /// ``slowCode``, or ``extendCode`` for a scalar that extends a cluster.
    private let block2: [Int32]
    private let block1F: [Int32]
    /// The emoji properties (``EmojiProperties``) of the same two blocks, read
    /// without the lazy-global check of the shared tables.
    private let flags2: [UInt8]
    private let flags1F: [UInt8]
    private static let noFace: Int32 = -1, textCode: Int32 = -2, noneCode: Int32 = -3, slowCode: Int32 = -4
    private static let extendCode: Int32 = -5

    private typealias P = EmojiProperties

    /// A matcher; `precompute` builds the tables of the single-scalar fast path (for scanners that look for emoji).
    init(emojiIndex: ByteKeyTable, precompute: Bool = true) {
        self.emojiIndex = emojiIndex
        flags2 = precompute ? (0..<4096).map { P.flags(0x2000 + UInt32($0)) } : []
        flags1F = precompute ? (0..<4096).map { P.flags(0x1F000 + UInt32($0)) } : []
        block2 = precompute ? Self.block(lead: [0xE2], flags: flags2, emojiIndex) : []
        block1F = precompute ? Self.block(lead: [0xF0, 0x9F], flags: flags1F, emojiIndex) : []
    }

    private static func block(lead: [UInt8], flags table: [UInt8], _ emojiIndex: ByteKeyTable) -> [Int32] {
        let base: UInt32 = lead.count == 1 ? 0x2000 : 0x1F000
        return (0..<4096).map { (low: Int) -> Int32 in
            let flags = table[low]
            if flags & P.regionalIndicator != 0 { return slowCode }
            if flags & P.extend != 0 || base + UInt32(low) == P.zwj { return extendCode }
            if flags & P.emoji == 0 { return noneCode }
            if let face = emojiIndex.value(for: lead + [0x80 | UInt8(low >> 6), 0x80 | UInt8(low & 0x3F)]) { return face }
            return flags & P.presentation != 0 ? noFace : textCode
        }
    }

    /// Matches at `start`, whose byte is not ASCII or is a keycap base (`#`, `*`, `0`–`9`).
    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
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
        guard start + 4 < count, !block1F.isEmpty else { return nil }
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let code: Int32
        if let known {
            code = known
        } else {
            guard let looked = code1F(base.loadUnaligned(fromByteOffset: start, as: UInt32.self)) else { return nil }
            code = looked
        }
        guard code >= Self.noFace else { return nil }
        var end = start + 4
        if end + 2 < count, bytes[end] == 0xEF, bytes[end + 1] == 0xB8, bytes[end + 2] == 0x8F { end += 3 }
        guard end + 3 < count else { return nil }
        if let next = code1F(base.loadUnaligned(fromByteOffset: end, as: UInt32.self)) {
            return next == Self.extendCode ? nil : (end - start, code, next)
        }
        guard let extends = mayExtend(bytes, at: end), !extends else { return nil }
        return (end - start, code, nil)
    }

    /// An emoji right after another face, as ``match(in:at:isFinal:)`` would
    /// find it, or nil: a lone scalar of U+1F000–U+1FFFF through
    /// ``fourByteEmoji(in:at:code:)``, else (starting with F0, or with E2 when
    /// `e2` allows) whatever the single-scalar fast path decides is an emoji.
    @inline(__always)
    func runEmoji(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, code: Int32?,
                  e2: Bool) -> (length: Int, face: Int32, next: Int32?)? {
        if let lone = fourByteEmoji(in: bytes, at: start, code: code) { return lone }
        guard start < bytes.count, bytes[start] == 0xF0 || (e2 && bytes[start] == 0xE2),
              case .emoji(let length, let face)? = simpleEmoji(bytes, start) else { return nil }
        return (length, face, nil)
    }

    /// The table code of a scalar E2 `b1` `b2`, or nil if those are not continuation bytes.
    @inline(__always)
    private func code2(_ b1: UInt8, _ b2: UInt8) -> Int32? {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        return block2.withUnsafeBufferPointer { $0[Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)] }
    }

    /// The table code of a scalar F0 9F xx xx given as four bytes in memory order, or nil for other bytes.
    @inline(__always)
    private func code1F(_ raw: UInt32) -> Int32? {
        let word = UInt32(littleEndian: raw)
        guard word & 0xC0C0_FFFF == 0x8080_9FF0 else { return nil }      // F0 9F, then two continuation bytes
        return block1F.withUnsafeBufferPointer { $0[Int(word >> 10 & 0xFC0) | Int(word >> 24 & 0x3F)] }
    }

    /// The fast path for the most common emoji: one scalar of U+2000–U+2FFF
    /// or U+1F000–U+1FFFF, maybe U+FE0F, then a scalar that does not extend
    /// the cluster. The answer is what ``matchCluster(in:at:isFinal:)`` gives,
    /// read from a table; nil sends every other case (and any doubt at the
    /// end of the buffer) to the full matcher.
    @inline(__always)
    private func simpleEmoji(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        let count = bytes.count
        guard start + 4 < count, !block1F.isEmpty else { return nil }
        let lead = bytes[start]
        var code: Int32
        var end: Int
        if lead == 0xF0 {
            guard let looked = code1F(UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt32.self)) else { return nil }
            code = looked
            end = start + 4
        } else if lead == 0xE2 {
            guard let looked = code2(bytes[start + 1], bytes[start + 2]) else { return nil }
            code = looked
            end = start + 3
        } else if lead < 0x80 {
            return keycap(bytes, start)
        } else {
            return nil
        }
        if code == Self.noneCode || code == Self.extendCode { return Match.none }
        if code == Self.slowCode {
            // A regional indicator: a flag when another one follows.
            guard end + 3 < count, bytes[end] == 0xF0, bytes[end + 1] == 0x9F, bytes[end + 2] == 0x87,
                  bytes[end + 3] >= 0xA6, bytes[end + 3] <= 0xBF else { return nil }
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
    private func keycap(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
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
        let face = withUnsafeBytes(of: &key) { emojiIndex.value(for: $0) }
        return .emoji(length: end - start, face: face ?? -1)
    }

    /// Two four-byte scalars that make one emoji (a flag, or a base and a skin
    /// tone) ending at `end`, when nothing extends them; nil sends it to the full matcher.
    @inline(__always)
    private func pair(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Match? {
        guard let extends = mayExtend(bytes, at: end) else { return nil }
        if extends { return joinedSequence(bytes, start) }
        let face = emojiIndex.value(for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        return .emoji(length: end - start, face: face ?? -1)
    }

    /// A ZWJ sequence of pictographs from the two blocks, each maybe followed
    /// by U+FE0F or a skin tone (`👨‍👩‍👧`, `🏳️‍🌈`, `🧑🏽‍💻`), that nothing extends;
    /// nil for any other shape, which the full matcher then decides.
    @inline(never)
    private func joinedSequence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        var index = start
        var joins = 0
        while true {
            guard let (length, scalarFlags) = blockScalar(bytes, at: index), scalarFlags & P.pictographic != 0,
                  scalarFlags & (P.extend | P.regionalIndicator) == 0 else { return nil }
            index += length
            if index + 2 < bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xB8, bytes[index + 2] == 0x8F {
                index += 3                                          // U+FE0F
            } else if index + 3 < bytes.count, bytes[index] == 0xF0, bytes[index + 1] == 0x9F, bytes[index + 2] == 0x8F,
                      bytes[index + 3] >= 0xBB, bytes[index + 3] <= 0xBF {
                index += 4                                          // a skin tone
            }
            guard index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0x8D else { break }
            index += 3
            joins += 1
        }
        guard joins > 0, index - start <= Self.maximumClusterLength, let extends = mayExtend(bytes, at: index), !extends else {
            return nil
        }
        return .emoji(length: index - start, face: lookup(bytes, start, index) ?? -1)
    }

    /// The length and emoji properties of a whole scalar of U+2000–U+2FFF or U+1F000–U+1FFFF at `index`; nil for others.
    @inline(__always)
    private func blockScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, UInt8)? {
        guard index + 2 < bytes.count else { return nil }
        let lead = bytes[index], b1 = bytes[index + 1], b2 = bytes[index + 2]
        if lead == 0xE2, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 {
            return (3, flags2.withUnsafeBufferPointer { $0[Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)] })
        }
        guard lead == 0xF0, b1 == 0x9F, index + 3 < bytes.count, b2 & 0xC0 == 0x80, bytes[index + 3] & 0xC0 == 0x80 else { return nil }
        return (4, flags1F.withUnsafeBufferPointer { $0[Int(b2 & 0x3F) << 6 | Int(bytes[index + 3] & 0x3F)] })
    }

    /// Whether the scalar at `index` extends a cluster (Extend or ZWJ), as
    /// the full matcher decides it; nil when the buffer ends too soon to tell.
    @inline(__always)
    private func mayExtend(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool? {
        guard index + 3 < bytes.count else { return nil }
        let lead = bytes[index]
        switch lead {
        case 0x00...0x7F, 0xE4...0xE9:
            return false    // ASCII, and U+4000–U+9FFF, which holds no extender (tested)
        case 0xE2:
            return code2(bytes[index + 1], bytes[index + 2]) == Self.extendCode      // invalid bytes: no
        case 0xF0 where bytes[index + 1] == 0x9F:
            return code1F(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt32.self)) == Self.extendCode
        default:
            return Self.extends(bytes, at: index)
        }
    }

    /// `mayExtend` for the rarer lead bytes: the scalar decoded and looked up.
    @inline(never)
    private static func extends(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard case .scalar(let value, _) = UTF8Decoder.decode(bytes, at: index) else { return false }
        return value == P.zwj || P.flags(value) & P.extend != 0
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

        // Extend the cluster: Extend and ZWJ (GB9), ZWJ + pictograph (GB11).
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
            } else {
                break
            }
        }
        return classify(bytes, start: start, end: end, markStart: trailingMarks, qualified: qualified)
    }

    /// Looks the cluster up (without U+FE0F); if it is not a face but is one
    /// once its trailing non-emoji combining marks are set aside, matches that.
    private func classify(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, markStart: Int, qualified: Bool) -> Match {
        if let face = lookup(bytes, start, end) { return .emoji(length: end - start, face: face) }
        if markStart < end, let face = lookup(bytes, start, markStart) {
            return .emoji(length: markStart - start, face: face)
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
        guard key.fill(from: slice) else { return nil }
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
        if !flags1F.isEmpty {
            if value &- 0x1F000 < 0x1000 { return flags1F.withUnsafeBufferPointer { $0[Int(value &- 0x1F000)] } }
            if value &- 0x2000 < 0x1000 { return flags2.withUnsafeBufferPointer { $0[Int(value &- 0x2000)] } }
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
