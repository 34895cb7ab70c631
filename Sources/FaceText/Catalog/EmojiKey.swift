/// The form in which emoji are compared: the UTF-8 bytes with every U+FE0F
/// (emoji presentation selector) removed, so `❤` and `❤️` are the same face.
enum EmojiKey {
    static func normalized(_ emoji: String) -> [UInt8] {
        normalized(Array(emoji.utf8))
    }

    static func normalized(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var pending: [UInt8] = []
        while let byte = iterator.next() {
            pending.append(byte)
            if pending == [0xEF, 0xB8, 0x8F] {
                pending.removeAll(keepingCapacity: true)
            } else if !([0xEF, 0xB8, 0x8F] as [UInt8]).starts(with: pending) {
                result.append(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        result.append(contentsOf: pending)
        return result
    }
}
