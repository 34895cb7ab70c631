extension FaceStats {
    /// Counts the faces of input that arrives in chunks, without building tokens.
    ///
    /// ```swift
    /// var stream = FaceStats.Stream(catalog: .default)
    /// stream.feed(chunk)          // any number of chunks, split anywhere
    /// stream.finish()
    /// stream.stats.ranked
    /// ```
    public struct Stream: Sendable {
        private var scanner: ChunkedScanner
        private var counter: FaceCounter

        /// A stream counting the faces `recognizing` selects (catalog tags, emoji, images by default).
        /// An emoji with skin-tone modifiers counts as the face of its base (`👍🏽` as [赞], `🧑🏽‍💻`
        /// as the face of `🧑‍💻`) unless `separatingTones`, when it counts under itself, as an emoji
        /// whose base is no face always does.
        public init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized = .all, separatingTones: Bool = false) {
            self.init(engine: ScanEngine(catalog: catalog, recognized: recognized), separatingTones: separatingTones)
        }

        /// A stream counting what `engine` finds (an engine is costly to build: streams may share one).
        init(engine: ScanEngine, separatingTones: Bool = false) {
            scanner = ChunkedScanner(engine: engine)
            counter = FaceCounter(catalog: engine.catalog)
            counter.separatesTones = separatingTones
        }

        /// Counts the faces completed in the next chunk.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
            counter.withSink(facelessIDs: scanner.faceless.count) { scanner.feed(chunk, into: &$0) }
        }

        /// Ends the input.
        public mutating func finish() {
            counter.withSink(facelessIDs: scanner.faceless.count) { scanner.finish(into: &$0) }
        }

        /// The counts so far.
        public var stats: FaceStats { counter.stats(faceless: scanner.faceless) }
    }
}
