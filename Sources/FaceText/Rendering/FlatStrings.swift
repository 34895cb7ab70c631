/// Byte strings stored end to end in one array, so writing one appends a
/// slice without retaining a separate array per string.
struct FlatStrings: Sendable {
    private var bytes: [UInt8] = []
    /// For each string, its start in `bytes` and its length, or length -1 for "none".
    private var spans: [(start: Int32, count: Int32)] = []

    init(_ strings: [[UInt8]?]) {
        for string in strings {
            if let string {
                spans.append((Int32(bytes.count), Int32(string.count)))
                bytes.append(contentsOf: string)
            } else {
                spans.append((0, -1))
            }
        }
    }

    /// String `index`, or nil for "none".
    subscript(index: Int) -> [UInt8]? {
        let span = spans[index]
        guard span.count >= 0 else { return nil }
        return Array(bytes[Int(span.start)..<Int(span.start + span.count)])
    }

    /// Appends string `index` to `out`; false if it is "none".
    @inline(__always)
    func append(_ index: Int, to out: inout OutputBuffer) -> Bool {
        let span = spans[index]
        guard span.count >= 0 else { return false }
        bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)])) }
        return true
    }
}
