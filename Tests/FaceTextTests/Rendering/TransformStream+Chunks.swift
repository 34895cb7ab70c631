import FaceText

extension TransformStream {
    /// The output of a fresh copy of this stream fed `input` in chunks of
    /// `size` bytes (the last one shorter), then finished.
    func output(of input: [UInt8], inChunksOf size: Int) -> [UInt8] {
        var stream = self
        var out: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: size) {
            stream.process(Array(input[start..<min(start + size, input.count)]), into: &out)
        }
        stream.finish(into: &out)
        return out
    }
}
