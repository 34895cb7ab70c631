/// Wraps text to a display width without ever cutting a face: the lines of a
/// chat bubble or an input box.
///
/// ```swift
/// let wrapper = TextWrapper(width: 12, catalog: .default)
/// wrapper.lines(of: "今天好开心[哈哈][心]，你呢？").map(\.text)
/// // ["今天好开心", "[哈哈][心]，", "你呢？"]
/// ```
///
/// Widths are terminal columns as ``DisplayWidth`` counts them (CJK and emoji
/// 2, combining marks 0), each byte that is not UTF-8 1, a tab to the next
/// multiple of 8. A catalog tag is one unit that is never cut, and breaks as
/// the picture it stands for does (as an ideograph); so is a bracketed tag
/// the catalog does not have, `[…]` or `【…】` around 1 to 16 characters with
/// no bracket or line break (a face of another app, `[图片]`): a reader never
/// wants one cut in two, and it is at most 18 characters long. A unit wider
/// than the width stands on a line of its own, over-long.
///
/// A line ends at every mandatory break, as UAX #14 says: a line feed (CRLF),
/// VT, FF, NEL, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR
/// (``TextWrapper/Sink/mandatoryBreak(_:width:lineEndingFollows:)``). A lone CR is
/// not one: it is a character of no width.
///
/// With ``Breaking/line`` (the default) a line breaks where Unicode's line
/// breaking algorithm allows (``LineBreaker``): Latin words stay whole, CJK
/// breaks between ideographs, no line starts with closing punctuation such as
/// `。` `，` `」` `！`. A word wider than the whole width is broken between its
/// characters, but still not before closing punctuation, and after an opening
/// mark only when no other place is left. With
/// ``Breaking/character`` a line breaks between any two grapheme clusters, as
/// a chat bubble wrapped by character does.
///
/// Every column counts, spaces too: a line is never wider than the width
/// (unless one unit is), so a space that does not fit starts the next line,
/// as `fold -s` does.
public struct TextWrapper: Sendable {
    /// Where a line may break.
    public enum Breaking: String, Sendable, CaseIterable {
        /// Between any two grapheme clusters (or units: tags, invalid bytes).
        case character = "char"
        /// Where Unicode's line breaking algorithm (UAX #14) allows.
        case line
    }

    /// One line of wrapped text.
    public struct Line: Hashable, Sendable {
        /// The line's text, without a line ending.
        public var text: String
        /// Its width in columns.
        public var width: Int
    }

    /// The most columns a line takes (at least 1).
    public let width: Int
    public let catalog: FaceCatalog
    public let breaking: Breaking

    /// A wrapper to `width` columns (taken as 1 if smaller) that knows the faces of `catalog`.
    public init(width: Int, catalog: FaceCatalog = .default, breaking: Breaking = .line) {
        self.width = max(1, width)
        self.catalog = catalog
        self.breaking = breaking
    }

    /// The wrapped lines of `text`: each of its own lines (split at line
    /// feeds, a CR before one going with it, and at the other mandatory
    /// breaks, VT, FF, NEL, U+2028 and U+2029, which are left out of the
    /// lines) wrapped to ``width``. An empty text is one empty line.
    public func lines(of text: String) -> [Line] {
        var sink = LineCollector()
        var stream = Stream(wrapper: self)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { stream.feed($0, to: &sink) }
        stream.finish(to: &sink)
        if bytes.last == 0x0A || bytes.isEmpty { sink.lines.append(Line(text: "", width: 0)) }
        return sink.lines
    }

    /// Gathers the wrapped lines as strings.
    private struct LineCollector: TextWrapper.Sink {
        var lines: [Line] = []
        var current: [UInt8] = []

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { current.append(contentsOf: bytes) }

        mutating func wrap(width: Int) {
            lines.append(Line(text: String(decoding: current, as: UTF8.self), width: width))
            current.removeAll(keepingCapacity: true)
        }

        mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) { wrap(width: width) }

        mutating func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) { wrap(width: width) }
    }
}
