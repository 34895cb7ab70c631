/// What the wrapper looks up for each scalar and byte, in storage read through
/// pointers: the scalar properties by blocks of 128 code points, filled in at
/// their first use (a chat line touches a few blocks: ASCII, CJK punctuation,
/// ideographs, emoji), and the bytes that may start a catalog tag.
///
/// An entry holds the scalar's line break class (bits 0–5), its width as a
/// cluster of its own (bits 6–7, ``DisplayWidth/columns(of:)-(Character)``;
/// a tab is 3, which the wrapper takes to the next tab stop), and flags.
final class WrapTables {
    static let startsCluster: UInt16 = 1 << 8
    static let notPrepend: UInt16 = 1 << 9
    /// The scalar may start a wrapped line where a word is broken.
    static let mayStartLine: UInt16 = 1 << 10
    /// The scalar opens something (opening punctuation or quotation mark): no word is broken after it.
    static let opens: UInt16 = 1 << 11
    /// An Extended_Pictographic scalar (no Extend): a cluster ends before it unless a ZWJ comes first (GB11).
    static let pictographic: UInt16 = 1 << 12
    /// A regional indicator: a cluster ends before it unless it pairs with one before (GB12, GB13).
    static let regional: UInt16 = 1 << 13
    static let tabWidth: UInt16 = 3

    private static let blockCount = 0x110000 >> 7
    /// Per block, 1 + its index in `entries`, or 0 while not filled.
    private let blocks: UnsafeMutablePointer<Int32>
    /// Room for every block; pages are touched only as blocks are filled.
    private let entries: UnsafeMutablePointer<UInt16>
    private var filled = 0
    /// Whether each byte may start a catalog tag, or is `[`.
    let tagStarts: UnsafeMutablePointer<Bool>
    /// Per lead byte, how the tight loops read its sequence (``QuickScalar``); length 0 for a byte that may start a tag.
    let quickShapes: UnsafeMutablePointer<UInt64>
    let tagTrie: TagTrie
    /// Where the search for the end of a long grapheme cluster starting at `start` stopped for
    /// want of input (positions in the stream's held bytes), so that it goes on from there.
    var clusterSearch = (start: -1, reached: 0)
    /// The line break state table (``LineBreakMachine``).
    let machine: UnsafePointer<UInt16>
    /// The entries of ASCII (the first block filled).
    let ascii: UnsafePointer<UInt16>
    /// The ASCII bytes that may start a tag, each repeated in a word (0x80 bytes, which never
    /// match ASCII, for none), when there are at most three of them; nil when there are more.
    let asciiTagStarts: (UInt64, UInt64, UInt64)?
    /// `[…]` tags by one hash, when the catalog's tags starting with `[` allow it.
    let bracketTags: BracketTagTable?
    /// Whether no CJK ideograph of U+4E00–U+9FFF may start a tag (so runs of them need no tag search).
    let ideographRuns: Bool
    /// The line break state after an ideograph (the same whatever came before), where a break
    /// is allowed before the next ideograph.
    let ideographState: UInt16
    /// The catalog's faces, whose tags ``tagWidth(face:)`` measures.
    let faces: [Face]
    /// Per face, the width its tags share, ``unmeasured`` before their first use, or
    /// ``unequalWidths`` when they differ (see `WrapTables+Tags.swift`).
    let tagWidths: UnsafeMutablePointer<Int32>

    init(catalog: FaceCatalog) {
        faces = catalog.faces
        tagWidths = .allocate(capacity: max(1, catalog.faces.count))
        tagWidths.initialize(repeating: Self.unmeasured, count: max(1, catalog.faces.count))
        blocks = .allocate(capacity: Self.blockCount)
        blocks.initialize(repeating: 0, count: Self.blockCount)
        entries = .allocate(capacity: Self.blockCount << 7)
        let trie = catalog.index.tagTrie
        tagTrie = trie
        // `[` always stops the tight loops: a bracketed tag outside the catalog is a unit too.
        let startBytes = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 { startBytes[byte] = trie.firstBytes[byte] || byte == Int(UInt8(ascii: "[")) }
        tagStarts = startBytes
        quickShapes = QuickScalar.shapes { startBytes[$0] }
        machine = LineBreakMachine.shared.pointer
        ascii = UnsafePointer(entries)
        let starts = (0..<0x80).filter { startBytes[$0] }.map { UInt64($0) &* 0x0101_0101_0101_0101 }
        let none: UInt64 = 0x8080_8080_8080_8080
        asciiTagStarts = starts.count <= 3 ? (starts.first ?? none, starts.dropFirst().first ?? none, starts.dropFirst(2).first ?? none) : nil
        bracketTags = catalog.index.bracketTags
        ideographRuns = (0xE4...0xE9).allSatisfy { !trie.firstBytes[$0] }
        var state = LineBreakMachine.startState
        _ = LineBreakMachine.shared.step(&state, .ID)
        ideographState = state
        _ = fill(0)
    }

    /// Whether the eight bytes of `word` are printable ASCII, none of them `tagStarts`' bytes.
    @inline(__always)
    static func isPlainASCII(_ word: UInt64, _ tagStarts: (UInt64, UInt64, UInt64)) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        let control = ~(word &+ 0x6060_6060_6060_6060) & high         // below 0x20
        let delete = ByteSearch.exactZeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F)
        let tags = ByteSearch.exactZeroBytes(word ^ tagStarts.0) | ByteSearch.exactZeroBytes(word ^ tagStarts.1)
            | ByteSearch.exactZeroBytes(word ^ tagStarts.2)
        return control | delete | tags == 0
    }

    /// Whether the three bytes at `index` are a CJK ideograph of U+4E00–U+9FFF: two columns,
    /// class ID, a cluster of its own when ASCII or another such ideograph follows.
    @inline(__always)
    static func isIdeograph(_ base: UnsafePointer<UInt8>, _ index: Int) -> Bool {
        // One comparison (a run's end is where mixed text changes script): the three bytes from
        // E4 B8 80 to E9 BF BF, with any fault of the continuation bytes above that range.
        let bytes = UInt32(base[index]) << 16 | UInt32(base[index + 1]) << 8 | UInt32(base[index + 2])
        let faults = (bytes & 0xC0C0) ^ 0x8080
        return UInt64(bytes &- 0xE4_B880) | UInt64(faults) << 32 <= 0xE9_BFBF - 0xE4_B880
    }

    deinit {
        blocks.deallocate()
        entries.deallocate()
        tagStarts.deallocate()
        quickShapes.deallocate()
        tagWidths.deallocate()
    }

    /// The entry of `value`.
    @inline(__always)
    func entry(_ value: UInt32) -> UInt16 {
        let block = blocks[Int(value >> 7)]
        guard block > 0 else { return fill(value) }
        return entries[Int(block - 1) << 7 | Int(value & 127)]
    }

    /// Whether a cluster ends between a scalar of entry `entry` (`value`) and one of entry `next`:
    /// the next always starts one, or it is a pictograph not after a ZWJ, or a regional
    /// indicator not after one (this one a cluster of its own, so no pair is open).
    @inline(__always)
    static func clusterEnds(_ entry: UInt16, _ value: UInt32, before next: UInt16) -> Bool {
        guard entry & notPrepend != 0 else { return false }
        return next & startsCluster != 0 || next & pictographic != 0 && value != 0x200D
            || next & regional != 0 && entry & regional == 0
    }

    /// Whether a cluster ends between a scalar of entry `entry` and one of entry `next`
    /// because the next always starts one: ``clusterEnds(_:_:before:)``'s common case, in one test.
    @inline(__always)
    static func quickClusterEnds(_ entry: UInt16, before next: UInt16) -> Bool {
        entry >> 1 & next & startsCluster != 0        // notPrepend is the bit above startsCluster
    }

    @inline(__always)
    static func lineBreakClass(_ entry: UInt16) -> LineBreakClass {
        LineBreakClass(rawValue: UInt8(truncatingIfNeeded: entry & 63)).unsafelyUnwrapped
    }

    /// Whether `value` ends a line wherever it stands (UAX #14 classes BK and NL, but line feeds):
    /// VT, FF, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    static func isMandatoryBreak(_ value: UInt32) -> Bool {
        value == 0x0B || value == 0x0C || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    @inline(__always)
    static func width(_ entry: UInt16) -> Int { Int(truncatingIfNeeded: entry >> 6 & 3) }

    /// Fills the block of `value` and answers for it.
    @inline(never)
    private func fill(_ value: UInt32) -> UInt16 {
        let first = value & ~127
        let base = entries + (filled << 7)
        let classes = LineBreakClass.classes(from: first, count: 128)
        for offset in 0..<128 {
            let scalar = first + UInt32(offset)
            var width: UInt16 = 1
            if scalar == 9 {
                width = Self.tabWidth
            } else if let unicodeScalar = Unicode.Scalar(scalar) {
                width = UInt16(DisplayWidth.columns(of: Character(unicodeScalar)))
            }
            let lineBreakClass = classes[offset]
            var entry = UInt16(lineBreakClass.rawValue) | width << 6
            if GraphemeBoundaries.startsCluster(scalar) { entry |= Self.startsCluster }
            // A mandatory break and `【` are never plain to the tight loops (which take a
            // scalar only when a cluster ends after it): the general way ends a line at the
            // one and looks for a bracketed tag at the other.
            if GraphemeBoundaries.cannotBePrepend(scalar) && !Self.isMandatoryBreak(scalar) && scalar != UnknownTagMatcher.fullWidthOpening {
                entry |= Self.notPrepend
            }
            if WrapCore.mayStartLine(lineBreakClass, scalar) { entry |= Self.mayStartLine }
            if WrapCore.opens(lineBreakClass, scalar) { entry |= Self.opens }
            let flags = EmojiProperties.flags(scalar)
            if flags & EmojiProperties.pictographic != 0 && flags & EmojiProperties.extend == 0 { entry |= Self.pictographic }
            if flags & EmojiProperties.regionalIndicator != 0 { entry |= Self.regional }
            base[offset] = entry
        }
        filled += 1
        blocks[Int(value >> 7)] = Int32(filled)
        return base[Int(value & 127)]
    }
}
