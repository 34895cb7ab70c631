/// A ``RangeTable`` as one bit per scalar below U+20000 (16 KB), where the
/// tables of letters and marks are dense and a bisection of hundreds of
/// ranges is what a test of one scalar cost; the ranges above are searched
/// as before.
struct RangeBits: Sendable {
    /// The scalars the bits cover.
    static let limit: UInt32 = 0x20000

    private let words: [UInt64]
    private let table: RangeTable

    init(_ table: RangeTable) {
        var words = [UInt64](repeating: 0, count: Int(Self.limit) / 64)
        for range in table.ranges where range.lowerBound < Self.limit {
            let low = Int(range.lowerBound), high = Int(min(range.upperBound, Self.limit - 1))
            for word in (low >> 6)...(high >> 6) {
                // The bits of this word from `low` to `high`.
                let from = max(low, word << 6) & 63, through = min(high, word << 6 | 63) & 63
                words[word] |= (~0 as UInt64) >> UInt64(63 - through) & (~0 as UInt64) << UInt64(from)
            }
        }
        self.words = words
        self.table = table
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        guard value < Self.limit else { return table.contains(value) }
        return words.withUnsafeBufferPointer { $0[Int(value >> 6)] } >> UInt64(value & 63) & 1 != 0
    }
}
