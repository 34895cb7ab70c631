/// "Did you mean" suggestions: a candidate only when it is really close.
enum Suggestion {
    /// The candidate nearest to `word`, if it is close: at most 1 edit away for
    /// words of up to 4 characters, 2 for up to 8, 3 beyond (an edit inserts,
    /// deletes or replaces a character, or swaps two neighbours); else the one
    /// candidate that `word` begins (`--unknown` for `--unknown-tags`).
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let allowed = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(word, candidate)
            if distance <= allowed, distance < best?.1 ?? .max {
                best = (candidate, distance)
            }
        }
        if let best { return best.0 }
        let extensions = candidates.filter { word.count >= 3 && $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// Optimal string alignment distance over characters: Levenshtein's,
    /// with a swap of two neighbouring characters as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
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
