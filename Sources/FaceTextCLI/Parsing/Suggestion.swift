import FaceText

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
            let distance = EditDistance.between(word, candidate)
            if distance <= allowed, distance < best?.1 ?? .max {
                best = (candidate, distance)
            }
        }
        if let best { return best.0 }
        let extensions = candidates.filter { word.count >= 3 && $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }
}
