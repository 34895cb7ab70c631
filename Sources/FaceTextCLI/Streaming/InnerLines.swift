import FaceText

/// The lines inside a message's text that is one line of input holding line
/// feeds (a Telegram message's text, as ``ChatLog/TelegramReader`` hands it on).
enum InnerLines {
    /// Calls `body` with each line of `content` split at its line feeds, without
    /// its line ending (LF or CRLF), and whether it is the last one.
    static func forEach(in content: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, _ isLast: Bool) -> Void) {
        var rest = content
        while let feed = ByteSearch.firstIndex(of: 0x0A, in: rest, from: 0) {
            var line = UnsafeBufferPointer(rebasing: rest[..<feed])
            if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            body(line, false)
            rest = UnsafeBufferPointer(rebasing: rest[(feed + 1)...])
        }
        body(rest, true)
    }
}
