extension ChatLog {
    /// Splits a chat log that arrives in chunks into messages, line by line.
    ///
    /// ```swift
    /// var splitter = ChatLog.Splitter(format: .prefixed)
    /// splitter.feed(chunk) { line in      // any number of chunks, split anywhere
    ///     if let header = line.header { print(header.sender ?? "-") }
    ///     use(line.text)                  // the message's text on this line
    /// }
    /// splitter.finish { line in … }
    /// ```
    ///
    /// Each line comes whole, with its line ending (a line longer than
    /// ``lineLimit`` comes in pieces of that size, the later ones as
    /// continuations). A line that starts a message carries its header and the
    /// offset where the message's text starts in it; every other line is text of
    /// the message before. Memory is one line at most.
    public struct Splitter {
        /// One line of the log, or a piece of a long one.
        public struct Line {
            /// The line's bytes, line ending included.
            public var bytes: UnsafeBufferPointer<UInt8>
            /// Set on a line that starts a message.
            public var header: ChatLog.Header?
            /// Where the message's text starts in ``bytes`` (0 on a continuation).
            public var textStart: Int
            /// The offset of the line's first byte from the start of the input.
            public var offset: Int
            /// The line's number, from 1.
            public var number: Int
            /// Whether this is a piece of a line longer than ``lineLimit`` that goes on in the
            /// next piece (a face may span the cut: see ``FaceStats/Groups/add(_:to:lineGoesOn:)``).
            public var goesOn = false
            /// On a line that starts a message with a sender, a number that differs from every
            /// other sender's as long as the splitter lives (0 otherwise): names told apart without
            /// comparing them. One sender may come with more than one number over a long log.
            package var senderNumber = 0

            /// The message's text on this line.
            public var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[min(textStart, bytes.count)...]) }
        }

        /// The longest piece of a line handed on at once.
        public static let lineLimit = 1 << 20

        public let format: ChatLog.Format
        /// Whether WhatsApp dates put the day first (`31/12/20`), else the month.
        public var dayFirst: Bool
        private var pending: [UInt8] = []
        private var offset = 0
        private var number = 1
        private var continuing = false
        private var names = NameCache()
        /// Whether a line ending alone is handed on (it holds no text and starts no message):
        /// a reader that only counts what messages hold may go without a third of QQ's lines.
        package var handsOnEmptyLines = true

        public init(format: ChatLog.Format, dayFirst: Bool = true) {
            self.format = format
            self.dayFirst = dayFirst
        }

        /// Hands on every line completed by `chunk`.
        public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Line) -> Void) {
            var start = 0
            while start < chunk.count {
                let end = ByteSearch.firstIndex(of: 0x0A, in: chunk, from: start).map { $0 + 1 }
                if let end, pending.isEmpty {
                    emit(UnsafeBufferPointer(rebasing: chunk[start..<end]), complete: true, body)
                    start = end
                    continue
                }
                let stop = min(end ?? chunk.count, start + Self.lineLimit - pending.count)
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<stop]))
                start = stop
                if stop == end || pending.count >= Self.lineLimit {
                    let complete = stop == end
                    pending.withUnsafeBufferPointer { emit($0, complete: complete, body) }
                    pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
                }
            }
        }

        /// Hands on the last line, if it has no line ending.
        public mutating func finish(_ body: (Line) -> Void) {
            guard !pending.isEmpty else { return }
            pending.withUnsafeBufferPointer { emit($0, complete: true, body) }
            pending.removeAll()
        }

        /// Starts again between two chunks, without what was held: the next bytes begin a
        /// line, or (`continuing`) go on with a line longer than ``lineLimit`` whose earlier
        /// pieces went elsewhere. For reading a log in segments, each cut just after a line
        /// ending or a whole piece, with one splitter per thread (its names stay known).
        package mutating func restart(continuing: Bool) {
            pending.removeAll(keepingCapacity: true)
            self.continuing = continuing
        }

        private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, complete: Bool, _ body: (Line) -> Void) {
            // (An empty line starts no message in any format. A line without a header is made
            // apart, so that nothing of a header is left to destroy after it.)
            let empty = ChatLog.Header.isEmpty(bytes)
            if empty && !continuing && !handsOnEmptyLines {
                // Not handed on.
            } else if !continuing, format != .lines, !empty,
               let start = ChatLog.Header.start(of: bytes, in: format, dayFirst: dayFirst, names: &names) {
                body(Line(bytes: bytes, header: start.header(names), textStart: start.textStart, offset: offset, number: number,
                          goesOn: !complete, senderNumber: start.senderNumber))
            } else {
                body(Line(bytes: bytes, header: nil, textStart: 0, offset: offset, number: number, goesOn: !complete))
            }
            offset += bytes.count
            if complete { number += 1 }
            continuing = !complete
        }
    }
}

extension ChatLog.Splitter.Line {
    /// A line as a splitter hands it on (for lines passed from one thread to another).
    /// (In an extension, so that the splitter keeps the memberwise initializer it makes lines with.)
    package static func handedOn(bytes: UnsafeBufferPointer<UInt8>, header: ChatLog.Header?, textStart: Int, goesOn: Bool,
                                 senderNumber: Int) -> Self {
        Self(bytes: bytes, header: header, textStart: textStart, offset: 0, number: 0, goesOn: goesOn, senderNumber: senderNumber)
    }
}
