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

    private typealias P = EmojiProperties

    /// Matches at `start`, whose byte is not ASCII or is a keycap base (`#`, `*`, `0`–`9`).
    func match(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        if let single = singleScalarEmoji(bytes, start) { return single }
        return matchCluster(in: bytes, at: start, isFinal: isFinal)
    }

    /// The fast path for the most common emoji: one four-byte scalar followed
    /// by something that cannot extend it (ASCII, CJK, or another emoji that is
    /// not a skin tone), so the cluster is exactly those four bytes.
    @inline(__always)
    private func singleScalarEmoji(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Match? {
        guard bytes[start] == 0xF0, start + 5 < bytes.count else { return nil }
        let b1 = bytes[start + 1], b2 = bytes[start + 2], b3 = bytes[start + 3], next = bytes[start + 4]
        guard b1 >= 0x90, b1 <= 0xBF, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return nil }
        let cannotExtend: Bool
        switch next {
        case 0x00...0x7F, 0xE3...0xE9: cannotExtend = true
        case 0xF0:
            // Another four-byte scalar: it extends this one only if it is a skin tone (F0 9F 8F BB–BF).
            guard start + 7 < bytes.count else { return nil }
            cannotExtend = !(bytes[start + 5] == 0x9F && bytes[start + 6] == 0x8F && bytes[start + 7] >= 0xBB)
        default: cannotExtend = false
        }
        guard cannotExtend else { return nil }
        let value = UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
        let flags = P.flags(value)
        guard flags & P.regionalIndicator == 0 else { return nil }
        guard flags & P.emoji != 0, flags & P.extend == 0 else { return Match.none }
        if let face = emojiIndex.value(for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<(start + 4)]))) {
            return .emoji(length: 4, face: face)
        }
        return flags & P.presentation != 0 ? .emoji(length: 4, face: -1) : .text(length: 4)
    }

    private func matchCluster(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        guard case .scalar(let first, let firstLength) = UTF8Decoder.decode(bytes, at: start) else {
            if case .truncated = UTF8Decoder.decode(bytes, at: start), !isFinal { return .needMore }
            return .none
        }
        let firstFlags = first < 0x80 ? 0 : P.flags(first)
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
            case .scalar(let value, let length) where P.flags(value) & P.regionalIndicator != 0:
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
            let flags = P.flags(value)
            if flags & P.extend != 0 {
                if flags & P.emojiExtend != 0 {
                    qualified = true
                    trailingMarks = end + length
                }
                end += length
            } else if value == P.zwj {
                end += length
                if pictographic {
                    let after = scalar(bytes, at: end, isFinal)
                    if case .needMore = after { return .needMore }
                    if case .scalar(let joined, let joinedLength) = after, P.flags(joined) & P.pictographic != 0 {
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

    @inline(__always)
    private func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ isFinal: Bool) -> Next {
        guard index < bytes.count else { return isFinal ? .end : .needMore }
        switch UTF8Decoder.decode(bytes, at: index) {
        case .scalar(let value, let length): return .scalar(value, length)
        case .invalid: return .end
        case .truncated: return isFinal ? .end : .needMore
        }
    }
}

/// A small stack buffer for emoji keys without U+FE0F, so lookups allocate nothing.
private struct FixedKey {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    /// Copies `bytes` leaving out every EF B8 8F; false if they do not fit in 64 bytes.
    mutating func fill(from bytes: UnsafeRawBufferPointer) -> Bool {
        var length = 0
        let fits = withUnsafeMutableBytes(of: &storage) { buffer -> Bool in
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xB8, bytes[index + 2] == 0x8F {
                    index += 3
                    continue
                }
                guard length < buffer.count else { return false }
                buffer[length] = bytes[index]
                length += 1
                index += 1
            }
            return true
        }
        count = length
        return fits
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
