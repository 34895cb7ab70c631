import FaceText

/// `facetext page`: a chat log as a standalone web page of chat bubbles.
enum PageCommand {
    static let spec = CommandSpec(
        name: "page",
        abstract: "Write a chat log as a web page of chat bubbles: one HTML file, nothing fetched, no script.",
        discussion: """
        Each message is a bubble: the sender's (--me) on the right and tinted, the others' on the left, with the sender's name when more than one other person writes. A line with the date and time stands before the first message of a day and after a gap of 5 minutes or more. Faces show as their emoji, or with --image-base as the catalog's images at the size of the text; a face with neither keeps its tag. The browser wraps messages within three quarters of the page's width (long words and CJK broken, never overflowing), follows the reader's light or dark scheme, and prints them plainly.
        Every byte of a message is text: & < > " ' are escaped, invalid UTF-8 shows as U+FFFD, and image addresses are percent-encoded. The page is written as the log is read, in flat memory; --split N writes every N messages to a file of its own (chat-0001.html, chat-0002.html, … with links between them) and prints their names.
        The format is told from the log (--format auto) unless given; with lines, every line is a message of one unnamed sender.
        """,
        options: [
            OptionSpec(long: "me", valueName: "name", help: "Put this sender's messages on the right (with lines: the lines that start with this text)."),
            OptionSpec(long: "title", valueName: "text", help: "The page's title.", defaultValue: "the first input's name"),
            OptionSpec(long: "image-base", short: "b", valueName: "prefix",
                       help: "Show faces as the catalog's images, this prefix (a folder or URL) before each image's name."),
            OptionSpec(long: "split", valueName: "n", help: "Write every n messages to a page of its own, chat-0001.html and on, linked in order."),
            OptionSpec(long: "prefix", valueName: "name", help: "The start of the names of --split's pages.", defaultValue: "chat"),
            MessageInput.pageFormatOption,
            MessageInput.showFormatOption,
        ],
        examples: [
            ("facetext page --format qq --me 我 聊天记录.txt > chat.html", "A QQ export as a page, my messages on the right"),
            ("facetext page --image-base https://example.com/faces/ chat.log > chat.html", "Faces as images from a folder of your own"),
            ("facetext page --split 5000 --title 'Our chat' result.json", "A big Telegram export as linked pages of 5000 messages"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let split = try invocation.integer("split", minimum: 1, command: spec)
        if invocation.flag("prefix") && split == nil {
            throw UsageError(.conflict("'--prefix' names the pages of '--split': give '--split' too."), command: spec)
        }
        let files = invocation.arguments
        let title = invocation.value("title") ?? files.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "Chat"
        let renderer = PageText(catalog: context.catalog, imageBase: invocation.value("image-base"))
        let pages: PageWriter.Pages
        if let split {
            pages = .split(every: split, prefix: invocation.value("prefix") ?? "chat", create: context.createFile, names: context.stdout)
        } else {
            pages = .one(context.stdout)
        }
        var writer = PageWriter(title: title, me: invocation.value("me").map { Array($0.utf8) }, text: renderer, pages: pages,
                                threaded: context.usesSecondThread)
        do throws(IOError) {
            let allRead = try MessageInput(invocation, defaultFormat: "auto").forEachLine(InputFiles(files), context, into: &writer)
            try writer.close()
            return allRead ? .success : .failure
        } catch {
            guard let page = writer.failedPage else { throw error }
            throw CommandFailure(message: "\(page): \(error)")
        }
    }
}
