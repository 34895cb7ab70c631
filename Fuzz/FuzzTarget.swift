// libFuzzer target for the scanner, renderer, tagger and backspace.
// Built by scripts/fuzz together with Sources/FaceText (not part of the package);
// FaceTextTests builds it too (Tests/FaceTextTests/Fuzz/FuzzTarget.swift is a
// link to this file) and runs it on the seed inputs, so that it stays current.
//
// The first byte of each input chooses a chunk size and a number of
// backspace presses; the rest is the text. The target checks the invariants
// and traps (so libFuzzer reports a crash) when one fails:
//  - rendering and tagging in chunks give the same bytes as in one piece;
//  - with the WeChat catalog (`[…]` tags and `/::)` codes), render's kernel
//    writes what the general scanner and writer write;
//  - the scanner's tokens cover the input exactly, without overlap or gap,
//    and are the same without the fast paths (emoji, bracketed tags);
//  - counting in chunks (emoji without a face numbered as the scanner
//    remembers them) gives the counts of the tokens' bytes;
//  - the scan lines (``FaceLister``) are the same in chunks as in one piece,
//    and reading a face's first eight bytes never reads past its buffer;
//  - render changes nothing but tags (every other byte is kept);
//  - backspace only ever removes a suffix, and nothing with no press;
//  - backspace over a chunk's whole lines (with the byte tests of
//    ``QuickUnits``) keeps of each line what the general way keeps of it alone;
//  - wrapping (by line and by character, with its tight loops and fitting
//    lines) gives the same bytes in chunks as in one piece, and only inserts
//    line feeds;
//  - search takes the text as a query (one input in eight) and gives the same results twice;
//  - chat logs: the splitter of every line format and the Telegram reader
//    (FuzzTarget+ChatLogs.swift); `page` and its UTF-8 repair (FuzzTarget+Page.swift).
// The address sanitizer catches out-of-bounds access and use after free.

#if canImport(FaceText)
@testable import FaceText
#endif
#if canImport(TestSupport)
import TestSupport
#endif

/// The checks, in a namespace of their own: in the test target they sit beside the tests.
enum FuzzTarget {
    static let catalog = FaceCatalog.default
    static let renderer = FaceRenderer(catalog: catalog)
    static let htmlRenderer = FaceRenderer(catalog: catalog, style: .html(imageBase: "f/"), emojiImages: true)
    static let tagger = FaceTagger(catalog: catalog)
    static let wechatRenderer = FaceRenderer(catalog: .wechat)
    static let wechatGeneral = FaceRenderer(catalog: .wechat, style: .unicode, emojiImages: false, fastPaths: .all.subtracting(.renderKernel))
    static let scanner = FaceScanner(catalog: catalog, recognizing: [.tags, .emoji, .images, .unknownTags])
    static let slowEngine = ScanEngine(catalog: catalog, recognized: [.tags, .emoji, .images, .unknownTags], fastPaths: .none)
    static let editor = LineEditor(catalog: catalog)
    /// The plain reference (Tests/TestSupport/ReferenceScanner.swift, built in): tags, emoji and unknown tags.
    static let referenceScanner = ReferenceScanner(catalog: catalog, unknownTags: true)
    static let referenceKinds = FaceScanner(catalog: catalog, recognizing: [.tags, .emoji, .unknownTags])

    static let wrappers = [TextWrapper(width: 7, catalog: catalog), TextWrapper(width: 12, catalog: catalog, breaking: .character)]
    static let search = FaceSearch(catalog: catalog)

    static func check(_ condition: Bool, _ message: StaticString) {
        if !condition { fatalError("invariant failed: \(message)") }
    }

    static func chunked(_ stream: TransformStream, _ input: [UInt8], size: Int) -> [UInt8] {
        var stream = stream
        var out: [UInt8] = []
        var start = 0
        while start < input.count {
            stream.process(Array(input[start..<min(start + size, input.count)]), into: &out)
            start += size
        }
        stream.finish(into: &out)
        return out
    }

    static func listed(_ input: [UInt8], size: Int) -> [UInt8] {
        var lister = FaceLister(catalog: catalog, recognizing: [.tags, .emoji, .images, .unknownTags])
        let out = StreamOutput()
        var start = 0
        while start < input.count {
            lister.feed(Array(input[start..<min(start + size, input.count)]), into: out)
            start += size
        }
        lister.finish(into: out)
        return out.withBytes { Array($0) }
    }

    /// `input` wrapped by `wrapper`, fed `size` bytes at a time.
    static func wrapped(_ wrapper: TextWrapper, _ input: [UInt8], size: Int) -> [UInt8] {
        var stream = TextWrapper.Stream(wrapper: wrapper)
        let out = StreamOutput()
        var start = 0
        while start < input.count {
            input[start..<min(start + size, input.count)].withUnsafeBufferPointer { stream.feed($0, into: out) }
            start += size
        }
        stream.finish(into: out)
        return out.withBytes { Array($0) }
    }

    /// Whether `output` is `input` with line feeds inserted, and nothing else changed.
    static func onlyLineFeedsInserted(_ input: [UInt8], _ output: [UInt8]) -> Bool {
        var index = 0
        for byte in output {
            if index < input.count && input[index] == byte {
                index += 1
            } else if byte != 0x0A {
                return false
            }
        }
        return index == input.count
    }

    static func run(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
        guard count > 0 else { return 0 }
        let control = data[0]
        let input = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
        let size = Int(control & 0x3F) + 1

        let rendered = renderer.render(input)
        check(chunked(renderer.makeStream(), input, size: size) == rendered, "render depends on chunking")
        let tagged = tagger.tag(input)
        check(chunked(tagger.makeStream(), input, size: size) == tagged, "tag depends on chunking")
        _ = htmlRenderer.render(input)
        let wechatRendered = wechatRenderer.render(input)
        check(wechatRendered == wechatGeneral.render(input), "WeChat render: the kernel differs from the general path")
        check(chunked(wechatRenderer.makeStream(), input, size: size) == wechatRendered, "WeChat render depends on chunking")
        check(listed(input, size: size) == listed(input, size: max(input.count, 1)), "scan lines depend on chunking")

        // Every fast path against the plain reference: the same tokens.
        check(referenceKinds.tokens(in: input) == referenceScanner.tokens(in: input), "tokens differ from the reference scanner")

        let tokens = scanner.tokens(in: input)
        var position = 0
        for token in tokens {
            check(token.range.lowerBound == position, "tokens overlap or leave a gap")
            position = token.range.upperBound
        }
        check(position == input.count, "tokens do not cover the input")
        var slowTokens = TokenCollector()
        _ = input.withUnsafeBufferPointer { slowEngine.scan($0, isFinal: true, into: &slowTokens) }
        check(slowTokens.tokens == tokens, "the emoji fast paths change the tokens")

        var counter = FaceCounter(catalog: catalog)
        for token in tokens where token.kind != .text {
            input[token.range].withUnsafeBufferPointer { counter.add(token, bytes: $0) }
        }
        var counting = FaceStats.Stream(catalog: catalog, recognizing: [.tags, .emoji, .images, .unknownTags])
        var start = 0
        while start < input.count {
            input[start..<min(start + size, input.count)].withUnsafeBufferPointer { counting.feed($0) }
            start += size
        }
        counting.finish()
        check(counting.stats.counts == counter.stats.counts, "stats depend on chunking or on numbered emoji")
        var whole = FaceStats.Stream(catalog: catalog, recognizing: [.tags, .emoji, .images, .unknownTags])
        input.withUnsafeBufferPointer { whole.feed($0) }
        whole.finish()
        check(whole.stats.counts == counter.stats.counts, "stats depend on numbered emoji")

        // Render changes only tags: what is left between them is the same bytes.
        var expected: [UInt8] = []
        for token in FaceScanner(catalog: catalog, recognizing: .tags).tokens(in: input) {
            if token.kind == .tag, let emoji = catalog.faces[token.face!].emoji {
                expected += Array(emoji.utf8)
            } else {
                expected += input[token.range]
            }
        }
        check(expected == rendered, "render changed bytes outside tags")

        let presses = Int(control >> 6)
        let (kept, deleted) = editor.backspace(input, presses: presses)
        check(Array(kept) + Array(deleted) == input, "backspace changed more than a suffix")
        check(presses > 0 || deleted.isEmpty, "backspace deleted with no press")

        let keptLines = StreamOutput()
        let (end, _) = input.withUnsafeBufferPointer { editor.writeKept(linesIn: $0, from: 0, presses: presses, to: keptLines) }
        var expectedLines: [UInt8] = []
        var lineStart = 0
        while let lineFeed = input[lineStart...].firstIndex(of: 0x0A) {
            var bodyEnd = lineFeed
            if bodyEnd > lineStart && input[bodyEnd - 1] == 0x0D { bodyEnd -= 1 }
            let body = Array(input[lineStart..<bodyEnd])
            let keep = body.withUnsafeBufferPointer { buffer in
                var run = BackspaceRun(finder: editor.finder, end: buffer.count, presses: presses)
                var count = 0
                while count < presses, run.press(in: buffer) { count += 1 }
                return run.end
            }
            expectedLines += body[..<keep] + input[bodyEnd...lineFeed]
            lineStart = lineFeed + 1
        }
        check(end == lineStart, "backspace over lines stopped elsewhere than after the last line feed")
        check(keptLines.withBytes { Array($0) } == expectedLines, "backspace over lines differs from each line alone")

        for wrapper in wrappers {
            let whole = wrapped(wrapper, input, size: max(input.count, 1))
            check(wrapped(wrapper, input, size: size) == whole, "wrap depends on chunking")
            check(onlyLineFeedsInserted(input, whole), "wrap changed more than line feeds")
        }

        checkChatLogs(input, size: size, control: control)
        #if FUZZING_CLI
        // (scripts/fuzz builds the command-line module in: `page` in one format an input.)
        PageFuzz.run(input, size: size, formats: [PageFuzz.formats[Int(control >> 3) % PageFuzz.formats.count]])
        #endif

        // (A search is slow under the sanitizer: one input in eight.)
        if control & 0x07 == 0 {
            let query = String(decoding: input.prefix(64), as: UTF8.self)
            let found = search.results(for: query).map(\.text)
            check(found == search.results(for: query).map(\.text), "search gave different results for one query")
        }
        return 0
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    FuzzTarget.run(data, count)
}
