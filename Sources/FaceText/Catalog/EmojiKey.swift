/// The form in which emoji are compared: the UTF-8 bytes with every U+FE0F
/// (emoji presentation selector) removed, so `❤` and `❤️` are the same face.
enum EmojiKey {
    static func normalized(_ emoji: String) -> [UInt8] {
        normalized(Array(emoji.utf8))
    }

    /// The bytes without any EF B8 8F (U+FE0F) sequence; other bytes are kept as they are.
    static func normalized<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] where C.Index == Int {
        guard bytes.contains(0xEF) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0xEF, index + 2 < bytes.endIndex, bytes[index + 1] == 0xB8, bytes[index + 2] == 0x8F {
                index += 3
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
