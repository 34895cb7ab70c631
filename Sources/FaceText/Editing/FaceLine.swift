/// An editable line of chat text with a cursor, edited the way a chat
/// keyboard does: one backspace deletes a whole face tag or a whole emoji.
///
/// ```swift
/// var line = FaceLine("好开心[哈哈]", catalog: .default)
/// line.backspace()          // returns "[哈哈]"; line.text == "好开心"
/// line.backspace()          // returns "心"
/// ```
///
/// A unit is the longest catalog tag ending at the cursor, else (with
/// `anyTag`) any `[…]` or `【…】` of at most 16 characters with no brackets or line
/// breaks inside, else the whole extended grapheme cluster (an emoji ZWJ
/// sequence, a flag, a keycap, a letter with its combining marks), else one
/// byte that is not valid UTF-8. The cursor is a UTF-8 byte offset.
public struct FaceLine: Sendable, Hashable {
    /// The line's bytes (any bytes; invalid UTF-8 is kept as it is).
    public private(set) var bytes: [UInt8]
    /// The cursor, as a UTF-8 byte offset from the start of the line.
    public var cursor: Int {
        didSet { cursor = min(max(cursor, 0), bytes.count) }
    }
    private let finder: UnitFinderBox

    /// Creates a line with the cursor at its end.
    public init(_ text: String, catalog: FaceCatalog = .default, anyTag: Bool = false) {
        self.init(bytes: Array(text.utf8), catalog: catalog, anyTag: anyTag)
    }

    /// Creates a line from raw bytes with the cursor at its end.
    public init(bytes: [UInt8], catalog: FaceCatalog = .default, anyTag: Bool = false) {
        self.bytes = bytes
        cursor = bytes.count
        finder = UnitFinderBox(UnitFinder(catalog: catalog, anyTag: anyTag))
    }

    /// The line as text (invalid UTF-8 shown as U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Deletes the unit before the cursor and returns it ("" at the start of the line).
    @discardableResult
    public mutating func backspace() -> String {
        String(decoding: backspaceBytes(), as: UTF8.self)
    }

    /// Deletes the unit before the cursor and returns its bytes.
    @discardableResult
    public mutating func backspaceBytes() -> [UInt8] {
        guard let start = bytes.withUnsafeBufferPointer({ finder.value.unitStart(endingAt: cursor, in: $0) }) else { return [] }
        let deleted = Array(bytes[start..<cursor])
        bytes.removeSubrange(start..<cursor)
        cursor = start
        return deleted
    }

    /// Deletes the unit after the cursor and returns it ("" at the end of the line).
    @discardableResult
    public mutating func deleteForward() -> String {
        guard let end = unitEnd() else { return "" }
        let deleted = Array(bytes[cursor..<end])
        bytes.removeSubrange(cursor..<end)
        return String(decoding: deleted, as: UTF8.self)
    }

    /// Inserts text at the cursor and moves the cursor after it.
    public mutating func insert(_ text: String) {
        bytes.insert(contentsOf: Array(text.utf8), at: cursor)
        cursor += text.utf8.count
    }

    /// Inserts a face as its canonical tag.
    public mutating func insert(_ face: Face) {
        insert(face.tag)
    }

    /// Moves the cursor one unit left; returns false at the start.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        guard let start = bytes.withUnsafeBufferPointer({ finder.value.unitStart(endingAt: cursor, in: $0) }) else { return false }
        cursor = start
        return true
    }

    /// Moves the cursor one unit right; returns false at the end.
    @discardableResult
    public mutating func moveRight() -> Bool {
        guard let end = unitEnd() else { return false }
        cursor = end
        return true
    }

    /// Removes the bytes of `range` (whole units: the caller finds its ends by
    /// moving the cursor) and puts the cursor where they were.
    mutating func removeBytes(in range: Range<Int>) {
        bytes.removeSubrange(range)
        cursor = range.lowerBound
    }

    private func unitEnd() -> Int? {
        bytes.withUnsafeBufferPointer { finder.value.unitEnd(startingAt: cursor, in: $0) }
    }

    public static func == (lhs: FaceLine, rhs: FaceLine) -> Bool {
        lhs.bytes == rhs.bytes && lhs.cursor == rhs.cursor
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
        hasher.combine(cursor)
    }
}

/// Holds the finder so `FaceLine` stays cheap to copy.
private final class UnitFinderBox: Sendable {
    let value: UnitFinder
    init(_ value: UnitFinder) { self.value = value }
}
