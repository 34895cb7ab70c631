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
        // Padding, so any string can be read as two whole words.
        bytes.append(contentsOf: repeatElement(0, count: 16))
    }

    /// String `index`, or nil for "none".
    subscript(index: Int) -> [UInt8]? {
        let span = spans[index]
        guard span.count >= 0 else { return nil }
        return Array(bytes[Int(span.start)..<Int(span.start + span.count)])
    }

    /// Appends string `index` to `out`; false if it is "none". Strings of
    /// up to sixteen bytes are copied as two words, without a `memcpy` call.
    @inline(__always)
    func append(_ index: Int, to out: inout OutputBuffer) -> Bool {
        let span = spans[index]
        guard span.count >= 0 else { return false }
        let length = Int(span.count)
        bytes.withUnsafeBytes { storage in
            let source = storage.baseAddress! + Int(span.start)
            if length <= 16 {
                let target = UnsafeMutableRawPointer(out.freeSpace(atLeast: 16).baseAddress!)
                target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                out.commitTail(length)
            } else {
                out.append(UnsafeBufferPointer(start: source.assumingMemoryBound(to: UInt8.self), count: length))
            }
        }
        return true
    }
}
