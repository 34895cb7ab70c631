/// A set of faces with the indexes the scanner needs: tags, emoji and image names.
///
/// ```swift
/// let catalog = FaceCatalog.default
/// catalog.face(forTag: "[哈哈]")?.emoji        // "😃"
/// catalog.face(forEmoji: "❤")?.tag            // "[心]" (with or without U+FE0F)
/// ```
///
/// Several tags may share one emoji; turning the emoji back into a tag gives
/// the first such face in catalog order (its canonical tag).
public struct FaceCatalog: Sendable {
    /// The faces, in catalog order. Token face indices point into this array.
    public let faces: [Face]
    /// The lookup structures, shared by every copy of the catalog.
    let index: CatalogIndex

    /// Builds a catalog from faces. Where two faces claim one tag, the first
    /// keeps it; use ``layered(_:)`` for override semantics. A face whose tag
    /// is its own emoji (an emoji-only entry) is found as an emoji, not as a tag.
    public init(faces: [Face]) {
        self.init(faces: faces, emojiPriority: Array(faces.indices))
    }

    init(faces: [Face], emojiPriority: [Int]) {
        self.faces = faces
        index = CatalogIndex(faces: faces, emojiPriority: emojiPriority)
    }

    /// The face written by `tag` (canonical, traditional or alias), or nil.
    public func face(forTag tag: String) -> Face? {
        index.tagIndex[tag].map { faces[$0] }
    }

    /// The index in ``faces`` of the face written by `tag`, or nil.
    public func faceIndex(forTag tag: String) -> Int? {
        index.tagIndex[tag]
    }

    /// The canonical face of an emoji, compared without U+FE0F, or nil.
    public func face(forEmoji emoji: String) -> Face? {
        faceIndex(forEmoji: emoji).map { faces[$0] }
    }

    /// The index in ``faces`` of the canonical face of an emoji, or nil.
    public func faceIndex(forEmoji emoji: String) -> Int? {
        index.emojiIndex.value(for: EmojiKey.normalized(emoji)).map(Int.init)
    }

    /// The face a person names: by a tag (`[哈哈]`), or by its bare name, the
    /// text of a tag `[name]` or `【name】` (`哈哈`); nil when there is none.
    public func face(named name: String) -> Face? {
        face(forTag: name) ?? face(forTag: "[" + name + "]") ?? face(forTag: "【" + name + "】")
    }

    /// The first face whose still or animated image has this file name, or nil.
    public func face(forImage name: String) -> Face? {
        index.imageIndex[name].map { faces[$0] }
    }

    /// Layers catalogs: a later catalog overrides an earlier one for the same
    /// tag, and for the same emoji when turning emoji back into tags.
    /// An earlier face that loses all its tags is left out.
    public static func layered(_ catalogs: [FaceCatalog]) -> FaceCatalog {
        guard catalogs.count > 1 else { return catalogs.first ?? FaceCatalog(faces: []) }
        var claimed: Set<String> = []
        var kept: [[Face]] = Array(repeating: [], count: catalogs.count)
        for (layer, catalog) in catalogs.enumerated().reversed() {
            for var face in catalog.faces {
                let free = face.tags.filter { !claimed.contains($0) }
                guard let first = free.first else { continue }
                if free.count != face.tags.count {
                    face.tag = first
                    face.traditionalTag = free.contains(face.traditionalTag ?? "") && face.traditionalTag != first ? face.traditionalTag : nil
                    face.aliases = face.aliases.filter { free.contains($0) && $0 != first }
                }
                kept[layer].append(face)
            }
            for face in kept[layer] { claimed.formUnion(face.tags) }
        }
        let faces = kept.flatMap { $0 }
        var priority: [Int] = []
        var offset = faces.count
        for layer in kept.reversed() {
            offset -= layer.count
            priority.append(contentsOf: offset..<(offset + layer.count))
        }
        return FaceCatalog(faces: faces, emojiPriority: priority)
    }
}
