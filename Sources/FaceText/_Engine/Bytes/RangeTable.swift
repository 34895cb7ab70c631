/// A sorted list of disjoint code point ranges, searched by bisection: the
/// form of the Unicode property tables generated under `scripts/`.
struct RangeTable: Sendable {
    let ranges: [ClosedRange<UInt32>]

    init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    func contains(_ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }
}
