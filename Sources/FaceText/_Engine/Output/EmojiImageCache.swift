/// The image references a render stream has written for Unicode emoji
/// (`--emoji`), by the emoji's bytes: an emoji met again is written with one
/// copy instead of building its code name and reference anew. Chat text
/// repeats a small set of emoji; past ``limit`` distinct ones, or
/// ``sizeLimit`` bytes of references (a long image base), the rest are built
/// each time, so memory stays bounded whatever the input and the options.
/// A render stream whose faces' outputs are too large to keep all of keeps
/// the tags' outputs here too, by the tag's bytes, within the same bounds.
struct EmojiImageCache {
    static let limit = 1024
    static let sizeLimit = 1 << 20

    private var keys = ByteCounts()
    private var outputs: [[UInt8]] = []
    private var size = 0

    /// Appends the output for the emoji `bytes` to `out`, building it with `make` the first time.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer, make: () -> [UInt8]) {
        let key = UnsafeRawBufferPointer(bytes)
        if let index = keys.index(of: key) {
            outputs.withUnsafeBufferPointer { $0[index].withUnsafeBufferPointer { out.append($0) } }
            return
        }
        let output = make()
        if outputs.count < Self.limit && size + output.count <= Self.sizeLimit {
            keys.add(key, count: 0)
            outputs.append(output)
            size += output.count
        }
        out.append(output)
    }
}
