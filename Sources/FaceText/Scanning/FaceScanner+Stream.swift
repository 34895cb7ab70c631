extension FaceScanner {
    /// Tokens of input that arrives in chunks. Feed chunks of any size, then call
    /// ``finish()``; the faces found are the same however the input was split
    /// (only the splitting of plain text into `.text` tokens may differ).
    public struct Stream: Sendable {
        fileprivate var scanner: ChunkedScanner

        init(scanner: ChunkedScanner) {
            self.scanner = scanner
        }

        /// Scans the next chunk and returns the tokens completed so far.
        public mutating func feed(_ chunk: [UInt8]) -> [Token] {
            var collector = TokenCollector()
            chunk.withUnsafeBufferPointer { scanner.feed($0, into: &collector) }
            return collector.tokens
        }

        /// Ends the input and returns the last tokens.
        public mutating func finish() -> [Token] {
            var collector = TokenCollector()
            scanner.finish(into: &collector)
            return collector.tokens
        }
    }
}

extension FaceScanner {
    /// Receives the tokens of a ``FaceScanner.Stream`` in order, with their bytes.
    /// Conforming structs are called through `inout`, without closures.
    public protocol TokenHandler {
        /// Handles one token; `bytes` are the token's bytes (valid only during the call).
        mutating func handle(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>)
    }
}

extension FaceScanner.Stream {
    /// Scans the next chunk, passing each completed token to `handler`.
    public mutating func feed<Handler: FaceScanner.TokenHandler>(_ chunk: UnsafeBufferPointer<UInt8>, into handler: inout Handler) {
        var sink = HandlerSink(handler: handler)
        scanner.feed(chunk, into: &sink)
        handler = sink.handler
    }

    /// Ends the input, passing the last tokens to `handler`.
    public mutating func finish<Handler: FaceScanner.TokenHandler>(into handler: inout Handler) {
        var sink = HandlerSink(handler: handler)
        scanner.finish(into: &sink)
        handler = sink.handler
    }
}

private struct HandlerSink<Handler: FaceScanner.TokenHandler>: TokenSink {
    /// The input offset of the buffer being scanned (``TokenSink/willScan(from:)``).
    var base = 0
    var handler: Handler

    mutating func willScan(from offset: Int) { base = offset }

    mutating func consume(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) {
        handler.handle(Token(token.kind, face: token.face.faceIndex, (base + token.start)..<(base + token.end)),
                       UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    }
}
