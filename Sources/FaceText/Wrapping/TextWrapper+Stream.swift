/// Receives wrapped text from a ``TextWrapper/Stream``: the bytes of each
/// wrapped line in order, then where it ends.
public protocol WrapSink {
    /// The next bytes of the current wrapped line (a line may come in several pieces).
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
    /// The current line ends where the wrapper broke it; `width` is its width.
    mutating func wrap(width: Int)
    /// The current line ends where its input line does: `ending` is the line
    /// feed (with a carriage return before it, if any), or empty at the end of
    /// an input without a final line feed; `width` is the line's width.
    mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int)
}

extension TextWrapper {
    /// Wraps input that arrives in chunks, line by line: memory stays flat
    /// whatever the length of a line.
    ///
    /// ```swift
    /// var stream = TextWrapper.Stream(wrapper: TextWrapper(width: 40))
    /// let out = ByteBuffer()
    /// for chunk in chunks { chunk.withUnsafeBufferPointer { stream.feed($0, into: out) } }
    /// stream.finish(into: out)
    /// ```
    ///
    /// The output does not depend on how the input is split. Bytes are held
    /// only while a break may still come before them: from the last place a
    /// line may break, up to ``pendingLimit`` bytes back (a place further back
    /// is given up, and a break comes where the width runs out instead), and a
    /// grapheme cluster up to ``clusterLimit`` bytes (a longer one, thousands
    /// of marks on one letter, is measured by its start, and never broken).
    public struct Stream {
        /// How far back a place to break is kept.
        public static let pendingLimit = 1 << 16
        /// The longest grapheme cluster measured whole.
        public static let clusterLimit = 1 << 16

        public let wrapper: TextWrapper
        let info = ScalarInfoTable()
        let tagStarts: [Bool]
        /// Bytes not yet handed on: from `written`, up to the end of the input so far.
        var held: [UInt8] = []
        /// Where the next unit starts in `held`.
        var cursor = 0
        /// How much of `held` is handed on.
        var written = 0
        /// Whether the current input line has bytes (so an input without a final line feed still ends a line).
        var lineStarted = false
        var line = LineState()

        /// The wrapping of the current input line.
        struct LineState {
            /// The width of the current wrapped line so far.
            var column = 0
            /// The last place in the current wrapped line where it may break, or -1; and the width before it.
            var breakPoint = -1
            var breakColumn = 0
            /// With line breaking, the last place in the current wrapped line where a word too wide
            /// for it may be broken (a grapheme boundary before a unit that may start a line), or -1.
            var wordBreakPoint = -1
            var wordBreakColumn = 0
            /// Where the last tab of the line is, or -1: a tab after a break is measured again.
            var lastTab = -1
            var breakState = LineBreakMachine.startState
            /// Whether the unit before opens something (no word is broken after it).
            var previousOpens = false
            /// The next piece continues a grapheme cluster cut at ``clusterLimit``.
            var joinNext = false
        }

        public init(wrapper: TextWrapper) {
            self.wrapper = wrapper
            tagStarts = wrapper.catalog.index.tagTrie.firstBytes
        }

        /// Wraps `chunk`, appending to `out` the input with a line feed
        /// inserted wherever a line is wrapped: every byte comes through, in order.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into out: ByteBuffer) {
            var sink = ByteSink(out: out)
            feed(chunk, to: &sink)
        }

        /// Ends the input, appending the rest to `out`.
        public mutating func finish(into out: ByteBuffer) {
            var sink = ByteSink(out: out)
            finish(to: &sink)
        }

        /// Wraps `chunk`, telling `sink` the wrapped lines as they are certain.
        public mutating func feed<Sink: WrapSink>(_ chunk: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
            held.append(contentsOf: chunk)
            run(&sink, isFinal: false)
        }

        /// Ends the input, telling `sink` the rest; the stream may then take a new input.
        public mutating func finish<Sink: WrapSink>(to sink: inout Sink) {
            run(&sink, isFinal: true)
            if lineStarted || written < held.count {
                held.withUnsafeBufferPointer { bytes in
                    sink.text(UnsafeBufferPointer(rebasing: bytes[written...]))
                    sink.lineEnd(UnsafeBufferPointer(rebasing: bytes[bytes.count...]), width: line.column)
                }
            }
            held.removeAll()
            (cursor, written, lineStarted, line) = (0, 0, false, LineState())
        }

        /// The input with line feeds inserted.
        struct ByteSink: WrapSink {
            let out: ByteBuffer
            @inline(__always) mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { out.append(bytes) }
            @inline(__always) mutating func wrap(width: Int) { out.append(0x0A) }
            @inline(__always) mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) { out.append(ending) }
        }
    }
}
