/// Which side of the page each message stands on.
enum MessageSides {
    case left, right
    /// The first message left, the next right, and so on.
    case alternate
    /// Right when the message's line starts with these bytes, else left.
    case me([UInt8])
    /// Right when the message's sender is this one (a chat log read as messages: the
    /// bubble's first row is the sender, then ` · ` and the time, or a row break).
    case sender([UInt8])

    /// The side of message `number` (from 1) that starts with `start` (at least the prefix's length of it, when there is that much).
    func isRight(number: Int, start: [UInt8]) -> Bool {
        switch self {
        case .left: return false
        case .right: return true
        case .alternate: return number % 2 == 0
        case .me(let prefix): return start.starts(with: prefix)
        case .sender(let name):
            guard start.starts(with: name) else { return false }
            let rest = start.dropFirst(name.count)
            return rest.isEmpty || rest.starts(with: MessageRows.separator) || rest.starts(with: MessageRows.rowBreak)
        }
    }

    /// How many bytes of a message's start the side depends on.
    var prefixLength: Int {
        if case .me(let prefix) = self { return prefix.count }
        if case .sender(let name) = self { return name.count + MessageRows.separator.count }
        return 0
    }

    /// Adds to `start` what of `bytes` the side may depend on (the message's text comes in pieces).
    func keep(_ bytes: UnsafeBufferPointer<UInt8>, in start: inout [UInt8]) {
        if start.count < prefixLength { start.append(contentsOf: bytes.prefix(prefixLength - start.count)) }
    }
}
