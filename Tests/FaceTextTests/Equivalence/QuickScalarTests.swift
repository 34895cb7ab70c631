import Testing
@testable import FaceText

/// ``QuickScalar``, the wrapper's reading of a scalar with few branches,
/// against ``UTF8Decoder``: every scalar it takes is the one the decoder reads,
/// and it takes every well-formed scalar whose lead byte it is not told to leave.
@Suite struct QuickScalarTests {
    /// Reads `bytes` (padded to the four bytes a read takes) both ways.
    static func check(_ bytes: [UInt8], _ shapes: UnsafePointer<UInt64>, excluded: Set<UInt8> = []) -> String? {
        let padded = bytes + [0x41, 0x41, 0x41, 0x41]
        let quick = padded.withUnsafeBufferPointer { QuickScalar.read($0.baseAddress!, 0, shapes) }
        let decoded = bytes.withUnsafeBufferPointer { UTF8Decoder.decode($0, at: 0) }
        if case .scalar(let value, let length) = decoded, value >= 0x20, !excluded.contains(bytes[0]) {
            // Printable ASCII and every longer well-formed sequence.
            guard quick.length == length && quick.value == value else { return "\(bytes): \(quick), decoded \(value) of \(length)" }
        } else if case .scalar(let value, let length) = decoded, quick.length > 0 {
            return "\(bytes): took \(value) of \(length), which it leaves"
        } else if quick.length > 0 {
            return "\(bytes): took \(quick.value) of \(quick.length), not UTF-8 (\(decoded))"
        }
        return nil
    }

    @Test func everyScalarIsReadAsTheDecoderReadsIt() {
        let shapes = QuickScalar.shapes { _ in false }
        defer { shapes.deallocate() }
        var failures: [String] = []
        for value in UInt32(0)...0x10_FFFF where !(0xD800...0xDFFF).contains(value) {
            let bytes = Array(String(Unicode.Scalar(value)!).utf8)
            if let failure = Self.check(bytes, shapes) { failures.append(failure) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// Every lead byte before every second byte, and the third and fourth
    /// bytes that matter (a continuation byte at each end of its range, or not one).
    @Test func everyMalformedSequenceIsLeft() {
        let shapes = QuickScalar.shapes { _ in false }
        defer { shapes.deallocate() }
        var failures: [String] = []
        let later: [UInt8] = [0x80, 0xBF, 0x41, 0xC0, 0x0A]
        for lead in UInt8(0)...0xFF {
            for second in UInt8(0)...0xFF {
                for third in later {
                    for fourth in later {
                        if let failure = Self.check([lead, second, third, fourth], shapes) { failures.append(failure) }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// `WrapTables.isIdeograph`, one comparison, against the decoder: the three
    /// bytes at a place are a well-formed U+4E00–U+9FFF, for every lead and second byte.
    @Test func anIdeographIsWhatTheDecoderReads() {
        var failures: [[UInt8]] = []
        for lead in UInt8(0)...0xFF {
            for second in UInt8(0)...0xFF {
                for third in [0x7F, 0x80, 0xA5, 0xBF, 0xC0] as [UInt8] {
                    let bytes = [lead, second, third, 0x41]
                    let quick = bytes.withUnsafeBufferPointer { WrapTables.isIdeograph($0.baseAddress!, 0) }
                    var expected = false
                    if case .scalar(let value, 3) = bytes.withUnsafeBufferPointer({ UTF8Decoder.decode($0, at: 0) }) {
                        expected = (0x4E00...0x9FFF).contains(value)
                    }
                    if quick != expected { failures.append(bytes) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// The bytes that may start a tag are left to the way that looks for tags.
    @Test func excludedLeadBytesAreLeft() {
        let excluded: Set<UInt8> = [0x5B, 0x2F, 0xE3]
        let shapes = QuickScalar.shapes { excluded.contains(UInt8($0)) }
        defer { shapes.deallocate() }
        for text in ["[", "/", "【", "。", "a", "好", "😀"] {
            #expect(Self.check(Array(text.utf8), shapes, excluded: excluded) == nil, "\(text)")
        }
    }
}
