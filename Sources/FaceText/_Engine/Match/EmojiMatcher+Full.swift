/// The full matcher: any cluster by the extended grapheme cluster rules
/// (GB9, GB11, GB12) on the decoded scalars, looked up by its key without
/// U+FE0F. Every shortcut of the matcher answers what this answers.
extension EmojiMatcher {
    func matchCluster(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
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
    func classify(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, markStart: Int, qualified: Bool) -> Match {
        if let face = lookup(bytes, start, end) { return .emoji(length: end - start, face: FaceCode(face: face)) }
        if markStart < end, let face = lookup(bytes, start, markStart) {
            return .emoji(length: end - start, face: FaceCode(face: face))
        }
        return qualified ? .emoji(length: end - start, face: .noFace) : .text(length: end - start)
    }

    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32? {
        guard emojiIndex.count > 0 else { return nil }
        let slice = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        // Compared without U+FE0F (EF B8 8F); most clusters have none, and are looked up as they are.
        guard slice.contains(0xEF) else { return emojiIndex.value(for: slice) }
        var key = FixedKey()
        guard key.fill(from: slice) else { return emojiIndex.value(for: EmojiKey.normalized(slice)) }
        return key.withBytes { emojiIndex.value(for: $0) }
    }

    enum Next {
        case scalar(UInt32, Int)
        case end
        case needMore
    }

    /// The emoji properties of `value`, from this matcher's tables where it has them.
    @inline(__always)
    func flags(_ value: UInt32) -> UInt8 {
        if hasBlockTables {
            if value &- 0x1F000 < 0x1000 { return blockFlags.withUnsafeBufferPointer { $0[4096 + Int(value &- 0x1F000)] } }
            if value &- 0x2000 < 0x1000 { return blockFlags.withUnsafeBufferPointer { $0[Int(value &- 0x2000)] } }
            if value == 0xFE0F { return P.extend | P.emojiExtend }
        }
        return P.flags(value)
    }

    @inline(__always)
    func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ isFinal: Bool) -> Next {
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
