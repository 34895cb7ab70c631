/// The chat keyboard as a state machine: terminal keys in, actions and a
/// screen model out. `facetext compose` is this type and a thin terminal
/// driver; every rule of the keyboard lives here, where it is tested without
/// a terminal.
///
/// ```swift
/// var composer = Composer(catalog: .default, width: 80, height: 12)
/// composer.handle(.text("好开心"))
/// composer.handle(.tab)                 // the face panel, recent faces first
/// composer.handle(.enter)               // inserts the chosen face's tag
/// composer.handle(.escape)
/// if case .send(let line) = composer.handle(.enter).first {
///     // write `line`; then
///     composer.sent(at: now)           // or composer.sendFailed(because: "…")
/// }
/// let screen = composer.screen()        // rows of styled spans and the cursor
/// ```
///
/// Editing is the library's face-aware editing (``FaceLine``): ←/→ move and
/// Backspace/Delete delete whole tags and emoji. Return asks to send the
/// input unless it is only white space; the input stays until the sending is
/// confirmed with ``sent(at:)``, so a failed write loses nothing. A sent
/// message is one line: its line breaks become U+2028 LINE SEPARATOR.
public struct Composer: Sendable {
    /// Choices fixed when the keyboard is made.
    public struct Options: Sendable {
        /// Insert a face picked from the panel as its emoji (when it has one) rather than its tag.
        public var insertsEmoji = false
        /// Shown, faint, while the input is empty.
        public var placeholder = ""
        /// The most rows the input bar grows to before it scrolls.
        public var inputRows = 5
        /// The most bytes a message may have.
        public var inputLimit = 64 * 1024
        /// The most messages kept on the page (older ones scroll away).
        public var keptMessages = 200
        /// The messages are printed above the screen, into the terminal's
        /// scrollback, as a chat's history (``newMessageRows()``), rather than
        /// drawn in it; the screen is then only as tall as its input, panel
        /// and status rows need, at most its height (`compose` inline).
        public var messagesAbove = false
        /// Show the faces in the input as their emoji (what is sent stays the
        /// tags); Alt-E switches (``TerminalKey/toggleEmoji``).
        public var showsFacesAsEmoji = false
        public init() {}
    }

    /// What the driver is asked to do.
    public enum Action: Sendable, Hashable {
        /// Write this line (a message without its line feed), then call ``sent(at:)`` or ``sendFailed(because:)``.
        case send(String)
        /// Leave (Ctrl-D on an empty input, Ctrl-C).
        case quit
        /// Suspend (Ctrl-Z), then draw everything again.
        case suspend
        /// Draw everything again (Ctrl-L).
        case redraw
    }

    /// A message on the page.
    public struct Message: Sendable, Hashable {
        /// Its text, faces shown as emoji.
        public var text: String
        /// One's own (right) or the other person's (left).
        public var isMine: Bool
        /// Its bubble at the page's width, once drawn (nil after a resize until it is needed).
        var rows: [ChatBubble.Row]?

        public init(text: String, isMine: Bool) {
            self.text = text
            self.isMine = isMine
        }

        public static func == (a: Message, b: Message) -> Bool { a.text == b.text && a.isMine == b.isMine }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(isMine)
        }
    }

    /// A line for the status row.
    public struct Status: Sendable, Hashable {
        public var text: String
        public var isError: Bool
    }

    public let catalog: FaceCatalog
    public let options: Options
    /// The text being typed, with its cursor.
    public internal(set) var input: FaceLine {
        didSet { laidOutInput = nil }
    }
    /// Whether the input shows faces as their emoji (Alt-E switches).
    public internal(set) var showsFacesAsEmoji: Bool
    /// A standing note on the status row, before its hints, until it is set
    /// to nil (`compose` says "waiting for the other side…" in it).
    public var notice: String?
    /// The messages on the page, oldest first.
    public internal(set) var messages: [Message] = []
    /// What the status row says instead of its hints, until the next key.
    public internal(set) var status: Status?
    /// The face panel, while it is open.
    public internal(set) var panel: Composer.Panel?
    /// The person's faces, newest use first (keys of a ``FaceHistory``).
    public internal(set) var history: FaceHistory
    /// The screen's size.
    public private(set) var width: Int
    public private(set) var height: Int

    let renderer: FaceRenderer
    /// The catalog's scanner, built once: each sent message's faces are counted with it.
    let scanEngine: ScanEngine
    var search: FaceSearch?
    /// The wrapper's tables for the input, kept from one layout to the next.
    let inputTables: InputWrapTables
    /// The input laid out at the present width and form; nil after a change
    /// until ``layOutInput()``, so a run of keys lays it out once, not once a key.
    private var laidOutInput: InputLayout?
    /// The bytes of the paste under way that did not fit in the input (a paste
    /// comes in pieces, one ``TerminalKey/paste(_:)`` each, until another key).
    var pasteLeftOut = 0
    /// How many of the last messages ``newMessageRows()`` has not given yet.
    var unprinted = 0

    /// A keyboard over `catalog`'s faces, with the person's `history` for the
    /// recent page, drawn `width` × `height`.
    public init(catalog: FaceCatalog, history: FaceHistory = FaceHistory(), options: Options = Options(), width: Int, height: Int) {
        self.catalog = catalog
        self.history = history
        self.options = options
        self.width = max(1, width)
        self.height = max(1, height)
        let input = FaceLine("", catalog: catalog)
        self.input = input
        showsFacesAsEmoji = options.showsFacesAsEmoji
        renderer = FaceRenderer(catalog: catalog)
        scanEngine = ScanEngine(catalog: catalog, recognized: .all)
        bubble = ChatBubble(pageWidth: max(1, width), catalog: catalog)
        inputTables = InputWrapTables(catalog: catalog)
    }

    /// The input laid out at the present width and form: the layout kept by
    /// ``layOutInput()``, or a new one when the input changed since.
    var inputLayout: InputLayout {
        laidOutInput ?? InputLayout(input, width: width - promptWidth, catalog: catalog,
                                    renderer: showsFacesAsEmoji ? renderer : nil, tables: inputTables)
    }

    /// Lays the input out, if it changed, and keeps the layout for ``screen()``.
    ///
    /// Keys only mark the input changed, so a paste that comes as thousands of
    /// keys costs the length of each key, not of the whole input; a driver
    /// calls this once before it draws. ``screen()`` is right without it, but
    /// then lays a changed input out each time it is called.
    public mutating func layOutInput() {
        if laidOutInput == nil { laidOutInput = inputLayout }
    }

    /// The screen's new size.
    public mutating func resize(width: Int, height: Int) {
        let changed = max(1, width) != self.width
        self.width = max(1, width)
        self.height = max(1, height)
        if changed {
            laidOutInput = nil
            bubble = ChatBubble(pageWidth: self.width, catalog: catalog)
            // The bubbles in sight are drawn again now; older ones when they are needed (none when printed above).
            guard !options.messagesAbove else { return keepPanelSelection() }
            let bubble = self.bubble
            var rows = 0
            for index in messages.indices.reversed() {
                messages[index].rows = rows < self.height ? bubble.rows(of: Self.shown(messages[index].text), right: messages[index].isMine) : nil
                rows += messages[index].rows?.count ?? 0
            }
        }
        keepPanelSelection()
    }

    /// The bubbles of the page at its present width (made again at a resize: a wrapper is costly to build).
    private(set) var bubble: ChatBubble

    /// A message's text as its bubble shows it: nothing that could move the cursor, a tab as a space.
    static func shown(_ text: String) -> String {
        DisplayText.safe(text).replacing("\t", with: " ")
    }

    /// Acts on one key; returns what the driver must do.
    @discardableResult
    public mutating func handle(_ key: TerminalKey) -> [Action] {
        if key != .enter { status = nil }
        if case .paste = key {} else { pasteLeftOut = 0 }
        switch key {
        case .interrupt: return [.quit]
        case .suspend: return [.suspend]
        case .redraw: return [.redraw]
        case .toggleEmoji:
            showsFacesAsEmoji.toggle()
            laidOutInput = nil
            return []
        case .endOfInput:
            if input.bytes.isEmpty { return [.quit] }
            input.deleteForward()
            return []
        default: break
        }
        if panel != nil { return handleInPanel(key) }
        switch key {
        case .text(let text): insert(text)
        case .paste(let text): insertPasted(text)
        case .lineBreak: insert("\n")
        case .enter: return send()
        case .tab: openPanel()
        case .escape, .backTab, .up, .down, .pageUp, .pageDown: break
        default: edit(key)
        }
        return []
    }

    /// The input as a line to send, when it has more than white space.
    public var outgoingLine: String? {
        let text = input.text
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        return Self.line(of: text)
    }

    /// `text` as one line: CRLF, CR and LF become U+2028 LINE SEPARATOR.
    public static func line(of text: String) -> String {
        lineBreaks(in: text, as: "\u{2028}")
    }

    /// `text` with each CRLF, CR and LF as `replacement`.
    static func lineBreaks(in text: String, as replacement: Unicode.Scalar) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r" && scalars.first == "\n" { scalars.removeFirst() }
            result.append(scalar == "\r" || scalar == "\n" ? replacement : scalar)
        }
        return String(result)
    }

    private func send() -> [Action] {
        guard let line = outgoingLine else { return [] }
        return [.send(line)]
    }

    /// The input was written at `time` (seconds since 1970): it goes on the
    /// page as one's own bubble, its faces into the history, and the input clears.
    /// Returns the faces it recorded (as ``faceUses(in:catalog:)`` gives them), for a history file.
    @discardableResult
    public mutating func sent(at time: Int64) -> [(key: String, count: Int)] {
        let text = input.text
        let uses = Self.faceUses(in: text, engine: scanEngine)
        for (key, count) in uses { history.record(key, at: time, count: count) }
        add(Message(text: renderer.render(text), isMine: true))
        input.removeBytes(in: 0..<input.bytes.count)  // keeps the line's unit finder, which is costly to build
        status = nil
        panel = nil
        return uses
    }

    /// The input could not be written: it stays, and the status row tells why.
    public mutating func sendFailed(because reason: String) {
        status = Status(text: "not sent: \(reason)", isError: true)
    }

    /// Shows a line that came from the other person as their bubble.
    public mutating func receive(_ line: String) {
        add(Message(text: renderer.render(line), isMine: false))
    }

    /// Shows `text` in the status row until the next key.
    public mutating func show(_ text: String, isError: Bool = false) {
        status = Status(text: text, isError: isError)
    }

    /// The faces of `text` as a ``FaceHistory`` records them (canonical tag, or the emoji), with their counts.
    public static func faceUses(in text: String, catalog: FaceCatalog) -> [(key: String, count: Int)] {
        faceUses(in: text, engine: ScanEngine(catalog: catalog, recognized: .all))
    }

    /// The faces of `text` that `engine` finds, as ``faceUses(in:catalog:)`` gives them.
    static func faceUses(in text: String, engine: ScanEngine) -> [(key: String, count: Int)] {
        var stream = FaceStats.Stream(engine: engine)
        Array(text.utf8).withUnsafeBufferPointer { stream.feed($0) }
        stream.finish()
        return stream.stats.counts.filter { FaceHistory.canRecord($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private mutating func add(_ message: Message) {
        var message = message
        message.rows = bubble.rows(of: Self.shown(message.text), right: message.isMine)
        messages.append(message)
        unprinted = min(unprinted + 1, options.keptMessages)
        if messages.count > options.keptMessages { messages.removeFirst(messages.count - options.keptMessages) }
    }

    /// The rows of the bubbles added since the last call, oldest first, for a
    /// driver that prints them above its screen (``Options/messagesAbove``):
    /// each row no wider than the screen.
    public mutating func newMessageRows() -> [[Composer.Screen.Span]] {
        let new = messages.suffix(unprinted)
        unprinted = 0
        return new.flatMap { message in
            Self.bubbleSpans(message.rows ?? bubble.rows(of: Self.shown(message.text), right: message.isMine), mine: message.isMine)
                .map { Self.clip($0, to: width) }
        }
    }

    /// Pasted text with its line breaks as line feeds (terminals send them as CR).
    static func pasted(_ text: String) -> String {
        lineBreaks(in: text, as: "\n")
    }
}
