/// One chat face: the tags that write it, and how it can be shown.
///
/// A face is written in text by its canonical ``tag`` (for example `[哈哈]`),
/// by its optional ``traditionalTag`` or by any of its ``aliases``. It may be
/// shown as an image (``image``, ``animatedImage``) or as a Unicode emoji
/// (``emoji``).
public struct Face: Sendable, Hashable {
    /// Whether a face is drawn as an image or is a Unicode emoji (the `type`
    /// key of iOS emoticon packs: 0 image, 1 emoji).
    public enum Kind: Int, Sendable, Hashable {
        case image = 0
        case emoji = 1
    }

    /// The canonical tag, brackets included (`chs`), for example `[哈哈]`.
    public var tag: String
    /// The optional second spelling (`cht`, traditional Chinese), also recognised.
    public var traditionalTag: String?
    /// Further tags that mean the same face.
    public var aliases: [String]
    /// The still image file name (`png`), for example `d_haha.png`.
    public var image: String?
    /// The animated image file name (`gif`).
    public var animatedImage: String?
    /// The Unicode equivalent, as written in the catalog (U+FE0F kept).
    public var emoji: String?
    /// The declared kind (`type`), if the catalog gave one.
    public var kind: Kind?
    /// The package (group) the face came from, if the catalog had packages.
    public var package: String?
    /// Words a person may search for it by (`狗` for `[doge]`), beyond its
    /// tags and the names and keywords of its emoji, which it has too.
    public var keywords: [String]

    /// Creates a face from its parts.
    public init(
        tag: String, traditionalTag: String? = nil, aliases: [String] = [],
        image: String? = nil, animatedImage: String? = nil, emoji: String? = nil,
        kind: Kind? = nil, package: String? = nil, keywords: [String] = []
    ) {
        self.tag = tag
        self.traditionalTag = traditionalTag
        self.aliases = aliases
        self.image = image
        self.animatedImage = animatedImage
        self.emoji = emoji
        self.kind = kind
        self.package = package
        self.keywords = keywords
    }

    /// Every spelling that writes this face: the canonical tag first, then the
    /// traditional spelling, then the aliases.
    public var tags: [String] {
        var all = [tag]
        if let traditionalTag, traditionalTag != tag { all.append(traditionalTag) }
        all.append(contentsOf: aliases)
        return all
    }

    /// The emoji's code points as lower-case hex joined by `-`, twemoji style
    /// (`1f606`; U+FE0F dropped unless the sequence has a ZWJ), or nil.
    public var emojiCode: String? {
        emoji.map(EmojiName.twemojiCode(of:))
    }
}
