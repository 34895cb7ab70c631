/// The tables of ``ClusterStartRanges`` as ``RangeBits``: `backspace` asks
/// them about the last scalars of every line that ends in a letter of a
/// script other than ASCII and CJK, and a bisection of their ranges was a
/// large part of what such a line cost. Each is built the first time it is
/// asked (a static property), not at start-up.
enum ClusterStartBits {
    static let alwaysStarts = RangeBits(ClusterStartRanges.alwaysStarts)
    static let prepend = RangeBits(ClusterStartRanges.prepend)
    static let linkedConsonants = RangeBits(ClusterStartRanges.linkedConsonants)
}
