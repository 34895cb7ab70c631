import FaceText

/// `wrap --json`: an object per message, written as its lines come, so a
/// message of any length needs no more memory than a line piece:
/// `{"line":N,"lines":["…","…"],"width":W,"height":H}`, and with a side or a
/// bubble, `"side":"left"` and `"bubble":{"column":C,"width":W,"height":H}`.
final class JSONMessages: TextWrapper.Sink {
    let out: StreamOutput
    let sides: MessageSides?
    /// The page, when the messages are bubbles.
    let layout: ChatBubble?
    /// The current message's line number in its input.
    var lineNumber = 0
    /// Whether the current message's object has begun.
    private var started = false
    private var widest = 0
    private var rows = 1
    /// The first bytes of the message, for `--me`.
    private var start: [UInt8] = []

    init(out: StreamOutput, sides: MessageSides?, layout: ChatBubble?) {
        self.out = out
        self.sides = sides
        self.layout = layout
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        begin()
        sides?.keep(bytes, in: &start)
        JSONText.append(escaping: bytes, to: out)
    }

    func wrap(width: Int) {
        begin()
        widest = max(widest, width)
        rows += 1
        out.append(Self.between)
    }

    /// A mandatory break ends the row; the character itself is not shown.
    func mandatoryBreak(_ character: UnsafeBufferPointer<UInt8>, width: Int, lineEndingFollows: Bool) {
        wrap(width: width)
    }

    func lineEnd(_ ending: UnsafeBufferPointer<UInt8>, width: Int) {
        begin()
        widest = max(widest, width)
        var text = "\"],\"width\":\(widest),\"height\":\(rows)"
        if let sides {
            let right = sides.isRight(number: lineNumber, start: start)
            text += ",\"side\":\"\(right ? "right" : "left")\""
            if let layout {
                let width = widest + ChatBubble.frameWidth
                text += ",\"bubble\":{\"column\":\(layout.column(width: width, right: right)),\"width\":\(width),\"height\":\(rows + 2)}"
            }
        }
        out.append(Array((text + "}\n").utf8))
        started = false
        (widest, rows) = (0, 1)
        start.removeAll()
    }

    private func begin() {
        guard !started else { return }
        started = true
        lineNumber += 1
        out.append(Array("{\"line\":\(lineNumber),\"lines\":[\"".utf8))
    }

    private static let between = Array("\",\"".utf8)
}
