/// Building the kernel's table: each short bracketed tag's bytes as two
/// words with its output inline, in a sparse open-addressing table whose
/// multiplier is chosen, of a few, for the fewest displaced tags.
extension BracketRenderKernel {
    /// A kernel for `tags`, writing `replacements[face]` for each face (nil:
    /// the tag stays); nil for a catalog of more short tags than the table holds.
    /// `otherTags`, the catalog's tags that start with `otherByte` (not `[`),
    /// are matched in a ``PrefixTagTable`` of them, else in `trie` (the
    /// catalog's, which holds them all).
    init?(tags: BracketTagTable, replacements: FlatStrings,
          otherTags: [(tag: [UInt8], face: Int32)] = [], otherByte: UInt8 = 0, trie: TagTrie? = nil) {
        fallback = tags
        self.replacements = replacements
        let short = tags.keys.filter { $0.key.count <= 18 && !$0.key.contains(0x0A) }
        guard short.count < Int(UInt16.max) else { return nil }
        var entries = [Entry()]
        var longOutputs: [UInt8] = []
        for (key, face) in short {
            // A tag that stays as it is gets itself as output: every known tag is a hit.
            let output = replacements[Int(face)] ?? key
            let content = Array(key.dropFirst().dropLast())
            let (raw0, raw1) = Self.words(content)
            var entry = Entry(key0: UInt64(littleEndian: raw0), key1: UInt64(littleEndian: raw1),
                              keyLength: Int32(content.count), outputLength: Int32(output.count))
            if output.count <= 16 {
                (entry.output0, entry.output1) = Self.words(output)
            } else {
                entry.longStart = Int32(longOutputs.count)
                longOutputs.append(contentsOf: output)
            }
            entries.append(entry)
        }
        if let trie, !otherTags.isEmpty {
            var outputs = [Entry](repeating: Entry(outputLength: -1), count: Int(otherTags.map { $0.face }.max()!) + 1)
            for (_, face) in otherTags where outputs[Int(face)].outputLength < 0 {
                guard let output = replacements[Int(face)] else { continue }
                var entry = Entry(outputLength: Int32(output.count))
                if output.count <= 16 {
                    (entry.output0, entry.output1) = Self.words(output)
                } else {
                    entry.longStart = Int32(longOutputs.count)
                    longOutputs.append(contentsOf: output)
                }
                outputs[Int(face)] = entry
            }
            others = Others(firstByte: otherByte, table: PrefixTagTable(tags: otherTags), trie: trie,
                            longest: otherTags.map { $0.tag.count }.max()!, outputs: outputs)
        } else {
            others = nil
        }
        // (A tag that stays as it is grows by nothing.)
        let otherGrowth = otherTags.map { (replacements[Int($0.face)]?.count ?? $0.tag.count) - $0.tag.count }
        growth = max(0, (entries.dropFirst().map { Int($0.outputLength) - Int($0.keyLength) - 2 } + otherGrowth).max() ?? 0)
        shortestTag = max(1, (entries.dropFirst().map { Int($0.keyLength) + 2 } + otherTags.map { $0.tag.count }).min() ?? 2)
        var size = 64
        while size < short.count * 16 && size < 1 << 17 { size *= 2 }
        shift = UInt64(64 - size.trailingZeroBitCount)
        mask = size - 1
        // Of a few fixed multipliers, the one whose probes meet the fewest other tags.
        var best: (slots: [UInt16], multiplier: UInt64, displaced: Int)?
        var candidate: UInt64 = 0xBF58_476D_1CE4_E5B9
        for _ in 0..<(short.count < 4096 ? 16 : 1) {
            var slots = [UInt16](repeating: 0, count: size)
            var displaced = 0
            for index in 1..<entries.count {
                let entry = entries[index]
                var slot = Self.slot(entry.key0, entry.key1, Int(entry.keyLength), candidate, shift)
                while slots[slot] != 0 {
                    slot = (slot + 1) & mask
                    displaced += 1
                }
                slots[slot] = UInt16(index)
            }
            if best == nil || displaced < best!.displaced { best = (slots, candidate, displaced) }
            if displaced == 0 { break }
            candidate = (candidate &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019) | 1
        }
        slots = best!.slots
        multiplier = best!.multiplier
        self.entries = entries
        self.longOutputs = longOutputs
    }

    /// Up to sixteen bytes as two words holding them in memory order, zero-padded.
    private static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return words
    }
}
