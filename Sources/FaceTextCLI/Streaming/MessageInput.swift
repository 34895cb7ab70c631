import FaceText

/// Reads chat logs as messages, for the commands that know senders and times
/// (`scan`, `stats`): `--format` names the format, or `auto` tells it per input
/// from its first 64 KiB; `--show-format` says on standard error what was found.
struct MessageInput {
    static let formatOption = OptionSpec(
        long: "format", short: "f", valueName: "format",
        help: "How the log writes messages: lines (each line a message), prefixed (TIME SENDER: TEXT), qq, wechat, whatsapp, telegram (Telegram Desktop's result.json), or auto (told from each input's first lines). May also come before the command name, for every command (the byte filters ignore it).",
        allowedValues: MessageFormat.allCases.map(\.rawValue) + ["auto"], defaultValue: "lines")
    static let showFormatOption = OptionSpec(
        long: "show-format", valueName: nil, help: "Say on standard error which format each input was read in, and why (with --format auto).")

    /// How much of an input `auto` reads before telling its format.
    static let sampleSize = 1 << 16

    /// The fixed format, or nil for `auto`.
    let format: MessageFormat?
    let shows: Bool

    init(_ invocation: Invocation) {
        format = MessageFormat(rawValue: invocation.value("format") ?? "lines")
        shows = invocation.flag("show-format")
    }

    /// Whether every input is read as plain lines, so that a command may take its fast path.
    var isLines: Bool { format == .lines && !shows }

    /// Calls `line` with each line of each input, split into messages; `start` and `end` around each input.
    func forEachLine(
        _ inputs: InputFiles, _ context: CommandContext,
        start: (String) throws(IOError) -> Void = { _ throws(IOError) in },
        _ line: (MessageSplitter.Line) throws(IOError) -> Void,
        end: (String) throws(IOError) -> Void = { _ throws(IOError) in }
    ) throws(IOError) -> Bool {
        var splitter: MessageSplitter?
        var telegram: TelegramReader?
        var head: [UInt8] = []
        var name = ""
        // A broken JSON file is reported and the rest of it skipped; the other inputs are still read.
        var broken = false, anyBroken = false
        func report(_ failure: TelegramReader.Failure) {
            context.error("\(inputs.displayName(name)): \(failure)")
            broken = true
            anyBroken = true
        }
        func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) {
            guard !broken else { return }
            var failure: IOError?
            let take = { (each: MessageSplitter.Line) in
                guard failure == nil else { return }
                do throws(IOError) { try line(each) } catch { failure = error }
            }
            if telegram != nil {
                do throws(TelegramReader.Failure) { try telegram!.feed(bytes, take) } catch { report(error) }
            } else {
                splitter!.feed(bytes, take)
            }
            if let failure { throw failure }
        }
        func begin() throws(IOError) {
            let detection = head.withUnsafeBufferPointer { MessageFormat.detect(in: $0) }
            let chosen = format ?? detection.format
            if shows {
                let why = format == nil ? "detected: " + detection.reason : "as --format says"
                try? context.stderr.write("facetext: \(inputs.displayName(name)): format \(chosen.rawValue) (\(why))\n")
            }
            splitter = MessageSplitter(format: chosen, dayFirst: detection.dayFirst)
            telegram = chosen == .telegram ? TelegramReader() : nil
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
            try start(file)
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
            var failure: IOError?
            let take = { (each: MessageSplitter.Line) in
                guard failure == nil else { return }
                do throws(IOError) { try line(each) } catch { failure = error }
            }
            if telegram != nil {
                if !broken { do throws(TelegramReader.Failure) { try telegram!.finish(take) } catch { report(error) } }
            } else {
                splitter!.finish(take)
            }
            if let failure { throw failure }
            try end(file)
        }) && !anyBroken
    }
}
