extension TextWrapper {
    /// Receives wrapped text from a ``TextWrapper/Stream``: the bytes of each
    /// wrapped line in order, then where it ends.
    public protocol Sink {
        /// The next bytes of the current wrapped line (a line may come in several pieces).
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
        /// The current line ends where the wrapper broke it; `width` is its width.
        mutating func wrap(width: Int)
        /// The current line ends where its input line does: `ending` is the line
        /// feed (with a carriage return before it, if any), or empty at the end of
        /// an input without a final line feed; `width` is the line's width.
        mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int)
        /// The current line ends at a mandatory break other than a line feed
        /// (VT, FF, NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR):
        /// `character` is its bytes, `width` the line's width, and
        /// `lineEndingFollows` whether a line feed (or CRLF) or the end of the
        /// input comes right after it. The next line starts after it.
        ///
        /// The default, for a sink that keeps bytes, hands the character on as
        /// the line's last text and ends the line as a wrap does, unless a line
        /// ending follows, which ends it anyway. A sink of lines ends the line
        /// without the character (``TextWrapper/lines(of:)`` does).
        mutating func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool)
    }
}

extension TextWrapper.Sink {
    public mutating func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) {
        text(character)
        if !lineEndingFollows { wrap(width: width) }
    }
}

/// A sink that keeps the bytes and nothing else: it may be handed a line
/// and its ending as text, with lines before and after it, and is never told
/// where an input line ends (``TextWrapper/Sink/lineEnd(_:width:)``), only where the
/// wrapper breaks one. Its wrapper then passes a line that certainly fits
/// without measuring it.
protocol WholeLineSink: TextWrapper.Sink {}

extension TextWrapper {
    /// Wraps input that arrives in chunks, line by line: memory stays flat
    /// whatever the length of a line.
    ///
    /// ```swift
    /// var stream = TextWrapper.Stream(wrapper: TextWrapper(width: 40))
    /// let out = StreamOutput()
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
        /// Bytes not yet handed on, up to the end of the input so far.
        private var held: [UInt8] = []
        private var core: WrapCore

        public init(wrapper: TextWrapper) {
            self.wrapper = wrapper
            core = WrapCore(wrapper: wrapper)
        }

        /// A stream that uses `tables`, made for the wrapper's catalog and
        /// filled by earlier streams (one stream at a time may use them).
        init(wrapper: TextWrapper, tables: WrapTables) {
            self.wrapper = wrapper
            core = WrapCore(wrapper: wrapper, tables: tables)
        }

        /// Wraps `chunk`, appending to `out` the input with a line feed
        /// inserted wherever a line is wrapped: every byte comes through, in order.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into out: StreamOutput) {
            var sink = ByteSink(out: out)
            feed(chunk, to: &sink)
        }

        /// Ends the input, appending the rest to `out`.
        public mutating func finish(into out: StreamOutput) {
            var sink = ByteSink(out: out)
            finish(to: &sink)
        }

        /// Wraps `chunk`, telling `sink` the wrapped lines as they are certain.
        public mutating func feed<Sink: TextWrapper.Sink>(_ chunk: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
            held.append(contentsOf: chunk)
            run(&sink, isFinal: false)
        }

        /// Ends the input, telling `sink` the rest; the stream may then take a new input.
        public mutating func finish<Sink: TextWrapper.Sink>(to sink: inout Sink) {
            run(&sink, isFinal: true)
            held.withUnsafeBufferPointer { core.finish($0, &sink) }
            held.removeAll()
        }

        private mutating func run<Sink: TextWrapper.Sink>(_ sink: inout Sink, isFinal: Bool) {
            held.withUnsafeBufferPointer { core.run($0, &sink, isFinal: isFinal) }
            let written = core.written
            if written > 0 {
                held.removeFirst(written)
                core.discard(written)
            }
        }

        /// The input with line feeds inserted.
        struct ByteSink: WholeLineSink {
            let out: StreamOutput
            @inline(__always) mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { out.append(bytes) }
            @inline(__always) mutating func wrap(width: Int) { out.append(0x0A) }
            @inline(__always) mutating func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) { out.append(ending) }
        }
    }
}
