#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text between faces: the skip over bytes and scalars that start no face,
/// the match at a possible start, and the text token before a face.
extension ScanEngine {
    /// The first position at or after `start` whose byte may start a face, or `bytes.count`.
    /// (`@inline(always)`, where the compiler has it (Swift 6.3): it inlines an
    /// `@inline(__always)` function only while it is small, and left this one a
    /// call in the scan loop, made once for each face and emoji.)
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        if let singleStart {
            guard start < count, let found = memchr(bytes.baseAddress! + start, Int32(singleStart), count - start) else { return count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var index = start
        while true {
            // Faces often follow each other: a start byte right here needs no search
            // (C2, EF, E2, E3 and F0 go on below, where scalars that start no emoji are skipped).
            let startsHere = index < count && classes[Int(bytes[index])] != 0
            if startsHere && !Self.mayLeadPlainScalar(bytes[index]) { return index }
            // Eight bytes at a time, their classes as the bytes of one word: the first that
            // is not zero is where to stop, found without a branch per byte.
            var found = startsHere
            while !found && index + 8 <= count {
                let next = bytes.baseAddress! + index
                let word = UInt64(classes[Int(next[0])]) | UInt64(classes[Int(next[1])]) &<< 8
                    | UInt64(classes[Int(next[2])]) &<< 16 | UInt64(classes[Int(next[3])]) &<< 24
                    | UInt64(classes[Int(next[4])]) &<< 32 | UInt64(classes[Int(next[5])]) &<< 40
                    | UInt64(classes[Int(next[6])]) &<< 48 | UInt64(classes[Int(next[7])]) &<< 56
                if word != 0 {
                    index &+= word.trailingZeroBitCount &>> 3
                    found = true
                    break
                }
                index &+= 8
            }
            if !found { while index < count, classes[Int(bytes[index])] == 0 { index += 1 } }
            // Lead bytes that emoji share with text, at scalars that cannot start a face:
            // fullwidth punctuation EF xx (anything but U+FE0F, EF B8 8F), the scalars of
            // E2 and E3 that are no emoji (“ ” … — 。 、 「 」 and kana, but not ‼ or 〰),
            // F0 but for U+1F000–U+1FFFF (F0 9F: CJK Extension B, mathematical letters),
            // and C2 but for © and ® (C2 A9, C2 AE: Latin-1 letters and signs).
            guard index + 3 < count else { return index }
            let byte = bytes[index], next = bytes[index + 1]
            // A tag may start here: any byte a catalog tag starts with; `[`, or of E3 only `【`, for unknown tags.
            let tagClass = classes[Int(byte)] & (Self.tagStart | Self.unknownTagStart)
            if tagClass != 0 && (byte != 0xE3 || tagClass & Self.tagStart != 0 || UnknownTagMatcher.opensFullWidth(bytes, at: index)) {
                return index
            }
            if byte == 0xEF && next != 0xB8 && singleEmojiSkip && UTF8Decoder.isContinuation(next, bytes[index + 2]) {
                index += 3
            } else if byte & 0xFE == 0xE2 && singleEmojiSkip && isPlainScalar(byte, next, bytes[index + 2]) {
                index += 3
            } else if byte == 0xF0 && next != 0x9F && next >= 0x90 && skipsPlainScalars
                        && ((next ^ 0x80) | (bytes[index + 2] ^ 0x80) | (bytes[index + 3] ^ 0x80)) & 0xC0 == 0 {
                index += 4          // three continuation bytes
            } else if byte == 0xC2 && next != 0xA9 && next != 0xAE && skipsPlainScalars && next & 0xC0 == 0x80 {
                index += 2
            } else {
                return index
            }
        }
    }

    /// Whether `byte` leads scalars that ``skipPlain(_:from:_:)`` may step over.
    @inline(__always)
    static func mayLeadPlainScalar(_ byte: UInt8) -> Bool {
        byte == 0xEF || byte & 0xFE == 0xE2 || byte == 0xF0 || byte == 0xC2
    }

    /// Whether the scalar E2 or E3 `b1` `b2` is one of ``plainScalars``.
    @inline(__always)
    func isPlainScalar(_ lead: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, !plainScalars.isEmpty else { return false }
        let index = Int(lead & 1) << 12 | Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)
        return plainScalars.withUnsafeBufferPointer { $0[index >> 6] } >> (index & 63) & 1 != 0
    }

    @inline(__always)
    func matchAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ textStart: Int, _ byteClass: UInt8, _ isFinal: Bool,
                 _ entering: ClusterContext) -> Outcome {
        let byte = bytes[index]
        if byteClass & Self.tagStart != 0 {
            let match: TagTrie.Match
            if byte == UInt8(ascii: "["), let bracketTags {
                match = bracketTags.match(in: bytes, at: index, isFinal: isFinal)
            } else {
                match = tagTrie.longestMatch(in: bytes, at: index, isFinal: isFinal)
            }
            switch match {
            case .tag(let length, let face): return .face(.tag, start: index, length: length, face: FaceCode(face: face))
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.unknownTagStart != 0 {
            switch UnknownTagMatcher.match(in: bytes, at: index, isFinal: isFinal) {
            case .tag(let length): return .face(.unknown, start: index, length: length, face: .noFace)
            case .needMore: return .needMore
            case .none: break
            }
        }
        if byteClass & Self.imageStart != 0 {
            // Quick rejects: an image reference is "<img" or "![".
            guard index + 1 < bytes.count else { return isFinal ? .none : .needMore }
            let next = bytes[index + 1]
            if byte == UInt8(ascii: "!") ? next == UInt8(ascii: "[") : (next | 0x20) == UInt8(ascii: "i") {
                switch images.match(in: bytes, at: index, isFinal: isFinal) {
                case .image(let length, let face): return .face(.image, start: index, length: length, face: FaceCode(face: face))
                case .needMore: return .needMore
                case .none: break
                }
            }
        }
        if byteClass & Self.keycapEnd != 0 {
            // U+FE0F or U+20E3 right after a keycap base still in the text run.
            guard index + 2 < bytes.count else { return isFinal ? .none : .needMore }
            let isSelector = byte == 0xEF && bytes[index + 1] == 0xB8 && bytes[index + 2] == 0x8F
            let isEnclosing = byte == 0xE2 && bytes[index + 1] == 0x83 && bytes[index + 2] == 0xA3
            if (isSelector || isEnclosing) && index > textStart && EmojiMatcher.isKeycapBase(bytes[index - 1])
                && !(ClusterContext.mayJoin(before: index - 1, in: bytes)
                     && ClusterContext.before(index - 1, in: bytes, entering: entering) == .prepend) {
                switch emoji.match(in: bytes, at: index - 1, isFinal: isFinal) {
                case .emoji(let length, let face): return .face(.emoji, start: index - 1, length: length, face: face)
                case .needMore: return .needMore
                default: break
                }
            }
            // A whole scalar only: a stray EF (or E2) hides no face after it.
            if isEnclosing || (byte == 0xEF && UTF8Decoder.isContinuation(bytes[index + 1], bytes[index + 2])) { return .skip(3) }
        }
        guard byteClass & Self.emojiStart != 0 else { return .none }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] != 0xBC,
           bytes[index + 2] & 0xC0 == 0x80 {
            return .skip(3)     // U+2000–U+203F: punctuation; only U+203C ‼ is an emoji
        }
        switch emoji.match(in: bytes, at: index, isFinal: isFinal) {
        case .none: return .none
        case .needMore: return .needMore
        case .text(let length): return .skip(length)
        case .emoji(let length, let face): return .face(.emoji, start: index, length: length, face: face)
        }
    }

    @inline(__always)
    func flushText<Sink: TokenSink>(_ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        if start < end { sink.consume(RawToken(kind: .text, face: .noFace, start: start, end: end), in: bytes) }
    }
}
