/// The lookup structures of a catalog: tag tries, the bracketed-tag hash,
/// and the emoji, tag and image indexes. Immutable and shared, so copying a
/// ``FaceCatalog`` (or anything holding one) costs one reference.
final class CatalogIndex: Sendable {
    let tagTrie: TagTrie
    /// The tags spelled backwards, to find a tag that ends at a cursor.
    let reversedTagTrie: TagTrie
    /// The hash fast path for `[…]` tags, when the catalog's tags allow it.
    let bracketTags: BracketTagTable?
    let tagIndex: [String: Int]
    /// ``tagIndex`` by the tags' bytes, for lookups that start from bytes.
    let tagKeys: ByteKeyTable
    let emojiIndex: ByteKeyTable
    let imageIndex: [String: Int]
    /// ``imageIndex`` by the names' bytes.
    let imageKeys: ByteKeyTable

    init(faces: [Face], emojiPriority: [Int]) {
        var pairs: [(tag: String, face: Int32)] = []
        var tagIndex: [String: Int] = [:]
        for (index, face) in faces.enumerated() {
            for tag in face.tags where tag != face.emoji {
                pairs.append((tag, Int32(index)))
                if tagIndex[tag] == nil { tagIndex[tag] = index }
            }
        }
        tagTrie = TagTrie(tags: pairs)
        reversedTagTrie = TagTrie(reversedTags: pairs)
        bracketTags = BracketTagTable(tags: pairs)
        self.tagIndex = tagIndex
        tagKeys = ByteKeyTable(pairs.map { (Array($0.tag.utf8), $0.face) })
        var emojiPairs: [(key: [UInt8], value: Int32)] = []
        for index in emojiPriority {
            guard let emoji = faces[index].emoji else { continue }
            emojiPairs.append((EmojiKey.normalized(emoji), Int32(index)))
        }
        emojiIndex = ByteKeyTable(emojiPairs)
        var imageIndex: [String: Int] = [:]
        for (index, face) in faces.enumerated() {
            for name in [face.image, face.animatedImage].compactMap({ $0 }) where imageIndex[name] == nil {
                imageIndex[name] = index
            }
        }
        self.imageIndex = imageIndex
        imageKeys = ByteKeyTable(faces.enumerated().flatMap { index, face in
            [face.image, face.animatedImage].compactMap { $0 }.map { (Array($0.utf8), Int32(index)) }
        })
    }
}
