/// Reads the command's inputs in order, like `cat`: each named file, or
/// standard input for none or `-`. A file that cannot be opened or read is
/// reported (naming it) and skipped; the others are still processed.
struct InputFiles {
    /// The size of each read: 128 KiB, small enough that the chunk and what a
    /// command makes of it stay in the processor's cache (with reads of 1 MiB
    /// `wrap` spent twice the system time).
    static let chunkSize = 1 << 17

    let names: [String]

    init(_ arguments: [String]) {
        names = arguments.isEmpty ? ["-"] : arguments
    }

    /// Calls `body` with each chunk of each input, and `end` after each input.
    /// Returns false if any input failed. Write errors thrown by the body stop everything.
    func forEachChunk(
        _ context: CommandContext,
        start: (String) throws(IOError) -> Void = { _ throws(IOError) in },
        _ body: (UnsafeBufferPointer<UInt8>) throws(IOError) -> Void,
        end: (String) throws(IOError) -> Void
    ) throws(IOError) -> Bool {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { buffer.deallocate() }
        return try forEachSource(context) { (name, source) throws(IOError) -> IOError? in
            try start(name)
            var failure: IOError?
            while true {
                let count: Int
                do throws(IOError) {
                    count = try source.read(into: buffer)
                } catch {
                    failure = error
                    break
                }
                if count == 0 { break }
                try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
            try end(name)
            return failure
        }
    }

    /// Opens each input in turn and calls `body` with it; `body` returns the
    /// read error that ended the input early, if any, which is reported
    /// naming the input, as is an input that cannot be opened. Returns false
    /// if any input failed. Write errors thrown by `body` stop everything.
    func forEachSource(
        _ context: CommandContext, _ body: (String, ByteSource) throws(IOError) -> IOError?
    ) throws(IOError) -> Bool {
        var allRead = true
        for name in names {
            let source: ByteSource
            do throws(IOError) {
                source = name == "-" ? context.stdin : try context.openFile(name)
            } catch {
                context.error("\(displayName(name)): \(error)")
                allRead = false
                continue
            }
            defer { if name != "-" { source.close() } }
            if let failure = try body(name, source) {
                context.error("\(displayName(name)): \(failure)")
                allRead = false
            }
        }
        return allRead
    }

    func displayName(_ name: String) -> String {
        name == "-" ? "standard input" : "'\(name)'"
    }
}
