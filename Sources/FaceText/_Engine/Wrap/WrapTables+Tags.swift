extension WrapTables {
    static let unmeasured: Int32 = -1
    static let unequalWidths: Int32 = -2

    /// The width of a catalog tag's text (`bytes`, valid UTF-8). Most tags are
    /// letters and ideographs that are clusters of their own, whose widths add
    /// up; any other tag is measured as a string.
    func columns(ofTag bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var width = 0
        var index = 0
        let flags = Self.startsCluster | Self.notPrepend
        while index < bytes.count {
            let (value, count) = WrapCore.plainScalar(base, index)
            let entry = count > 0 ? self.entry(value) : 0
            guard entry & flags == flags else { return DisplayWidth.columns(of: String(decoding: bytes, as: UTF8.self)) }
            width += Self.width(entry)
            index += count
        }
        return width
    }

    /// The width every tag of `face` has, measured once for all of them at
    /// the first use; nil when its tags differ in width (each is measured).
    func tagWidth(face: Int) -> Int? {
        guard face >= 0 && face < faces.count else { return nil }
        var width = tagWidths[face]
        if width == Self.unmeasured {
            let widths = Set(faces[face].tags.filter { $0 != faces[face].emoji }.map { tag in
                var tag = tag
                return tag.withUTF8 { columns(ofTag: $0) }
            })
            width = widths.count == 1 ? Int32(widths.first!) : Self.unequalWidths
            tagWidths[face] = width
        }
        return width >= 0 ? Int(width) : nil
    }
}
