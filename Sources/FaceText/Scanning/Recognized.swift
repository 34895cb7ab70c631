/// What kinds of face a scanner looks for.
public struct Recognized: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Catalog tags.
    public static let tags = Recognized(rawValue: 1)
    /// Unicode emoji.
    public static let emoji = Recognized(rawValue: 2)
    /// Image references written by `render`.
    public static let images = Recognized(rawValue: 4)
    /// Bracketed tags that are not in the catalog, reported as `.unknown`.
    public static let unknownTags = Recognized(rawValue: 8)
    /// Catalog tags, emoji and image references (not unknown tags).
    public static let all: Recognized = [.tags, .emoji, .images]
}
