import FaceText

/// `wrap --bubble`: each message framed as a ``ChatBubble``, left or right
/// on the page, streaming.
///
/// A message is held until it ends, to size its frame by its widest line;
/// one of more than ``holdLimit`` bytes is drawn as it comes instead, at the
/// full width a bubble may take.
final class BubbleMessages: TextWrapper.Sink {
    static let holdLimit = 1 << 20

    let out: StreamOutput
    let sides: MessageSides
    let layout: ChatBubble
    let colour: Bool
    /// What makes the text drawn unable to drive the terminal (fed before the wrapper, so widths hold).
    let safe = TerminalSafeBytes()
    /// The current message's number in its input (from 1 once it starts).
    var messageNumber = 0
    private var started = false
    /// The held lines: their bytes one after another, where each ends, and their widths.
    private var held: [UInt8] = []
    private var ends: [Int] = []
    private var widths: [Int] = []
    /// The first bytes of the message, for `--me`.
    private var start: [UInt8] = []
    /// Once the message is drawn as it comes: the frame's inner width, its column and side.
    private var drawing: (width: Int, column: Int, right: Bool)?
    /// Whether a line is begun in `drawing` mode.
    private var rowOpen = false

    init(out: StreamOutput, sides: MessageSides, layout: ChatBubble, colour: Bool) {
        self.out = out
        self.sides = sides
        self.layout = layout
        self.colour = colour
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        begin()
        sides.keep(bytes, in: &start)
        if let drawing {
            if !rowOpen { openRow(drawing) }
            out.append(bytes)
            return
        }
        held.append(contentsOf: bytes)
        if held.count > Self.holdLimit { startDrawing() }
    }

    func wrap(width: Int) {
        begin()
        endRow(width: width)
    }

    /// A mandatory break ends the row; the character itself is not shown.
    func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) {
        wrap(width: width)
    }

    func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) {
        begin()
        endRow(width: width)
        if drawing == nil {
            let inner = widths.max() ?? 0
            let right = sides.isRight(number: messageNumber, start: start)
            let frame = (width: inner, column: layout.column(width: inner + ChatBubble.frameWidth, right: right), right: right)
            drawHeld(frame)
            bottom(frame)
        }
        if let drawing { bottom(drawing) }
        started = false
        drawing = nil
        held.removeAll(keepingCapacity: held.capacity <= Self.holdLimit)
        ends.removeAll()
        widths.removeAll()
        start.removeAll()
    }

    private func begin() {
        guard !started else { return }
        started = true
        messageNumber += 1
    }

    private func endRow(width: Int) {
        if let drawing {
            if !rowOpen { openRow(drawing) }
            closeRow(drawing, width: width)
        } else {
            ends.append(held.count)
            widths.append(width)
        }
    }

    /// Draws the top and the held lines of a message too long to hold, at the full bubble width.
    private func startDrawing() {
        let right = sides.isRight(number: messageNumber, start: start)
        let inner = layout.textWidth
        let frame = (width: inner, column: layout.column(width: inner + ChatBubble.frameWidth, right: right), right: right)
        let from = drawHeld(frame)
        openRow(frame)
        held.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[from...])) }
        held.removeAll()
        ends.removeAll()
        widths.removeAll()
        drawing = frame
    }

    /// Draws the top of the frame and the held lines; returns where the bytes of the line begun after them start.
    @discardableResult
    private func drawHeld(_ frame: (width: Int, column: Int, right: Bool)) -> Int {
        top(frame)
        var from = 0
        for (end, width) in zip(ends, widths) {
            openRow(frame)
            held.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[from..<end])) }
            closeRow(frame, width: width)
            from = end
        }
        return from
    }

    private func top(_ frame: (width: Int, column: Int, right: Bool)) {
        out.append(Array((indent(frame) + paint(ChatBubble.top(width: frame.width), frame.right) + "\n").utf8))
    }

    private func bottom(_ frame: (width: Int, column: Int, right: Bool)) {
        out.append(Array((indent(frame) + paint(ChatBubble.bottom(width: frame.width), frame.right) + "\n").utf8))
    }

    private func openRow(_ frame: (width: Int, column: Int, right: Bool)) {
        out.append(Array((indent(frame) + paint("│", frame.right) + " ").utf8))
        rowOpen = true
    }

    private func closeRow(_ frame: (width: Int, column: Int, right: Bool), width: Int) {
        out.append(Array((String(repeating: " ", count: max(0, frame.width - width) + 1) + paint("│", frame.right) + "\n").utf8))
        rowOpen = false
    }

    private func indent(_ frame: (width: Int, column: Int, right: Bool)) -> String { String(repeating: " ", count: frame.column) }

    /// Frame pieces in the side's colour: the other person's grey, one's own green.
    private func paint(_ text: String, _ right: Bool) -> String {
        colour ? (right ? "\u{1B}[32m" : "\u{1B}[90m") + text + "\u{1B}[0m" : text
    }
}
