/// Parsing of code point ranges written `1F600-1F64F`, `U+1F600-U+1F64F`,
/// `0x1F600-0x1F64F`, `1F600..1F64F`, or a single code point `1F600`.
package enum CodePointRange {
    /// The range written in `text`; rejects reversed ranges, values above
    /// U+10FFFF and ranges that include surrogates.
    public static func parse(_ text: String) throws(EmojiGrid.Error) -> ClosedRange<UInt32> {
        let trimmed = text.trimmingSpaces()
        let parts: [Substring]
        if let dots = trimmed.firstRange(of: "..") {
            parts = [trimmed[..<dots.lowerBound], trimmed[dots.upperBound...]]
        } else {
            parts = trimmed.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        }
        guard (1...2).contains(parts.count) else { throw .malformedRange(text) }
        var bounds: [UInt32] = []
        for part in parts {
            var digits = part
            for prefix in ["U+", "u+", "0x", "0X"] where digits.hasPrefix(prefix) { digits = digits.dropFirst(prefix.count) }
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16) else { throw .malformedRange(text) }
            bounds.append(value)
        }
        let range = bounds[0]...max(bounds[0], bounds.last!)
        guard bounds.last! >= bounds[0] else { throw .reversedRange(text) }
        guard range.upperBound <= 0x10FFFF else { throw .rangeBeyondUnicode(text) }
        guard !range.overlaps(0xD800...0xDFFF) else { throw .surrogateRange(text) }
        return range
    }
}

private extension String {
    func trimmingSpaces() -> Substring {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
