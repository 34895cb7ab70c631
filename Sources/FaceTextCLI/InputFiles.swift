/// Reads the command's inputs in order, like `cat`: each named file, or
/// standard input for none or `-`. A file that cannot be opened or read is
/// reported (naming it) and skipped; the others are still processed.
struct InputFiles {
    /// The size of each read.
    static let chunkSize = 1 << 20

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
        var allRead = true
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { buffer.deallocate() }
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
            try start(name)
            while true {
                let count: Int
                do throws(IOError) {
                    count = try source.read(into: buffer)
                } catch {
                    context.error("\(displayName(name)): \(error)")
                    allRead = false
                    break
                }
                if count == 0 { break }
                try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
            try end(name)
        }
        return allRead
    }

    func displayName(_ name: String) -> String {
        name == "-" ? "standard input" : "'\(name)'"
    }
}
