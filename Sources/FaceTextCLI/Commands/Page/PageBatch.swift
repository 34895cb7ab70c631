import FaceText

/// The output of `page` gathered before it is written: the page's own markup,
/// and the messages' lines of text, which are rendered together (one pass of
/// the renderer and the escaper for many lines: no face spans a line, and
/// rendering keeps every line feed) and put back between the markup.
struct PageBatch {
    /// The markup, in the order it is written.
    private(set) var markup: [UInt8] = []
    /// The lines of text, each ended by a line feed.
    private(set) var lines: [UInt8] = []
    /// What to write, in order: n ≥ 0, the next n bytes of markup; -1, the next line of text;
    /// below -1, the name at index -2 - n of ``names``, if names are shown.
    private var events: [Int] = []
    /// The names' markup.
    private var names: [[UInt8]] = []
    private var markupDone = 0

    /// Bytes gathered so far.
    var count: Int { markup.count + lines.count }
    var isEmpty: Bool { markup.isEmpty && lines.isEmpty && names.isEmpty }

    mutating func append(markup bytes: [UInt8]) { markup += bytes }

    mutating func append(markup text: StaticString) {
        text.withUTF8Buffer { markup.append(contentsOf: $0) }
    }

    /// Line feeds between two lines of a message.
    mutating func append(lineFeeds count: Int) {
        for _ in 0..<count { markup.append(0x0A) }
    }

    mutating func append(markup bytes: UnsafeBufferPointer<UInt8>) { markup.append(contentsOf: bytes) }

    /// Whether the last line is cut (a piece of a long line, the rest still to come).
    private var lastLineCut = false

    /// A line of a message's text (without its line ending), or a piece of one: when `cut`, the
    /// next piece goes on the same line.
    mutating func append(line: UnsafeBufferPointer<UInt8>, cut: Bool = false) {
        closeMarkupRun()
        lines.append(contentsOf: line)
        if !cut { lines.append(0x0A) }
        events.append(-1)
        lastLineCut = cut
    }

    /// A sender's name (its markup), written only if ``write(text:showingNames:into:)`` is told to show names.
    mutating func append(nameSlot name: [UInt8]) {
        closeMarkupRun()
        events.append(-2 - names.count)
        names.append(name)
    }

    private mutating func closeMarkupRun() {
        if markup.count > markupDone {
            events.append(markup.count - markupDone)
            markupDone = markup.count
        }
    }

    /// Appends the page's bytes to `out`, the lines rendered by `text`, and empties the batch.
    mutating func write(text: inout PageText, showingNames: Bool, into out: inout [UInt8]) {
        closeMarkupRun()
        text.render(lines, final: !lastLineCut) { rendered in
            var markupAt = 0, lineAt = 0
            for event in events {
                if event >= 0 {
                    out.append(contentsOf: markup[markupAt..<(markupAt + event)])
                    markupAt += event
                } else if event == -1 {
                    let end = ByteSearch.firstIndex(of: 0x0A, in: rendered, from: lineAt) ?? rendered.count
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: rendered[lineAt..<end]))
                    lineAt = end + 1
                } else if showingNames {
                    out += names[-2 - event]
                }
            }
        }
        markup.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        names.removeAll()
        markupDone = 0
    }
}
