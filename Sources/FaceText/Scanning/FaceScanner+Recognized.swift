extension FaceScanner {
    /// What kinds of face a scanner looks for.
    public struct Recognized: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Catalog tags.
        public static let tags = FaceScanner.Recognized(rawValue: 1)
        /// Unicode emoji.
        public static let emoji = FaceScanner.Recognized(rawValue: 2)
        /// Image references written by `render`.
        public static let images = FaceScanner.Recognized(rawValue: 4)
        /// Bracketed tags that are not in the catalog, reported as `.unknown`.
        public static let unknownTags = FaceScanner.Recognized(rawValue: 8)
        /// Catalog tags, emoji and image references (not unknown tags).
        public static let all: FaceScanner.Recognized = [.tags, .emoji, .images]
    }
}
