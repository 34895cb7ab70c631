/// The lookup structures of a catalog: tag tries, the bracketed-tag hash,
/// and the emoji, tag and image indexes. Immutable and shared, so copying a
/// ``FaceCatalog`` (or anything holding one) costs one reference.
final class CatalogIndex: Sendable {
    let tagTrie: TagTrie
    /// The tags spelled backwards, to find a tag that ends at a cursor.
    let reversedTagTrie: TagTrie
    /// The hash fast path for `[…]` tags, when the catalog's tags allow it.
    let bracketTags: BracketTagTable?
    /// The face of each tag, compared as Strings are (canonical equivalence).
    var tagIndex: [String: Int] { stringIndexes.tags }
    /// ``tagIndex`` by the tags' bytes, for lookups that start from bytes.
    let tagKeys: ByteKeyTable
    let emojiIndex: ByteKeyTable
    /// The first face of each image file name, compared as Strings are.
    var imageIndex: [String: Int] { stringIndexes.images }
    /// ``imageIndex`` by the names' bytes.
    let imageKeys: ByteKeyTable
    /// ``tagIndex`` and ``imageIndex``, built on first use.
    private let stringIndexes: StringIndexes

    init(faces: [Face], emojiPriority: [Int]) {
        var pairs: [(tag: String, face: Int32)] = []
        for (index, face) in faces.enumerated() {
            for tag in face.tags where tag != face.emoji {
                pairs.append((tag, Int32(index)))
            }
        }
        tagTrie = TagTrie(tags: pairs)
        reversedTagTrie = TagTrie(reversedTags: pairs)
        bracketTags = BracketTagTable(tags: pairs)
        stringIndexes = StringIndexes(pairs: pairs, faces: faces)
        tagKeys = ByteKeyTable(pairs.map { (Array($0.tag.utf8), $0.face) })
        var emojiPairs: [(key: [UInt8], value: Int32)] = []
        for index in emojiPriority {
            guard let emoji = faces[index].emoji else { continue }
            emojiPairs.append((EmojiKey.normalized(emoji), Int32(index)))
        }
        emojiIndex = ByteKeyTable(emojiPairs)
        imageKeys = ByteKeyTable(faces.enumerated().flatMap { index, face in
            [face.image, face.animatedImage].compactMap { $0 }.map { (Array($0.utf8), Int32(index)) }
        })
    }
}
