import Testing
import TestSupport
@testable import FaceText

/// Every combination of the engine's fast paths computes what none of them
/// does: the tokens of the scanner and the bytes of `render` (in every style
/// that keeps the kernel), whole and in chunks, on hostile text, a chat log,
/// and both catalogs. A fast path that leans on another without saying so
/// shows up here as a combination that differs.
@Suite struct FastPathSubsetTests {
    static let subsets: [FastPaths] = (0..<(1 << FastPaths.named.count)).map { bits in
        FastPaths(FastPaths.named.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element.path))
    }

    static let inputs: [[UInt8]] = {
        var hostile = HostileText(seed: 0x5eed_fa57)
        var inputs = (0..<40).map { _ in hostile.next(maximumPieces: 40) }
        inputs.append(ChatCorpus(seed: 7, lines: 120).bytes)
        inputs.append(Array("/::)你好/:,@P[微笑][Smile]😀❤️ 👍🏽🇨🇳 #️⃣ ©™ “引号” …\n".utf8))
        return inputs
    }()

    @Test(arguments: ["default", "wechat"])
    func scannerTokensAreTheSameWithEveryCombination(catalogName: String) {
        let catalog = FaceCatalog.builtIn(named: catalogName)!
        let recognized: FaceScanner.Recognized = [.tags, .emoji, .images, .unknownTags]
        let plain = FaceScanner(catalog: catalog, recognizing: recognized, fastPaths: .none)
        let expected = Self.inputs.map(plain.tokens(in:))
        for subset in Self.subsets {
            let scanner = FaceScanner(catalog: catalog, recognizing: recognized, fastPaths: subset)
            for (input, tokens) in zip(Self.inputs, expected) {
                #expect(scanner.tokens(in: input) == tokens, "\(subset)")
            }
        }
    }

    @Test(arguments: [FaceRenderer.Style.unicode, .path(imageBase: "f/"), .markdown(imageBase: "f/"), .html(imageBase: "f/")])
    func renderIsTheSameWithEveryCombination(style: FaceRenderer.Style) {
        for catalog in [FaceCatalog.default, .wechat] {
            let plain = FaceRenderer(catalog: catalog, style: style, emojiImages: false, fastPaths: .none)
            let expected = Self.inputs.map(plain.render)
            for subset in Self.subsets {
                let renderer = FaceRenderer(catalog: catalog, style: style, emojiImages: false, fastPaths: subset)
                for (input, output) in zip(Self.inputs, expected) {
                    #expect(renderer.render(input) == output, "\(subset)")
                    if style == .unicode {
                        #expect(renderer.makeStream().output(of: input, inChunksOf: 7) == output, "\(subset), chunks of 7")
                    }
                }
            }
        }
    }
}
