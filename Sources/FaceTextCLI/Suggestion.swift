/// "Did you mean" suggestions: the nearest candidate by edit distance.
enum Suggestion {
    /// The candidate nearest to `word`, if it is close enough (distance below 4
    /// and below the word's length).
    static func nearest(to word: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance < 4, distance < max(word.count, 2), distance < best?.1 ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Levenshtein distance over characters, two rows at a time.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
