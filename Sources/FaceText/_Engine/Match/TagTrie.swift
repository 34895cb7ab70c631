/// A byte trie of every catalog tag, matched longest-first while remembering
/// the last complete tag passed, so no rewinding is ever needed.
struct TagTrie: Sendable {
    /// The longest tag a catalog may hold, in UTF-8 bytes. It bounds how many
    /// bytes the streaming scanner ever holds back at a chunk end.
    static let maximumTagLength = 256

    /// For each node, the first of its edges in `edgeBytes`/`edgeTargets`;
    /// node `n`'s edges end where node `n + 1`'s begin.
    private var edgeStart: [Int32] = []
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// The face a node completes, or -1.
    private var terminal: [Int32] = []
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

    /// Lays the trie out depth-first from the keys sorted by bytes, so each
    /// node's edges are contiguous and sorted; no per-node containers are
    /// built, and the keys are read from one flat buffer (this runs at every
    /// start of the command-line tool, for the built-in catalog).
    private init(keys tags: [(key: [UInt8], face: Int32)]) {
        // Sorted by the first eight bytes read as one number, then (rarely) by all of them.
        let prefixes = tags.map { ByteOrder.prefix(of: $0.key) }
        let order = tags.indices.sorted { lhs, rhs in
            if prefixes[lhs] != prefixes[rhs] { return prefixes[lhs] < prefixes[rhs] }
            let order = tags[lhs].key.withUnsafeBufferPointer { a in
                tags[rhs].key.withUnsafeBufferPointer { b in ByteOrder.compare(a, b) }
            }
            return order != 0 ? order < 0 : lhs < rhs
        }
        var flat: [UInt8] = []
        var starts: [Int] = [], lengths: [Int] = [], faces: [Int32] = []
        for index in order {
            starts.append(flat.count)
            lengths.append(tags[index].key.count)
            faces.append(tags[index].face)
            flat += tags[index].key
            if let first = tags[index].key.first { firstBytes[Int(first)] = true }
        }
        let keys = Keys(flat: flat, starts: starts, lengths: lengths, faces: faces)
        _ = buildNode(keys, 0, keys.count, 0)
        edgeStart.append(Int32(edgeBytes.count))
    }

    /// The sorted keys, end to end in one buffer.
    private struct Keys {
        var flat: [UInt8]
        var starts: [Int]
        var lengths: [Int]
        var faces: [Int32]

        var count: Int { starts.count }

        /// Byte `depth` of key `index`, which is longer than that.
        func byte(_ index: Int, _ depth: Int) -> UInt8 {
            flat.withUnsafeBufferPointer { $0[starts[index] + depth] }
        }
    }

    /// Builds the node for keys `low..<high`, which share their first `depth` bytes.
    private mutating func buildNode(_ keys: Keys, _ low: Int, _ high: Int, _ depth: Int) -> Int32 {
        let node = terminal.count
        terminal.append(-1)
        edgeStart.append(Int32(edgeBytes.count))
        var index = low
        if index < high, keys.lengths[index] == depth {
            terminal[node] = keys.faces[index]      // sorted by original position: the first pair wins
            while index < high, keys.lengths[index] == depth { index += 1 }
        }
        // The node's edges first, one per distinct next byte, then the children depth-first.
        let base = edgeBytes.count
        var group = index
        while group < high {
            let byte = keys.byte(group, depth)
            edgeBytes.append(byte)
            edgeTargets.append(0)
            repeat { group += 1 } while group < high && keys.byte(group, depth) == byte
        }
        var edge = base
        group = index
        while group < high {
            let byte = keys.byte(group, depth)
            var end = group
            repeat { end += 1 } while end < high && keys.byte(end, depth) == byte
            edgeTargets[edge] = buildNode(keys, group, end, depth + 1)
            edge += 1
            group = end
        }
        return Int32(node)
    }

    /// The longest tag starting at `bytes[start]`. When the buffer ends while a
    /// longer tag is still possible and more input may come, answers `.needMore`.
    @inline(__always)
    func longestMatch(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) -> Match {
        // Through the arrays' storage: the walk is a few loads a byte, which bounds checks would double.
        edgeStart.withUnsafeBufferPointer { edgeStart in
            edgeBytes.withUnsafeBufferPointer { edgeBytes in
                edgeTargets.withUnsafeBufferPointer { edgeTargets in
                    terminal.withUnsafeBufferPointer { terminal in
                        var node = 0
                        var best = Match.none
                        var position = start
                        while true {
                            let from = Int(edgeStart[node]), to = Int(edgeStart[node &+ 1])
                            if from == to { return best }
                            if position == bytes.count { return isFinal ? best : .needMore }
                            guard let next = Self.child(edgeBytes, edgeTargets, from, to, byte: bytes[position]) else { return best }
                            node = next
                            position &+= 1
                            let face = terminal[node]
                            if face >= 0 { best = .tag(length: position &- start, face: face) }
                        }
                    }
                }
            }
        }
    }

    /// The target of the edge for `byte` among the sorted edges `from..<to`, or nil.
    @inline(__always)
    private static func child(_ edgeBytes: UnsafeBufferPointer<UInt8>, _ edgeTargets: UnsafeBufferPointer<Int32>,
                              _ from: Int, _ to: Int, byte: UInt8) -> Int? {
        var low = from, high = to
        while high &- low > 8 {
            let middle = (low &+ high) &>> 1
            if edgeBytes[middle] < byte { low = middle &+ 1 } else { high = middle }
        }
        while low < to {
            let found = edgeBytes[low]
            if found == byte { return Int(edgeTargets[low]) }
            if found > byte { return nil }
            low &+= 1
        }
        return nil
    }

    /// For a trie built with ``init(reversedTags:)``: the longest tag that ends
    /// just before `end`, as (start, face), or nil.
    func longestMatch(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, face: Int32)? {
        // Most lines end in a byte no tag ends with (the first byte of a reversed key).
        guard end > 0, firstBytes.withUnsafeBufferPointer({ $0[Int(bytes[end - 1])] }) else { return nil }
        var node = 0
        var best: (Int, Int32)?
        var position = end
        while position > 0 {
            let from = Int(edgeStart[node]), to = Int(edgeStart[node + 1])
            guard from < to, let next = edgeBytes.withUnsafeBufferPointer({ edgeBytes in
                edgeTargets.withUnsafeBufferPointer { Self.child(edgeBytes, $0, from, to, byte: bytes[position - 1]) }
            }) else { break }
            node = next
            position -= 1
            if terminal[node] >= 0 { best = (position, terminal[node]) }
        }
        return best
    }
}
