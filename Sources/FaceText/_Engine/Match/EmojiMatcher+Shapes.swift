/// The shapes of emoji told apart by their first bytes and answered from
/// the precomputed tables (``FastPaths/emojiTables``): a single scalar, maybe
/// with U+FE0F; a keycap; a flag or a skin-tone pair; a ZWJ or tag sequence of
/// pictographs; and the byte tests they share. Anything in doubt goes to the
/// full matcher (`EmojiMatcher+Full.swift`).
extension EmojiMatcher {
    /// The fast path for the most common emoji: one scalar of U+2000–U+2FFF
    /// or U+1F000–U+1FFFF, maybe U+FE0F, then a scalar that does not extend
    /// the cluster. The answer is what ``matchCluster(in:at:isFinal:)`` gives,
    /// read from a table; nil sends every other case (and any doubt at the
    /// end of the buffer) to the full matcher.
    @inline(__always)
    func simpleEmoji(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        let count = bytes.count
        guard start + 4 < count, hasBlockTables else { return nil }
        let lead = bytes[start]
        var code: ScalarCode
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
        if code == .notEmoji || code == .extender { return Match.none }
        if code == .regionalIndicator {
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
        if code.cluster.isFace { return .emoji(length: end - start, face: code.cluster) }
        return code.cluster == .noFace || qualified ? .emoji(length: end - start, face: .noFace) : .text(length: end - start)
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
        return .emoji(length: end - start, face: FaceCode(found: face))
    }

    /// Two four-byte scalars that make one emoji (a flag, or a base and a skin
    /// tone) ending at `end`, when nothing extends them; nil sends it to the full matcher.
    @inline(__always)
    func pair(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Match? {
        guard let extends = mayExtend(bytes, at: end) else { return nil }
        if extends { return joinedSequence(bytes, start) }
        let face = emojiIndex.sequenceValue(for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        return .emoji(length: end - start, face: FaceCode(found: face))
    }

    /// A ZWJ sequence of pictographs from the two blocks, each maybe followed
    /// by U+FE0F or a skin tone (`👨‍👩‍👧`, `🏳️‍🌈`, `🧑🏽‍💻`), or a pictograph with
    /// tag characters (`🏴󠁧󠁢󠁥󠁮󠁧󠁿`), that nothing extends; nil for any other shape,
    /// which the full matcher then decides. The key without U+FE0F is built
    /// on the way.
    @inline(never)
    func joinedSequence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
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
        return .emoji(length: index - start, face: FaceCode(found: face))
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
    func blockScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, UInt8)? {
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
            return blockCodes.withUnsafeBufferPointer { $0[entry] } == .extender
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
    static func surelyEnds(_ raw: UInt32, codes: UnsafeBufferPointer<ScalarCode>) -> Bool {
        let word = UInt32(littleEndian: raw)
        let lead = word & 0xFF
        if lead < 0x80 || lead &- 0xE4 < 6 { return true }
        // Else U+0080–U+02FF (C2–CB, © and ® among them), which hold no extender (tested).
        guard let (entry, _) = blockUnit(raw) else { return lead &- 0xC2 < 10 }
        return codes[entry] != .extender
    }

    /// A single scalar of the two blocks (table entry `entry`), maybe with
    /// U+FE0F (`qualified`; `length` bytes in all), as a cluster of a run,
    /// when what follows is known not to extend it: its length and face,
    /// ``FaceCode/noFace`` for an emoji without one, ``FaceCode/text`` for text (a scalar
    /// of text style without U+FE0F); nil for a scalar that is no emoji, or one that extends.
    /// (`codes` is ``blockCodes``, held by the caller for a whole loop.)
    @inline(__always)
    static func lone(entry: Int, length: Int, qualified: Bool, codes: UnsafeBufferPointer<ScalarCode>) -> (length: Int, face: FaceCode)? {
        let code = codes[entry]
        guard code.isCluster else { return nil }
        // With U+FE0F, a scalar of text style is an emoji (without a face, or it would have one).
        return (length, qualified && code.cluster == .text ? .noFace : code.cluster)
    }

    /// `mayExtend` for the rarer lead bytes: the scalar decoded and looked up.
    @inline(never)
    static func extends(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard case .scalar(let value, _) = UTF8Decoder.decode(bytes, at: index) else { return false }
        return value == P.zwj || P.flags(value) & P.extend != 0 || P.isSpacingMark(value)
    }
}
