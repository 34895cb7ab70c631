/// The engine's fast paths, by name. Each computes exactly what a plain path
/// beside it computes, only faster; all are on unless a test or the fuzz
/// target turns some off to compare the two. `docs/architecture.md` lists
/// each with its plain path, the test that proves them equal and the
/// benchmark shape that shows why it exists.
package struct FastPaths: OptionSet, Sendable, CustomStringConvertible {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `EmojiMatcher`'s precomputed tables of single scalars, skin-tone pairs,
    /// flags and keycaps (else every cluster is read scalar by scalar and looked up by its key).
    package static let emojiTables = FastPaths(rawValue: 1 << 0)
    /// Emoji strung together matched one after another in `ScanEngine`'s run
    /// loop, with `ClusterMemo` (else each from the byte-class search).
    /// Needs ``emojiTables``: without them it is off too.
    package static let emojiRuns = FastPaths(rawValue: 1 << 1)
    /// `[…]` tags looked up in `BracketTagTable` (else walked in `TagTrie`).
    package static let bracketTags = FastPaths(rawValue: 1 << 2)
    /// Text skipping that steps over whole scalars that start no emoji (else byte by byte through the classes).
    package static let plainScalars = FastPaths(rawValue: 1 << 3)
    /// `render`'s own loop, `BracketRenderKernel` (else `ScanEngine` and `RenderWriter`).
    package static let renderKernel = FastPaths(rawValue: 1 << 4)

    /// Every fast path, with its name.
    package static let named: [(name: String, path: FastPaths)] = [
        ("emojiTables", .emojiTables), ("emojiRuns", .emojiRuns), ("bracketTags", .bracketTags),
        ("plainScalars", .plainScalars), ("renderKernel", .renderKernel),
    ]
    package static let all: FastPaths = [.emojiTables, .emojiRuns, .bracketTags, .plainScalars, .renderKernel]
    package static let none: FastPaths = []

    package var description: String {
        let names = Self.named.filter { contains($0.path) }.map(\.name)
        return "[" + names.joined(separator: ", ") + "]"
    }
}
