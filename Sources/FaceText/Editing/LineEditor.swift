/// Applies backspace presses to the end of whole lines: the engine behind
/// `facetext backspace`, usable on any bytes.
///
/// ```swift
/// let editor = LineEditor(catalog: .default)
/// editor.backspace(Array("好开心[哈哈]".utf8), presses: 1)   // keep: "好开心", deleted: "[哈哈]"
/// ```
public struct LineEditor: Sendable {
    let finder: UnitFinder
    /// The byte tests that decide the last unit of most short lines (see ``QuickUnits``).
    let quick: QuickUnits

    /// Creates an editor; see ``FaceLine`` for `anyTag`.
    public init(catalog: FaceCatalog, anyTag: Bool = false) {
        finder = UnitFinder(catalog: catalog, anyTag: anyTag)
        var tagEnds = catalog.index.reversedTagTrie.firstBytes
        if anyTag { tagEnds[Int(UInt8(ascii: "]"))] = true }
        quick = QuickUnits(tagEnds: tagEnds)
    }

    /// The byte offset that `presses` backspaces from the end of `line` leave
    /// (0 when the line is shorter than that many units). Linear in the line length.
    public func remainingLength(of line: UnsafeBufferPointer<UInt8>, presses: Int) -> Int {
        if presses == 1 {
            // One press, the common case, as BackspaceRun.press makes it, without building a run.
            guard line.count > 0 else { return 0 }
            if let start = quick.lastUnit(in: line, from: 0, to: line.count) { return start }
            if let tag = finder.tagStart(endingAt: line.count, in: line) { return tag }
            if let emoji = GraphemeBoundaries.lastEmojiCluster(in: line) { return emoji }
            if let simple = GraphemeBoundaries.simpleLastUnit(before: line.count, in: line) { return simple }
        }
        var run = BackspaceRun(finder: finder, end: line.count, presses: presses)
        var count = 0
        while count < presses, run.press(in: line) { count += 1 }
        return run.end
    }

    /// Splits `line` into what `presses` backspaces keep and what they delete.
    public func backspace(_ line: [UInt8], presses: Int) -> (kept: ArraySlice<UInt8>, deleted: ArraySlice<UInt8>) {
        let end = line.withUnsafeBufferPointer { remainingLength(of: $0, presses: presses) }
        return (line[..<end], line[end...])
    }

    /// How many leading bytes of an unfinished line can no longer be reached
    /// by `presses` backspaces, whatever is appended to it later: all but the
    /// last `presses + 1` clusters and the longest tags those presses could span.
    public func settledLength(of partialLine: UnsafeBufferPointer<UInt8>, presses: Int) -> Int {
        var run = BackspaceRun(finder: UnitFinder(catalog: finder.catalog, anyTag: false), end: partialLine.count)
        var count = 0
        // Clusters only: a tag is never shorter than the clusters it spans.
        while count <= presses, run.pressCluster(in: partialLine) { count += 1 }
        // A tag press may jump back past several clusters, but never further than the longest tag.
        let longestUnitJump = max(TagTrie.maximumTagLength, 4 * (UnitFinder.anyTagLimit + 2))
        let (jump, overflow) = presses.multipliedReportingOverflow(by: longestUnitJump)
        let reach = overflow ? 0 : run.end - jump
        guard reach > 0 else { return 0 }
        // Cut only where a grapheme break is certain, so the rest scans the same on its own.
        return GraphemeBoundaries.safePoint(before: reach + 1, in: partialLine, minimumDistance: 1)
    }
}
