/// Runs the scan engine over input that arrives in chunks of any size.
///
/// Only the unfinished tail of a chunk (a face that may go on in the next
/// chunk: at most a few hundred bytes) is held back and scanned again with the
/// next chunk, so memory stays flat and the tokens do not depend on where
/// the input was split.
struct ChunkedScanner: Sendable {
    let engine: ScanEngine
    /// Bytes held back from the previous chunk.
    private var carry: [UInt8] = []
    /// The input offset of the first byte of the next buffer scanned.
    private(set) var offset = 0
    /// Emoji clusters met so far, found faster when they come again.
    private var memo = ClusterMemo()
    /// What the bytes reported so far leave for a cluster that starts next (``ClusterContext``).
    private var context = ClusterContext.none

    init(engine: ScanEngine) {
        self.engine = engine
    }

    /// Scans the next chunk, reporting every token that is complete.
    mutating func feed<Sink: TokenSink>(_ chunk: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        let engine = engine
        var memo = takeMemo()
        var context = context
        feed(chunk) { bytes, isFinal, start in
            sink.willScan(from: start)
            return engine.scan(bytes, isFinal: isFinal, memo: &memo, context: &context, into: &sink)
        }
        self.memo = memo
        self.context = context
    }

    /// Scans whatever is held back, as the end of the input.
    mutating func finish<Sink: TokenSink>(into sink: inout Sink) {
        let engine = engine
        var memo = takeMemo()
        var context = context
        finish { bytes, isFinal, start in
            sink.willScan(from: start)
            return engine.scan(bytes, isFinal: isFinal, memo: &memo, context: &context, into: &sink)
        }
        self.memo = memo
        self.context = context
    }

    /// The emoji without a face numbered so far for a sink that asked (``SinkPolicy/facelessNumbers``), by number.
    var faceless: ByteCounts { memo.faceless }

    /// The memo, moved out so the scan can change it without copying.
    private mutating func takeMemo() -> ClusterMemo {
        defer { memo = ClusterMemo() }
        return memo
    }

    /// Scans a buffer: its bytes, whether they end the input, and the input
    /// offset of the first of them; returns how many bytes were fully reported.
    typealias Scan = (_ bytes: UnsafeBufferPointer<UInt8>, _ isFinal: Bool, _ start: Int) -> Int

    /// Runs `scan` over the next chunk, after whatever was held back: for
    /// loops that replace the engine's. A chunk may be scanned in two
    /// buffers, so `scan` learns where each starts.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ scan: Scan) {
        if carry.isEmpty {
            let used = scan(chunk, false, offset)
            offset += used
            if used < chunk.count { carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[used...])) }
            return
        }
        // Only the start of the chunk joins what was held back, enough for any
        // face to end in; the rest is scanned where it lies, not copied.
        let carried = carry.count
        let bridge = min(chunk.count, Self.bridge)
        carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<bridge]))
        let used = carry.withUnsafeBufferPointer { scan($0, false, offset) }
        offset += used
        if used >= carried && bridge < chunk.count {
            carry.removeAll(keepingCapacity: true)
            feed(UnsafeBufferPointer(rebasing: chunk[(used - carried)...]), scan)
        } else {
            // A face still open after the bridge (or a short chunk): the rest joins too, as it is.
            carry.removeFirst(used)
            guard bridge < chunk.count else { return }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[bridge...]))
            scanCarry(isFinal: false, scan)
        }
    }

    /// How many bytes of a chunk at most are joined to those held back before it.
    static let bridge = 4096

    /// Runs `scan` over whatever is held back, as the end of the input.
    mutating func finish(_ scan: Scan) {
        scanCarry(isFinal: true, scan)
    }

    private mutating func scanCarry(isFinal: Bool, _ scan: Scan) {
        guard !carry.isEmpty else { return }
        let used = carry.withUnsafeBufferPointer { scan($0, isFinal, offset) }
        offset += used
        carry.removeFirst(used)
    }
}

/// Collects tokens with absolute offsets.
struct TokenCollector: TokenSink {
    var base = 0
    var tokens: [Token] = []

    mutating func willScan(from offset: Int) { base = offset }

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        let range = (base + token.start)..<(base + token.end)
        if token.kind == .text, let last = tokens.last, last.kind == .text, last.range.upperBound == range.lowerBound {
            tokens[tokens.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            tokens.append(Token(token.kind, face: token.face.faceIndex, range))
        }
    }
}
