/// The line break class and display width of single scalars, kept by blocks
/// of 128 code points filled in at their first use (a chat line touches a few
/// blocks: ASCII, CJK punctuation, ideographs, emoji).
///
/// An entry is the class's raw value in the low six bits and the width of the
/// scalar as a cluster of its own (``DisplayWidth/columns(of:)-(Character)``)
/// in the top two; a tab is width 3, which the wrapper takes to the next tab stop.
final class ScalarInfoTable {
    private var blocks = [Int32](repeating: -1, count: 0x110000 >> 7)
    private var entries: [UInt8] = []
    static let tabWidth: UInt8 = 3

    init() {
        entries.reserveCapacity(16 << 7)
        _ = fill(0)
    }

    @inline(__always)
    func entry(_ value: UInt32) -> UInt8 {
        let block = blocks.withUnsafeBufferPointer { $0[Int(value >> 7)] }
        guard block >= 0 else { return fill(value) }
        return entries.withUnsafeBufferPointer { $0[Int(block) << 7 | Int(value & 127)] }
    }

    @inline(__always)
    static func lineBreakClass(_ entry: UInt8) -> LineBreakClass {
        LineBreakClass(rawValue: entry & 63).unsafelyUnwrapped
    }

    @inline(__always)
    static func width(_ entry: UInt8) -> UInt8 { entry >> 6 }

    /// Fills the block of `value` and answers for it.
    @inline(never)
    private func fill(_ value: UInt32) -> UInt8 {
        let first = value & ~127
        blocks[Int(value >> 7)] = Int32(entries.count >> 7)
        for scalar in first..<(first + 128) {
            var width: UInt8 = 1
            if scalar == 9 {
                width = Self.tabWidth
            } else if let unicodeScalar = Unicode.Scalar(scalar) {
                width = UInt8(DisplayWidth.columns(of: Character(unicodeScalar)))
            }
            entries.append(LineBreakClass(of: scalar).rawValue | width << 6)
        }
        return entries[entries.count - 128 + Int(value & 127)]
    }
}
