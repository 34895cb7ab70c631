import Testing
import TestSupport
@testable import FaceText

/// When one byte starts every face the scanner looks for (the default
/// catalog's `[…]` tags, nothing else), plain bytes are skipped by `memchr`
/// instead of the byte-class loop: the tokens must be the reference's.
@Suite struct SingleStartTests {
    @Test func onlyTagsOfOneOpeningByteAreScannedAsTheReferenceDoes() {
        #expect(ScanEngine(catalog: .default, recognized: .tags).singleStart == UInt8(ascii: "["))
        #expect(ScanEngine(catalog: .default, recognized: .all).singleStart == nil)
        let scanner = FaceScanner(catalog: .default, recognizing: .tags)
        let reference = ReferenceScanner(catalog: .default, tags: true, emoji: false)
        var text = HostileText(seed: 0x5157)
        for _ in 0..<3000 {
            let bytes = text.next()
            #expect(scanner.tokens(in: bytes) == reference.tokens(in: bytes), "\(bytes)")
        }
    }
}
