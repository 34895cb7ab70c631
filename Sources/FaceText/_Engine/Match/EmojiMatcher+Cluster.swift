extension EmojiMatcher {
    /// The bytes a ``cluster(in:at:)`` call may read from its start: clusters
    /// nearer the end of the buffer are left to the other paths.
    static let clusterWindow = 64

    /// The emoji cluster at `start` in one pass over its scalars, for the
    /// shapes chat text is made of: a scalar of U+2000–U+2FFF or
    /// U+1F000–U+1FFFF, maybe with U+FE0F or a skin tone; ZWJ sequences of such
    /// pictographs; flags; keycaps. Returns its length and face (``FaceCode/noFace`` for none)
    /// when it is an emoji, exactly as ``match(in:at:isFinal:)`` would; nil for
    /// anything else (text, other shapes, too near the end of `bytes`), which
    /// the other paths then decide.
    ///
    /// Each scalar costs one table lookup, and the FE0F-free key is built
    /// with word stores on the way, so the common shapes take few branches
    /// whose outcome depends on the text.
    @inline(__always)
    func cluster(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, face: FaceCode)? {
        guard start + Self.clusterWindow <= bytes.count, hasBlockTables else { return nil }
        let raw = UnsafeRawPointer(bytes.baseAddress! + start)
        let first = raw.unalignedUnit()
        guard let (entry, firstLength) = Self.blockUnit(first) else {
            guard Self.isKeycapBase(UInt8(truncatingIfNeeded: UInt32(littleEndian: first))),
                  case .emoji(let length, let face)? = keycap(bytes, start) else { return nil }
            return (length, face)
        }
        return blockCodes.withUnsafeBufferPointer { codes in
            blockFlags.withUnsafeBufferPointer { flags in
                let code = codes[entry]
                if code == .regionalIndicator { return flag(raw, start, bytes) }
                guard code.isCluster else { return nil }           // not an emoji, or an extender
                var key = FixedKey()
                _ = key.append(first, length: firstLength)
                var offset = firstLength
                var qualified = false
                var single = true
                var pictographic = flags[entry] & P.pictographic != 0
                while true {
                    let next = raw.unalignedUnit(at: offset)
                    if Self.isSelector(next) {
                        offset += 3
                        qualified = true
                    } else if Self.isSkinTone(next) {
                        _ = key.append(next, length: 4)
                        offset += 4
                        single = false
                    }
                    let joiner = raw.unalignedUnit(at: offset)
                    guard UInt32(littleEndian: joiner) & 0xFF_FFFF == 0x8D_80E2 else { break }      // U+200D
                    // GB11: a pictograph, ZWJ, then another pictograph.
                    let joined = raw.unalignedUnit(at: offset + 3)
                    guard pictographic, let (nextEntry, nextLength) = Self.blockUnit(joined),
                          flags[nextEntry] & (P.pictographic | P.extend | P.regionalIndicator) == P.pictographic,
                          offset + 3 + nextLength + 12 <= Self.clusterWindow,
                          key.append(joiner, length: 3), key.append(joined, length: nextLength) else { return nil }
                    offset += 3 + nextLength
                    single = false
                    pictographic = true
                }
                guard let extends = mayExtend(bytes, at: start + offset), !extends else { return nil }
                if single {
                    if code.cluster.isFace { return (offset, code.cluster) }
                    return code.cluster == .noFace || qualified ? (offset, .noFace) : nil
                }
                let face = key.withBytes { emojiIndex.sequenceValue(for: $0) }
                return (offset, FaceCode(found: face))
            }
        }
    }

    /// A flag (two regional indicators) at `raw` that nothing extends, or nil.
    @inline(__always)
    private func flag(_ raw: UnsafeRawPointer, _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, face: FaceCode)? {
        guard Self.isRegionalIndicator(raw.unalignedUnit(at: 4)),
              let extends = mayExtend(bytes, at: start + 8), !extends else { return nil }
        let face = emojiIndex.sequenceValue(for: UnsafeRawBufferPointer(start: raw, count: 8))
        return (8, FaceCode(found: face))
    }
}

extension EmojiMatcher {
    /// Where the trailing marks of an emoji token begin (`end` when it has
    /// none): the combining and spacing marks after the last part that
    /// belongs to the emoji (`😃́`), which its face does not stand for. A
    /// writer that replaces the token by its face's tag or image writes them
    /// after it, so that no byte is lost and `tag` gives back what `render` read.
    static func trailingMarksStart(in bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int {
        var position = end
        while position > start, let (value, scalarStart) = GraphemeBoundaries.scalar(endingAt: position, in: bytes),
              scalarStart > start {
            let flags = P.flags(value)
            let isMark = value != P.zwj && (flags & (P.extend | P.emojiExtend) == P.extend || P.isSpacingMark(value))
            guard isMark else { break }
            position = scalarStart
        }
        return position
    }
}
