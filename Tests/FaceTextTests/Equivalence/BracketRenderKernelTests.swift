import Testing
import TestSupport
@testable import FaceText

/// The render fast path must write exactly what the general scanner and
/// writer write, for every input and every way of splitting it.
@Suite struct BracketRenderKernelTests {
    /// Faces at the kernel's edges: content of 16 and 17 bytes, outputs of
    /// 16 and 17 bytes and longer, a tag with no output, `[]`, aliases.
    /// (No tag holding a line feed: with one, the kernel is not used at all.)
    static let edgeCatalog = FaceCatalog(faces: [
        Face(tag: "[哈哈]", emoji: "\u{1F603}"),
        Face(tag: "[a]", emoji: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"),   // 25-byte output
        Face(tag: "[0123456789abcdef]", emoji: "\u{1F600}"),                                       // 16 bytes inside
        Face(tag: "[0123456789abcdefg]", emoji: "\u{1F601}"),                                      // 17 bytes inside
        Face(tag: "[失望但如释重负]", emoji: "\u{1F625}"),                                            // 21 bytes inside
        Face(tag: "[sixteen-output]", emoji: "\u{1F469}\u{200D}\u{1F4BB}\u{1F3FD}"),               // 15-byte output
        Face(tag: "[exactly]", emoji: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),               // 18-byte output
        Face(tag: "[最右]"),
        Face(tag: "[]", emoji: "\u{2B50}"),
        Face(tag: "[心]", traditionalTag: "[心心]", aliases: ["[heart]"], emoji: "\u{2764}\u{FE0F}"),
        Face(tag: "[心]", emoji: "\u{1F49B}"),                                                      // a repeated tag: the first wins
    ])

    /// The edge catalog with tags that start with `/` (as WeChat's codes do): one
    /// the prefix of others, one without output, one with a long output, one of
    /// sixteen bytes. (No `/` alone: a `/` may start nothing.) They are found in
    /// a ``PrefixTagTable``.
    static let otherCatalog = FaceCatalog(faces: edgeCatalog.faces + [
        Face(tag: "/::", emoji: "\u{1F642}"),
        Face(tag: "/::)", emoji: "\u{1F600}"),
        Face(tag: "/::))", emoji: "\u{1F602}"),
        Face(tag: "/:rose", aliases: ["[rose]"], emoji: "\u{1F339}"),
        Face(tag: "/:stay"),
        Face(tag: "/:family", emoji: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"),   // 25-byte output
        Face(tag: "/:0123456789abcd", emoji: "\u{1F44D}"),                                                 // 16 bytes
    ])
    /// With a tag of 22 bytes, too long for a ``PrefixTagTable``: found in the trie.
    static let longOtherCatalog = FaceCatalog(faces: otherCatalog.faces + [Face(tag: "/:0123456789abcdefghij", emoji: "\u{1F44E}")])
    /// With a tag of one byte that grows to three (the bound on what a chunk's output may grow by).
    static let slashCatalog = FaceCatalog(faces: otherCatalog.faces + [Face(tag: "/", emoji: "\u{2797}")])

    static let styles: [FaceRenderer.Style] = [
        .unicode, .markdown(imageBase: "f/"), .path(imageBase: "/i/"), .template("<{name}:{emoji}>", imageBase: ""),
    ]

    @Test func theKernelRunsForBracketCatalogsAndPlainTextStylesOnly() {
        #expect(FaceRenderer(catalog: .default).usesKernel == true)
        #expect(FaceRenderer(catalog: .default, style: .markdown()).usesKernel == true)
        #expect(FaceRenderer(catalog: .default, style: .html()).usesKernel == false)
        #expect(FaceRenderer(catalog: .default, style: .path(), emojiImages: true).usesKernel == false)
        // WeChat's `/::)` codes start with one other byte: the kernel takes them through the trie.
        #expect(FaceRenderer(catalog: .wechat).usesKernel == true)
        #expect(FaceRenderer(catalog: Self.otherCatalog).usesKernel == true)
        // Tags that start with two other bytes are left to the general path.
        let twoOthers = FaceCatalog(faces: Self.otherCatalog.faces + [Face(tag: ":smile:", emoji: "\u{1F604}")])
        #expect(FaceRenderer(catalog: twoOthers).usesKernel == false)
        #expect(FaceRenderer(catalog: .default, style: .unicode, emojiImages: false, fastPaths: .all.subtracting(.renderKernel)).usesKernel == false)
        #expect(FaceRenderer(catalog: Self.edgeCatalog).usesKernel == true)
        // A tag holding a line feed is no bracketed tag the kernel's table can hold.
        let lineFeed = FaceCatalog(faces: Self.edgeCatalog.faces + [Face(tag: "[a\nb]", emoji: "\u{1F4A5}")])
        #expect(FaceRenderer(catalog: lineFeed).usesKernel == false)
    }

    @Test(arguments: [
        "", "[", "]", "[[哈哈]]", "[哈哈", "哈哈]", "[]", "[a]", "[a][a][a]", "x[a\nb]y", "[0123456789abcdef]",
        "[0123456789abcdefg]", "[0123456789abcdefgh]", "[失望但如释重负][失望但如释重负", "[exactly][sixteen-output]",
        "[最右][心心][heart][心]", "[哈哈] [a] [nope] [a]\n[a],[a][x] [", "x [a]  [a] [", "[\u{FF}哈哈]", "[哈哈]\u{FF}", "\r\n[哈哈]\r\n", "[哈哈]" + String(repeating: "x", count: 40) + "[a]",
        // Unknown tags, and a `[` in one that starts a known one (before, at and past byte 8),
        // with sixteen bytes after them (else the general matcher decides).
    ] + ["[x][a][nope][a]", "[[[哈哈]", "[ab[哈哈]", "[abcdef[a]", "[abcdefg[a]", "[abcdefghijklm[a]", "[[]]", "[x]]"].map {
        $0 + String(repeating: "-", count: 20)
    })
    func edgeCasesMatchTheGeneralPath(input: String) {
        for style in Self.styles {
            assertSameOutput(Array(input.utf8), catalog: Self.edgeCatalog, style: style)
        }
    }

    /// Tags that start with the other byte, among bracketed ones, cut short, inside brackets.
    @Test(arguments: [
        "/", "/:", "/::", "/::)", "/::))", "/::)))", "//::)", "/:ros", "/:rose", "/:rose/:rose", "/:stay/:stay", "/:family[a]",
        "[哈哈]/::)[a]/:rose", "[a/:rose]", "/[哈哈]", "[/::)]", "[rose]/:rose", "/:0123456789abcdefghij", "/:0123456789abcdefghi",
        "x/:0123456789abcdefghij/::)", "/:0123456789abcd/:0123456789abc/:0123456789abcde", "/::)\n/::", "\u{FF}/::)",
        "/:stay" + String(repeating: "/", count: 30),
    ].map { $0 + String(repeating: "-", count: 20) } + ["/::)", "x/:ros", "/:0123456789abcdefghij", "abc/::"])
    func otherTagsMatchTheGeneralPath(input: String) {
        for style in Self.styles {
            assertSameOutput(Array(input.utf8), catalog: Self.otherCatalog, style: style)
        }
        assertSameOutput(Array(input.utf8), catalog: Self.longOtherCatalog, style: .unicode)
        assertSameOutput(Array(input.utf8), catalog: Self.slashCatalog, style: .unicode)
    }

    /// Where `]` is, is found in either of two words without a branch: brackets holding every
    /// length from 0 to 17 bytes, known and unknown, back to back in a random order.
    @Test func bracketsOfEveryLengthBackToBackMatchTheGeneralPath() {
        let known = ["[]", "[a]", "[哈哈]", "[exactly]", "[sixteen-output]", "[0123456789abcdef]", "[0123456789abcdefg]"]
        let unknown = (0...17).map { "[" + String(repeating: "x", count: $0) + "]" }
        let pieces = known + unknown + ["[", "]", "x"]
        var random = SeededGenerator(seed: 0xFACE_0004)
        for _ in 0..<60 {
            let input = (0..<40).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            assertSameOutput(Array((input + String(repeating: "-", count: 20)).utf8), catalog: Self.edgeCatalog, style: .unicode)
        }
    }

    @Test func hostileTextMatchesTheGeneralPathWhereverItIsSplit() {
        var generator = HostileText(seed: 0xFACE_0001, catalog: Self.edgeCatalog)
        for round in 0..<300 {
            let input = generator.next(maximumPieces: 40)
            assertSameOutput(input, catalog: Self.edgeCatalog, style: Self.styles[round % Self.styles.count])
        }
        var defaultText = HostileText(seed: 0xFACE_0002)
        for _ in 0..<300 {
            assertSameOutput(defaultText.next(maximumPieces: 40), catalog: .default, style: .unicode)
        }
        var otherText = HostileText(seed: 0xFACE_0005, catalog: Self.longOtherCatalog)
        for round in 0..<150 {
            let input = otherText.next(maximumPieces: 40)
            assertSameOutput(input, catalog: Self.otherCatalog, style: Self.styles[round % Self.styles.count])
            assertSameOutput(input, catalog: Self.longOtherCatalog, style: .unicode)
        }
        var wechatText = HostileText(seed: 0xFACE_0006, catalog: .wechat)
        for _ in 0..<150 {
            assertSameOutput(wechatText.next(maximumPieces: 40), catalog: .wechat, style: .unicode)
        }
    }

    @Test func denseTagsOverLongInputMatchTheGeneralPath() {
        // Many chunks of many tags: tags cut at every chunk end, and the output buffer grows.
        var generator = HostileText(seed: 0xFACE_0003, pieces: [.tag, .tag, .tag, .partialTag, .lineBreak, .cjk])
        var input: [UInt8] = []
        while input.count < 200_000 { input += generator.next(maximumPieces: 50) }
        for chunkSize in [1 << 16, 4099, 100, 17] {
            #expect(render(input, catalog: .default, style: .unicode, kernel: true, chunkSize: chunkSize)
                    == render(input, catalog: .default, style: .unicode, kernel: false, chunkSize: input.count))
        }
        // WeChat's tags, `[…]` and `/::)` mixed, cut at chunk ends in both kinds.
        var wechat = HostileText(seed: 0xFACE_0007, catalog: .wechat, pieces: [.tag, .tag, .tag, .partialTag, .lineBreak, .cjk])
        var wechatInput: [UInt8] = []
        while wechatInput.count < 200_000 { wechatInput += wechat.next(maximumPieces: 50) }
        for chunkSize in [1 << 16, 4099, 100, 17] {
            #expect(render(wechatInput, catalog: .wechat, style: .unicode, kernel: true, chunkSize: chunkSize)
                    == render(wechatInput, catalog: .wechat, style: .unicode, kernel: false, chunkSize: wechatInput.count))
        }
    }

    private func assertSameOutput(_ input: [UInt8], catalog: FaceCatalog, style: FaceRenderer.Style,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        // Else the comparison would be of the general path with itself.
        #expect(FaceRenderer(catalog: catalog, style: style, emojiImages: false, fastPaths: .all).usesKernel == true,
                sourceLocation: sourceLocation)
        let expected = render(input, catalog: catalog, style: style, kernel: false, chunkSize: max(input.count, 1))
        for chunkSize in [max(input.count, 1), 1, 2, 3, 7, 16, 17, 18, 33] {
            let actual = render(input, catalog: catalog, style: style, kernel: true, chunkSize: chunkSize)
            #expect(actual == expected, "chunks of \(chunkSize): \(String(decoding: input, as: UTF8.self).debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    private func render(_ input: [UInt8], catalog: FaceCatalog, style: FaceRenderer.Style, kernel: Bool, chunkSize: Int) -> [UInt8] {
        let renderer = FaceRenderer(catalog: catalog, style: style, emojiImages: false, fastPaths: kernel ? .all : .all.subtracting(.renderKernel))
        var stream = renderer.makeStream()
        var out: [UInt8] = []
        var start = 0
        while start < input.count {
            let end = min(start + chunkSize, input.count)
            stream.process(Array(input[start..<end]), into: &out)
            start = end
        }
        stream.finish(into: &out)
        return out
    }
}
