/// Byte strings stored end to end in one array, so writing one appends a
/// slice without retaining a separate array per string; strings of up to
/// sixteen bytes are also kept as two words, written with two stores.
struct FlatStrings: Sendable {
    private struct Span {
        var start: Int32
        /// -1 for "none".
        var count: Int32
        /// The first sixteen bytes, zero-padded, in memory order.
        var words: (UInt64, UInt64)
    }

    private var bytes: [UInt8] = []
    private var spans: [Span] = []
    /// The last span's index: an empty string, written for "none" by ``append(_:if:else:length:to:)``.
    private let empty: Int

    init(_ strings: [[UInt8]?]) {
        for string in strings {
            guard let string else {
                spans.append(Span(start: 0, count: -1, words: (0, 0)))
                continue
            }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                for (index, byte) in string.prefix(16).enumerated() { raw[index] = byte }
            }
            spans.append(Span(start: Int32(bytes.count), count: Int32(string.count), words: words))
            bytes.append(contentsOf: string)
        }
        // An empty string last, then room for a 32-byte read past any string's start.
        spans.append(Span(start: Int32(bytes.count), count: 0, words: (0, 0)))
        empty = spans.count - 1
        bytes += [UInt8](repeating: 0, count: 32)
    }

    /// String `index`, or nil for "none".
    subscript(index: Int) -> [UInt8]? {
        let span = spans[index]
        guard span.count >= 0 else { return nil }
        return Array(bytes[Int(span.start)..<Int(span.start + span.count)])
    }

    /// Appends string `index` if `chosen`, else the `length` bytes at `other`
    /// (32 bytes must be readable there), with one 32-byte copy from a source
    /// chosen without a branch; false, writing nothing, if the bytes chosen
    /// are longer than 32 or "none".
    @inline(__always)
    func append(_ index: Int, if chosen: Bool, else other: UnsafeRawPointer, length: Int, to out: inout OutputBuffer) -> Bool {
        // Selected with masks: the compiler would branch on conditional expressions.
        let mask = 0 &- Int(unsafeBitCast(chosen, to: UInt8.self))
        let span = spans.withUnsafeBufferPointer { $0[empty ^ ((index ^ empty) & mask)] }
        return bytes.withUnsafeBufferPointer { stored in
            let own = Int(bitPattern: other), tag = Int(bitPattern: stored.baseAddress! + Int(span.start))
            let source = UnsafeRawPointer(bitPattern: own ^ ((tag ^ own) & mask))!
            let count = length ^ ((Int(span.count) ^ length) & mask)
            guard UInt(bitPattern: count) <= 32 else { return false }
            out.appendBlock(from: source, length: count)
            return true
        }
    }

    /// Appends string `index` to `out`; false if it is "none".
    @inline(__always)
    func append(_ index: Int, to out: inout OutputBuffer) -> Bool {
        let span = spans[index]
        guard span.count >= 0 else { return false }
        let length = Int(span.count)
        if length <= 16 {
            let target = UnsafeMutableRawPointer(out.freeSpace(atLeast: 16).baseAddress!)
            target.storeBytes(of: span.words.0, as: UInt64.self)
            target.storeBytes(of: span.words.1, toByteOffset: 8, as: UInt64.self)
            out.commitTail(length)
        } else {
            bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<(Int(span.start) + length)])) }
        }
        return true
    }
}
