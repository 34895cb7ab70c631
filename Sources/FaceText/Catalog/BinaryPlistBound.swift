/// The size a binary property list expands to, measured before it is decoded.
///
/// A binary property list stores each object once and lets arrays and
/// dictionaries refer to it any number of times, so a file of a few hundred
/// bytes can describe a tree of billions of values (one array referred to
/// twice by the next, forty times over). Decoding such a file would take
/// minutes and gigabytes; this walks the object table with a count per
/// object, in time linear in the file, and tells how many values the decoded
/// tree would hold, or that an object contains itself, or that its nesting
/// is deeper than a decoder can follow without exhausting its stack.
enum BinaryPlistBound {
    enum Outcome: Equatable {
        /// The number of values the decoded document holds (at most the limit asked for).
        case values(Int)
        /// More values than the limit.
        case tooLarge
        /// An array or dictionary that contains itself.
        case cycle
        /// Arrays and dictionaries nested more than ``CatalogValue/maximumDepth`` deep.
        case tooDeep
        /// Not a binary property list this reader can follow: left to the decoder, which reports it.
        case unreadable
    }

    /// The most values a catalog document may expand to: eight times the
    /// objects its file stores, plus a million (a catalog of 100,000 faces
    /// holds about 1.3 million).
    static func limit(objects: Int) -> Int {
        let (scaled, overflow) = objects.multipliedReportingOverflow(by: 8)
        return overflow ? Int.max : scaled.addingReportingOverflow(1_000_000).overflow ? Int.max : scaled + 1_000_000
    }

    /// Counts the values of the binary property list `bytes` would decode to.
    static func measure(_ bytes: [UInt8]) -> Outcome {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return .unreadable }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard let objects = number(bytes, at: trailer + 8, size: 8), let top = number(bytes, at: trailer + 16, size: 8),
              let tableStart = number(bytes, at: trailer + 24, size: 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize), objects > 0, top < objects,
              objects <= bytes.count, tableStart <= trailer, objects <= (trailer - tableStart) / offsetSize else { return .unreadable }
        let limit = limit(objects: objects)
        // Each object's count once known; -1 while it is being counted (a cycle if met again).
        var counts = [Int](repeating: 0, count: objects)
        // Each counted object's height: 1 for a value, one more than its tallest child for an array.
        var heights = [Int](repeating: 0, count: objects)
        // An explicit stack: object, the references still to add up, and the tallest child so far.
        var stack: [(object: Int, children: [Int], next: Int, total: Int, height: Int)] = []

        func children(of object: Int) -> [Int]? {
            guard let offset = number(bytes, at: tableStart + object * offsetSize, size: offsetSize), offset < trailer else { return nil }
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }       // array, set, dictionary; else a value
            var count = Int(marker & 0x0F)
            var start = offset + 1
            if count == 0x0F {
                // The count as an integer object: 0x1n, then 2^n bytes.
                guard start < trailer, bytes[start] >> 4 == 1, bytes[start] & 0x0F <= 3 else { return nil }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard let value = number(bytes, at: start + 1, size: size) else { return nil }
                count = value
                start += 1 + size
            }
            let references = kind == 0xD ? count * 2 : count
            guard count >= 0, count <= trailer, start + references * referenceSize <= trailer else { return nil }
            var list: [Int] = []
            list.reserveCapacity(references)
            for index in 0..<references {
                guard let reference = number(bytes, at: start + index * referenceSize, size: referenceSize),
                      reference < objects else { return nil }
                list.append(reference)
            }
            return list
        }

        guard let rootChildren = children(of: top) else { return .unreadable }
        counts[top] = -1
        stack.append((top, rootChildren, 0, 1, 0))
        while let last = stack.last {
            if last.next == last.children.count {
                stack.removeLast()
                counts[last.object] = last.total
                heights[last.object] = last.height + 1
                guard heights[last.object] <= CatalogValue.maximumDepth + 1 else { return .tooDeep }
                if stack.isEmpty { return .values(last.total) }
                stack[stack.count - 1].height = max(stack[stack.count - 1].height, heights[last.object])
                let (sum, overflow) = stack[stack.count - 1].total.addingReportingOverflow(last.total)
                guard !overflow, sum <= limit else { return .tooLarge }
                stack[stack.count - 1].total = sum
                continue
            }
            let child = last.children[last.next]
            stack[stack.count - 1].next += 1
            switch counts[child] {
            case -1:
                return .cycle
            case 0:
                guard let grandchildren = children(of: child) else { return .unreadable }
                guard stack.count <= CatalogValue.maximumDepth else { return .tooDeep }
                counts[child] = -1
                stack.append((child, grandchildren, 0, 1, 0))
            default:
                stack[stack.count - 1].height = max(stack[stack.count - 1].height, heights[child])
                let (sum, overflow) = stack[stack.count - 1].total.addingReportingOverflow(counts[child])
                guard !overflow, sum <= limit else { return .tooLarge }
                stack[stack.count - 1].total = sum
            }
        }
        return .unreadable
    }

    /// A big-endian unsigned number of `size` bytes at `offset`; nil past the end or above `Int.max`.
    private static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
