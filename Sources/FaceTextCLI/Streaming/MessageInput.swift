import FaceText

/// Reads chat logs as messages, for the commands that know senders and times
/// (`scan`, `stats`): `--format` names the format, or `auto` tells it per input
/// from its first 64 KiB; `--show-format` says on standard error what was found.
struct MessageInput {
    static let formatOption = OptionSpec(
        long: "format", short: "f", valueName: "format",
        help: "How the log writes messages: lines (each line a message), prefixed (TIME SENDER: TEXT), qq, wechat, whatsapp, telegram (Telegram Desktop's result.json), or auto (told from each input's first lines). May also come before the command name, for every command (the byte filters ignore it).",
        allowedValues: ChatLog.Format.allCases.map(\.rawValue) + ["auto"], defaultValue: "lines")
    /// `--format` of `page`, which tells the format from the log unless given.
    static let pageFormatOption = OptionSpec(
        long: "format", short: "f", valueName: "format", help: formatOption.help, allowedValues: formatOption.allowedValues, defaultValue: "auto")
    static let showFormatOption = OptionSpec(
        long: "show-format", valueName: nil, help: "Say on standard error which format each input was read in, and why (with --format auto).")

    /// How much of an input `auto` reads before telling its format.
    static let sampleSize = 1 << 16

    /// The fixed format, or nil for `auto`.
    let format: ChatLog.Format?
    let shows: Bool

    init(_ invocation: Invocation, defaultFormat: String = "lines") {
        format = ChatLog.Format(rawValue: invocation.value("format") ?? defaultFormat)
        shows = invocation.flag("show-format")
    }

    /// Whether every input is read as plain lines, so that a command may take its fast path.
    var isLines: Bool { format == .lines && !shows }

    /// Calls `line` with each line of each input, split into messages; `start` and `end` around each input.
    func forEachLine(
        _ inputs: InputFiles, _ context: CommandContext,
        start: (String) throws(IOError) -> Void = { _ throws(IOError) in },
        _ line: (ChatLog.Splitter.Line) throws(IOError) -> Void,
        end: (String) throws(IOError) -> Void = { _ throws(IOError) in }
    ) throws(IOError) -> Bool {
        try withoutActuallyEscaping(start) { (start) throws(IOError) in
            try withoutActuallyEscaping(line) { (line) throws(IOError) in
                try withoutActuallyEscaping(end) { (end) throws(IOError) in
                    var sink = ClosureLineSink(start: start, line: line, end: end)
                    return try forEachLine(inputs, context, into: &sink)
                }
            }
        }
    }

    /// Hands `sink` each line of each input, split into messages.
    func forEachLine<Sink: MessageLineSink>(_ inputs: InputFiles, _ context: CommandContext, into sink: inout Sink) throws(IOError) -> Bool {
        var splitter: ChatLog.Splitter?
        var telegram: ChatLog.TelegramReader?
        var head: [UInt8] = []
        var name = ""
        // A broken JSON file is reported and the rest of it skipped; the other inputs are still read.
        var broken = false, anyBroken = false
        func report(_ failure: ChatLog.TelegramReader.Failure) {
            context.error("\(inputs.displayName(name)): \(failure)")
            broken = true
            anyBroken = true
        }
        func feed(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool = false) throws(IOError) {
            guard !broken else { return }
            // Each line to the sink; after a failure (a write error) no more. (Closures written at
            // each call: a local function passed as a value had what it captures checked for
            // exclusive access at run time, once a line.)
            var failure: IOError?
            if telegram != nil {
                do throws(ChatLog.TelegramReader.Failure) {
                    if final {
                        try telegram!.finish { Self.hand($0, to: &sink, unless: &failure) }
                    } else {
                        try telegram!.feed(bytes) { Self.hand($0, to: &sink, unless: &failure) }
                    }
                } catch {
                    report(error)
                }
            } else if final {
                splitter!.finish { Self.hand($0, to: &sink, unless: &failure) }
            } else {
                splitter!.feed(bytes) { Self.hand($0, to: &sink, unless: &failure) }
            }
            if let failure { throw failure }
        }
        func begin() throws(IOError) {
            let detection = head.withUnsafeBufferPointer { ChatLog.Format.detect(in: $0) }
            let chosen = format ?? detection.format
            if shows {
                let why = format == nil ? "detected: " + detection.reason : "as --format says"
                try? context.stderr.write("facetext: \(inputs.displayName(name)): format \(chosen.rawValue) (\(why))\n")
            }
            splitter = ChatLog.Splitter(format: chosen, dayFirst: detection.dayFirst)
            sink.format(chosen)
            telegram = chosen == .telegram ? ChatLog.TelegramReader() : nil
            let held = head
            head = []
            try held.withUnsafeBufferPointer { (bytes) throws(IOError) in try feed(bytes) }
        }
        return try inputs.forEachChunk(context, start: { (file: String) throws(IOError) in
            name = file
            splitter = nil
            telegram = nil
            broken = false
            head = []
            try sink.start(file)
            // A format given needs no sample, but for the order of WhatsApp's dates.
            if let format, format != .whatsapp { try begin() }
        }, { (chunk) throws(IOError) in
            if splitter == nil {
                let taken = min(chunk.count, Self.sampleSize - head.count)
                head += UnsafeBufferPointer(rebasing: chunk[..<taken])
                guard head.count >= Self.sampleSize else { return }
                try begin()
                try feed(UnsafeBufferPointer(rebasing: chunk[taken...]))
                return
            }
            try feed(chunk)
        }, end: { (file: String) throws(IOError) in
            if splitter == nil { try begin() }
            try feed(UnsafeBufferPointer(start: nil, count: 0), final: true)
            try sink.end(file)
        }) && !anyBroken
    }

    /// Hands `line` to `sink`, unless a line before failed; keeps the failure.
    @inline(__always)
    private static func hand<Sink: MessageLineSink>(_ line: ChatLog.Splitter.Line, to sink: inout Sink, unless failure: inout IOError?) {
        guard failure == nil else { return }
        do throws(IOError) { try sink.take(line) } catch { failure = error }
    }
}

/// What reads a chat log's messages line by line, input by input.
protocol MessageLineSink {
    /// Called before the first line of input `file`.
    mutating func start(_ file: String) throws(IOError)
    /// Called with the format an input is read in, before its first line.
    mutating func format(_ format: ChatLog.Format)
    /// Called with each line of each input.
    mutating func take(_ line: ChatLog.Splitter.Line) throws(IOError)
    /// Called after the last line of input `file`.
    mutating func end(_ file: String) throws(IOError)
}

extension MessageLineSink {
    mutating func format(_ format: ChatLog.Format) {}
}

/// A sink of three closures.
private struct ClosureLineSink: MessageLineSink {
    let start: (String) throws(IOError) -> Void
    let line: (ChatLog.Splitter.Line) throws(IOError) -> Void
    let end: (String) throws(IOError) -> Void

    func start(_ file: String) throws(IOError) { try start(file) }
    func take(_ line: ChatLog.Splitter.Line) throws(IOError) { try self.line(line) }
    func end(_ file: String) throws(IOError) { try end(file) }
}
