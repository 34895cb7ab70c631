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
        var anyBroken = false
        let allRead = try forEachSource(inputs, context) { (name, source, format, dayFirst) throws(IOError) -> IOError? in
            try sink.start(name)
            sink.format(format)
            let (failure, broken) = try forEachLine(of: source, format: format, dayFirst: dayFirst, into: &sink) { failure in
                context.error("\(inputs.displayName(name)): \(failure)")
            }
            anyBroken = anyBroken || broken
            try sink.end(name)
            return failure
        }
        return allRead && !anyBroken
    }

    /// Opens each input in turn, tells its format, and calls `body` with the input's name,
    /// its bytes, its format and whether WhatsApp dates put the day first. To tell the
    /// format (`auto`, or WhatsApp's order of day and month) the first ``sampleSize`` bytes
    /// are read first; the source `body` gets gives them again. `body` returns the read
    /// error that ended the input early, if any, as ``InputFiles/forEachSource(_:_:)`` takes it.
    func forEachSource(
        _ inputs: InputFiles, _ context: CommandContext,
        _ body: (String, ByteSource, ChatLog.Format, Bool) throws(IOError) -> IOError?
    ) throws(IOError) -> Bool {
        try inputs.forEachSource(context) { (name, source) throws(IOError) -> IOError? in
            var sample: [UInt8] = []
            var failure: IOError?
            if format == nil || format == .whatsapp { (sample, failure) = Self.read(Self.sampleSize, from: source) }
            let detection = sample.withUnsafeBufferPointer { ChatLog.Format.detect(in: $0) }
            let chosen = format ?? detection.format
            if shows {
                let why = format == nil ? "detected: " + detection.reason : "as --format says"
                try? context.stderr.write("facetext: \(inputs.displayName(name)): format \(chosen.rawValue) (\(why))\n")
            }
            // After a read error in the sample, the sample is all there is.
            let bytes = SampleFirstSource(sample, then: failure == nil ? source : nil)
            let later = try body(name, bytes, chosen, detection.dayFirst)
            return failure ?? later
        }
    }

    /// Up to `count` bytes from the start of `source`, and the read error that stopped it short.
    private static func read(_ count: Int, from source: ByteSource) -> ([UInt8], IOError?) {
        var bytes = [UInt8](repeating: 0, count: count)
        let (filled, failure) = bytes.withUnsafeMutableBufferPointer { source.fill($0) }
        return (Array(bytes[..<filled]), failure)
    }

    /// Hands `sink` each line of `source` read in `format`; returns the read error that ended it
    /// early, and whether it was a broken Telegram file (`broken` is told why, and the rest of the file skipped).
    func forEachLine<Sink: MessageLineSink>(
        of source: ByteSource, format: ChatLog.Format, dayFirst: Bool, into sink: inout Sink, broken: (ChatLog.TelegramReader.Failure) -> Void
    ) throws(IOError) -> (failure: IOError?, broken: Bool) {
        var splitter = ChatLog.Splitter(format: format, dayFirst: dayFirst)
        var telegram = format == .telegram ? ChatLog.TelegramReader() : nil
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: InputFiles.chunkSize)
        defer { buffer.deallocate() }
        // Each line to the sink; after a failure (a write error) no more. (Closures written at
        // each call: a local function passed as a value had what it captures checked for
        // exclusive access at run time, once a line.)
        var failure: IOError?
        var readFailure: IOError?
        var ended = false
        repeat {
            var count = 0
            do throws(IOError) {
                count = try source.read(into: buffer)
            } catch {
                readFailure = error
            }
            ended = count == 0
            // A file that could not be read is that error alone, not also JSON that ends too soon.
            if readFailure != nil && telegram != nil { break }
            let chunk = UnsafeBufferPointer(rebasing: buffer[..<count])
            do throws(ChatLog.TelegramReader.Failure) {
                if telegram != nil {
                    if ended {
                        try telegram!.finish { Self.hand($0, to: &sink, unless: &failure) }
                    } else {
                        try telegram!.feed(chunk) { Self.hand($0, to: &sink, unless: &failure) }
                    }
                } else if ended {
                    splitter.finish { Self.hand($0, to: &sink, unless: &failure) }
                } else {
                    splitter.feed(chunk) { Self.hand($0, to: &sink, unless: &failure) }
                }
            } catch {
                broken(error)
                if let failure { throw failure }
                return (readFailure, true)
            }
            if let failure { throw failure }
        } while !ended
        return (readFailure, false)
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

/// The bytes read to tell an input's format, then the rest of the input (or nothing more).
private final class SampleFirstSource: ByteSource {
    private var sample: [UInt8]
    private var position = 0
    private let rest: ByteSource?

    init(_ sample: [UInt8], then rest: ByteSource?) {
        self.sample = sample
        self.rest = rest
    }

    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(IOError) -> Int {
        guard position == sample.count else {
            let count = min(buffer.count, sample.count - position)
            _ = sample.withUnsafeBufferPointer { UnsafeMutableBufferPointer(rebasing: buffer[..<count]).initialize(fromContentsOf: $0[position..<(position + count)]) }
            position += count
            if position == sample.count { sample = [] ; position = 0 }
            return count
        }
        return try rest?.read(into: buffer) ?? 0
    }

    /// The input itself is closed by whoever opened it.
    func close() {}
}
