import FaceText

extension FaceStats.Stream {
    /// The counts of a fresh stream fed `bytes` in chunks of `size` bytes (the last one shorter).
    static func counts(of bytes: [UInt8], catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all,
                       inChunksOf size: Int) -> [String: Int] {
        var stream = FaceStats.Stream(catalog: catalog, recognizing: recognized)
        for start in stride(from: 0, to: bytes.count, by: max(size, 1)) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBufferPointer { stream.feed($0) }
        }
        stream.finish()
        return stream.stats.counts
    }
}

extension FaceLister {
    /// What `scan` lists for `bytes` as file `file`, a fresh lister fed them
    /// in chunks of `size` bytes (the last one shorter).
    static func listing(of bytes: [UInt8], catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized,
                        inChunksOf size: Int, file: String = "a.txt") -> [UInt8] {
        var lister = FaceLister(catalog: catalog, recognizing: recognized)
        let out = StreamOutput()
        lister.startFile(file)
        for start in stride(from: 0, to: bytes.count, by: max(size, 1)) {
            lister.feed(Array(bytes[start..<min(start + size, bytes.count)]), into: out)
        }
        lister.finish(into: out)
        return out.withBytes { Array($0) }
    }
}
