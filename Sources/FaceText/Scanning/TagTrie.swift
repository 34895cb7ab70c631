/// A byte trie of every catalog tag, matched longest-first while remembering
/// the last complete tag passed, so no rewinding is ever needed.
struct TagTrie: Sendable {
    /// The longest tag a catalog may hold, in UTF-8 bytes. It bounds how many
    /// bytes the streaming scanner ever holds back at a chunk end.
    static let maximumTagLength = 256

    /// For each node, the first of its edges in `edgeBytes`/`edgeTargets`;
    /// node `n`'s edges end where node `n + 1`'s begin.
    private var edgeStart: [Int32] = [0]
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// The face a node completes, or -1.
    private var terminal: [Int32] = [-1]
    /// Whether any tag starts with a byte.
    private(set) var firstBytes = [Bool](repeating: false, count: 256)

    /// The result of matching at one position.
    enum Match: Equatable {
        case none
        /// A tag of `length` bytes for face `face`.
        case tag(length: Int, face: Int32)
        /// The bytes ran out while a longer tag was still possible.
        case needMore
    }

    /// Builds the trie from (tag, face index) pairs; the first pair for a tag wins.
    init(tags: [(tag: String, face: Int32)]) {
        self.init(keys: tags.map { (Array($0.tag.utf8), $0.face) })
    }

    /// Builds a trie of the tags spelled backwards, for matching tags that end at a position.
    init(reversedTags tags: [(tag: String, face: Int32)]) {
        self.init(keys: tags.map { (Array($0.tag.utf8.reversed()), $0.face) })
    }

    private init(keys tags: [(key: [UInt8], face: Int32)]) {
        // Build with a nested dictionary form first, then lay out breadth-first.
        var children: [[UInt8: Int]] = [[:]]
        var ends: [Int32] = [-1]
        for (tag, face) in tags {
            var node = 0
            for byte in tag {
                if let next = children[node][byte] {
                    node = next
                } else {
                    children.append([:])
                    ends.append(-1)
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            if ends[node] < 0 { ends[node] = face }
            if let first = tag.first { firstBytes[Int(first)] = true }
        }
        var order = [0]
        var newIndex = [Int](repeating: 0, count: children.count)
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for byte in children[node].keys.sorted() {
                newIndex[children[node][byte]!] = order.count
                order.append(children[node][byte]!)
            }
        }
        edgeStart = []
        terminal = []
        for node in order {
            edgeStart.append(Int32(edgeBytes.count))
            terminal.append(ends[node])
            for byte in children[node].keys.sorted() {
                edgeBytes.append(byte)
                edgeTargets.append(Int32(newIndex[children[node][byte]!]))
            }
        }
        edgeStart.append(Int32(edgeBytes.count))
    }

    /// The longest tag starting at `bytes[start]`. When the buffer ends while a
    /// longer tag is still possible and more input may come, answers `.needMore`.
    @inline(__always)
    func longestMatch(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        var node = 0
        var best = Match.none
        var position = start
        while true {
            let from = Int(edgeStart[node]), to = Int(edgeStart[node + 1])
            if from == to { return best }
            if position == bytes.count { return isFinal ? best : .needMore }
            guard let next = child(of: from, to, byte: bytes[position]) else { return best }
            node = next
            position += 1
            let face = terminal[node]
            if face >= 0 { best = .tag(length: position - start, face: face) }
        }
    }

    /// For a trie built with ``init(reversedTags:)``: the longest tag that ends
    /// just before `end`, as (start, face), or nil.
    func longestMatch(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, face: Int32)? {
        var node = 0
        var best: (Int, Int32)?
        var position = end
        while position > 0 {
            let from = Int(edgeStart[node]), to = Int(edgeStart[node + 1])
            guard from < to, let next = child(of: from, to, byte: bytes[position - 1]) else { break }
            node = next
            position -= 1
            if terminal[node] >= 0 { best = (position, terminal[node]) }
        }
        return best
    }

    @inline(__always)
    private func child(of from: Int, _ to: Int, byte: UInt8) -> Int? {
        var low = from, high = to
        while high - low > 8 {
            let middle = (low + high) / 2
            if edgeBytes[middle] < byte { low = middle + 1 } else { high = middle }
        }
        while low < to {
            let found = edgeBytes[low]
            if found == byte { return Int(edgeTargets[low]) }
            if found > byte { return nil }
            low += 1
        }
        return nil
    }
}
