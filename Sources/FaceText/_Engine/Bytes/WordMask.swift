/// The bytes of a little-endian word that belong to a string of `count`
/// bytes read from its start, for the lookups that compare short strings
/// (emoji clusters, tags, `scan`'s texts) as one or two words. Computed
/// without a branch: the lengths of faces in a text change as often as the
/// faces do, and a branch on them mispredicts as often.
enum WordMask {
    /// All bytes of the word from eight on; the first `count` bytes below eight (`count` ≥ 0).
    @inline(__always)
    static func first(_ count: Int) -> UInt64 {
        let whole = UInt64(bitPattern: Int64(7 &- count)) >> 63          // 1 from eight bytes on
        return ((1 &<< UInt64(truncatingIfNeeded: 8 &* count)) &- 1) | (0 &- whole)
    }

    /// Where the last eight of `count` bytes start: `count - 8`, or 0 under eight bytes.
    @inline(__always)
    static func lastWordOffset(_ count: Int) -> Int {
        (count &- 8) & ~((count &- 8) >> 63)
    }
}
