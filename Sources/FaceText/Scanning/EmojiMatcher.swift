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

    private func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32? {
        guard emojiIndex.count > 0 else { return nil }
        var key = FixedKey()
        var index = start
        while index < end {
            if index + 2 < end && bytes[index] == 0xEF && bytes[index + 1] == 0xB8 && bytes[index + 2] == 0x8F {
                index += 3
                continue
            }
            guard key.append(bytes[index]) else { return nil }
            index += 1
        }
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

/// A small stack buffer for emoji keys, so lookups allocate nothing.
private struct FixedKey {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    mutating func append(_ byte: UInt8) -> Bool {
        guard count < 64 else { return false }
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
        return true
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
