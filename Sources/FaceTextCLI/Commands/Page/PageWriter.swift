import FaceText

/// Writes the messages of a chat log as pages of bubbles (``PageHTML``), as
/// they are read: a message's bubble opens at its first line of text and
/// closes when the next message starts, so memory holds a few batches of
/// 256 KiB (the one being made, and up to three handed to the writing
/// thread), and the first 200 messages while the page learns whether more
/// than one other person writes (then names are shown, run by run).
///
/// A batch's text is rendered and the batch written on a second thread
/// (``BackgroundStage``) while the next batch is made.
struct PageWriter: MessageLineSink {
    /// Where pages go: one to standard output, or a file every N messages (their names to standard output).
    enum Pages {
        case one(ByteSink)
        case split(every: Int, prefix: String, create: (String) throws(IOError) -> ByteSink, names: ByteSink)
    }

    /// How many messages, or bytes of output, the page holds before it decides on names.
    private static let lookahead = (messages: 200, bytes: 1 << 18)

    private let title: String
    private let me: [UInt8]?
    private let pages: Pages
    private var format = ChatLog.Format.lines
    /// The batch being made, and where it goes.
    private var work = PageWork()
    private var batch: PageBatch {
        _read { yield work.batch }
        _modify { yield &work.batch }
    }
    private let rendering: PageRendering
    private let writing: BackgroundStage<PageWork>
    private var sink: ByteSink?
    private var page = 0
    private var messagesOnPage = 0
    /// Whether a page is open, and whether a bubble is.
    private var pageOpen = false, bubbleOpen = false
    /// The message being read: its header, and the line breaks not yet written (blank lines at its end are left out).
    private var header: ChatLog.Header?
    private var isNewMessage = false
    private var breaks = 0
    private var lastTime: ChatLog.Time?
    private var lastSender: String?
    /// The first other sender met, whether another one has written, and whether names are shown (nil: not yet decided).
    private var firstOther: String?
    private var several = false
    private var showsNames: Bool?
    private var messagesSeen = 0
    private var names = [(number: Int, markup: [UInt8])](repeating: (0, []), count: 64)
    private var senderNumber = 0
    /// Whether the last line came without its end (a piece of a long line).
    private var lineCut = false
    /// The page file that could not be made, if one could not.
    private(set) var failedPage: String?

    init(title: String, me: [UInt8]?, text: PageText, pages: Pages, threaded: Bool = true) {
        (self.title, self.me, self.pages) = (title, me, pages)
        let rendering = PageRendering(text: text)
        self.rendering = rendering
        writing = BackgroundStage(empty: PageWork(), threaded: threaded) { rendering.write(&$0) }
    }

    mutating func format(_ format: ChatLog.Format) { self.format = format }

    mutating func start(_ file: String) throws(IOError) {
        try endMessage()
        header = nil
        lastTime = nil
        lineCut = false
    }

    mutating func end(_ file: String) throws(IOError) {
        // A last line without its line ending is whole now.
        if lineCut && bubbleOpen { batch.append(line: UnsafeBufferPointer(start: nil, count: 0)) }
        lineCut = false
        try endMessage()
    }

    mutating func take(_ line: ChatLog.Splitter.Line) throws(IOError) {
        // A line longer than the splitter's limit comes in pieces: the later ones go on the same line.
        let continuing = lineCut && bubbleOpen
        lineCut = line.bytes.last != 0x0A
        var content = continuing ? line.bytes : line.text
        // (A piece that goes on keeps its last bytes: a carriage return there is text unless a line feed follows.)
        while !line.goesOn, let last = content.last, last == 0x0A || last == 0x0D { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
        if continuing {
            appendLines(of: content, continuing: true)
            try flushIfFull()
            return
        }
        if line.header != nil || format == .lines {
            try endMessage()
            header = line.header
            senderNumber = line.senderNumber
            isNewMessage = true
            breaks = 0
        }
        guard !content.isEmpty else {
            if bubbleOpen { breaks += 1 }
            return
        }
        if isNewMessage || !bubbleOpen {
            // (Text before any header, or after an empty one, is a message of its own.)
            try openBubble(startingWith: content)
            isNewMessage = false
        } else {
            batch.append(lineFeeds: breaks + 1)
        }
        breaks = 0
        appendLines(of: content, continuing: false)
        try flushIfFull()
    }

    /// Appends a message's text to the bubble. A Telegram message is one line holding its text's
    /// line feeds: each of its lines goes apart (the batch tells its lines apart by their line feeds),
    /// its empty lines as line feeds. `continuing`: `content` goes on with the line cut before it.
    private mutating func appendLines(of content: UnsafeBufferPointer<UInt8>, continuing: Bool) {
        let cut = lineCut
        var first = true
        InnerLines.forEach(in: content) { line, isLast in
            defer { first = false }
            if isLast {
                batch.append(line: line, cut: cut)
            } else {
                // (The line cut before ends here, even with nothing more.)
                if !line.isEmpty || (first && continuing) { batch.append(line: line) }
                batch.append(lineFeeds: 1)
            }
        }
    }

    /// Ends the last message and the page.
    mutating func close() throws(IOError) {
        try endMessage()
        try decideNames()
        if !pageOpen { try openPage() }
        batch.append(markup: PageHTML.end(page: page, next: nil, prefix: prefixName))
        try flush(endingPage: true)
        writing.finish()
        if let failure = rendering.failure { throw failure }
    }

    private var prefixName: String? {
        if case .split(_, let prefix, _, _) = pages { return prefix }
        return nil
    }

    private mutating func openBubble(startingWith content: UnsafeBufferPointer<UInt8>) throws(IOError) {
        if case .split(let every, _, _, _) = pages, messagesOnPage == every {
            try decideNames()
            batch.append(markup: PageHTML.end(page: page, next: page + 1, prefix: prefixName))
            try flush(endingPage: true)
            pageOpen = false
        }
        if !pageOpen { try openPage() }
        messagesOnPage += 1
        messagesSeen += 1
        let sender = header?.sender
        var mine = false
        if let me { mine = format == .lines ? content.starts(with: me) : sender.map { Self.same($0, me) } ?? false }
        var separated = false
        if let time = header?.time {
            if let last = lastTime, last.year == time.year, last.month == time.month, last.day == time.day {
                separated = time.hour * 60 + time.minute - (last.hour * 60 + last.minute) >= 5
                if separated { batch.append(markup: PageHTML.timeLine(time, withDate: false)) }
            } else {
                separated = true
                batch.append(markup: PageHTML.timeLine(time, withDate: true))
            }
            lastTime = time
        }
        if mine || sender == nil {
            batch.append(markup: PageHTML.openNamelessMessage(mine: mine))
        } else if let sender {
            batch.append(markup: PageHTML.openMessage(mine: mine))
            if firstOther == nil { firstOther = sender } else if !several, !Self.same(sender, firstOther!) { several = true }
            // A name on the first bubble of each run of one person's messages.
            if separated || lastSender.map({ !Self.same(sender, $0) }) ?? true {
                let markup = nameMarkup(sender, number: senderNumber)
                if showsNames == nil {
                    batch.append(nameSlot: markup)
                } else {
                    if several { showsNames = true }
                    if showsNames! { batch.append(markup: markup) }
                }
            }
            batch.append(markup: PageHTML.openBubble)
        }
        lastSender = mine ? nil : sender
        bubbleOpen = true
        if showsNames == nil, messagesSeen >= Self.lookahead.messages || batch.count >= Self.lookahead.bytes { try decideNames() }
    }

    private mutating func endMessage() throws(IOError) {
        guard bubbleOpen else { return }
        batch.append(markup: PageHTML.closeMessage)
        bubbleOpen = false
    }

    /// Shows names if more than one other person has written, else not (from now on, names show when a second one writes).
    private mutating func decideNames() throws(IOError) {
        guard showsNames == nil else { return }
        showsNames = several
        // The names waiting in the batch are written as decided now.
        try flush()
    }

    private mutating func openPage() throws(IOError) {
        page += 1
        messagesOnPage = 0
        pageOpen = true
        if case .split(_, let prefix, let create, let names) = pages {
            let name = PageHTML.fileName(prefix: prefix, page: page)
            do throws(IOError) { sink = try create(name) } catch { failedPage = name; throw error }
            try names.write(name + "\n")
        } else if case .one(let output) = pages {
            sink = output
        }
        batch.append(markup: PageHTML.start(title: title, page: page, previous: page > 1 ? page - 1 : nil, prefix: prefixName))
    }

    /// Hands the batch over when it holds 256 KiB (or, while names are undecided, decides them when it holds the most it may).
    private mutating func flushIfFull() throws(IOError) {
        if showsNames == nil {
            if batch.count >= Self.lookahead.bytes { try decideNames() }
        } else if batch.count >= 1 << 18 {
            try flush()
        }
    }

    /// Writes what the batch holds, once names are decided; `endingPage`: then puts the page's file in place.
    private mutating func flush(endingPage: Bool = false) throws(IOError) {
        guard let showsNames, let sink, !batch.isEmpty else { return }
        (work.showingNames, work.sink, work.endsPage) = (showsNames, sink, endingPage)
        try handOver()
    }

    /// Hands the batch to the writing thread, and takes back one done before, throwing the error that writing met.
    private mutating func handOver() throws(IOError) {
        writing.hand(&work)
        work.sink = nil
        if let failure = work.failure {
            work.failure = nil
            throw failure
        }
    }

    /// The markup of a sender's name, kept for the last senders by their number (0: not numbered).
    private mutating func nameMarkup(_ sender: String, number: Int) -> [UInt8] {
        let place = number & 63
        if number > 0, names[place].number == number { return names[place].markup }
        let markup = PageHTML.name(sender)
        if number > 0 { names[place] = (number, markup) }
        return markup
    }

    /// Whether two names have the same bytes (no canonical equivalence: quicker, and what the log says).
    private static func same(_ name: String, _ other: String) -> Bool { FaceStats.Groups.sameBytes(name, other) }

    private static func same(_ name: String, _ bytes: [UInt8]) -> Bool {
        var name = name
        return name.withUTF8 { $0.elementsEqual(bytes) }
    }
}

/// A batch of a page, where it goes, and how writing it went.
struct PageWork {
    var batch = PageBatch()
    var showingNames = false
    var sink: ByteSink?
    /// Whether the batch ends its page: its file is put in place once it is written.
    var endsPage = false
    var failure: IOError?
}

/// The writing thread's side of ``PageWriter``: renders a batch's text and writes the batch.
private final class PageRendering: @unchecked Sendable {
    private var text: PageText
    private var out: [UInt8] = []
    /// The write error met, after which nothing more is written (read once the stage has finished).
    private(set) var failure: IOError?

    init(text: PageText) { self.text = text }

    func write(_ work: inout PageWork) {
        defer { work.failure = failure }
        guard failure == nil, let sink = work.sink, !work.batch.isEmpty else { return }
        work.batch.write(text: &text, showingNames: work.showingNames, into: &out)
        do throws(IOError) {
            try sink.write(out)
            if work.endsPage { try sink.commit() }
        } catch {
            failure = error
        }
        out.removeAll(keepingCapacity: out.capacity <= 1 << 21)
    }
}
