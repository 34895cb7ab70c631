/// How far apart two words are, for close misspellings and "did you mean".
package enum EditDistance {
    /// The optimal string alignment distance between `a` and `b`: the fewest
    /// insertions, deletions, replacements and swaps of two neighbours that
    /// turn one into the other (`lauhg` → `laugh` is 1).
    package static func between<C: Collection>(_ a: C, _ b: C) -> Int where C.Element: Equatable {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
