import Testing
@testable import FaceText

/// The engine's codes for what it found: each meaning reads as itself and as nothing else.
@Suite struct FaceCodeTests {
    @Test(arguments: [0, 1, 41, 1_000_000])
    func aFaceIsAFaceAndNothingElse(index: Int) {
        let code = FaceCode(face: Int32(index))
        #expect(code.isFace)
        #expect(code.faceIndex == index)
        #expect(code.facelessNumber == nil)
        #expect(code != .noFace && code != .text)
    }

    @Test(arguments: [0, 1, 255, 1 << 20])
    func aNumberedSpellingReadsAsNoFaceToEveryoneElse(number: Int) {
        let code = FaceCode.faceless(number)
        #expect(code.facelessNumber == number)
        #expect(!code.isFace)
        #expect(code.faceIndex == nil)
        #expect(code != .noFace && code != .text)
        // Never one of the matcher's own answers about a lone scalar.
        #expect(!ScalarCode(rawValue: code.rawValue).isCluster)
    }

    @Test func noFaceAndTextAreNeitherFacesNorNumbers() {
        for code in [FaceCode.noFace, .text] {
            #expect(!code.isFace)
            #expect(code.faceIndex == nil)
            #expect(code.facelessNumber == nil)
        }
        #expect(FaceCode(found: nil) == .noFace)
        #expect(FaceCode(found: 7) == FaceCode(face: 7))
    }

    /// What a lone scalar is, as the matcher's table holds it: (code, is an emoji, is a cluster).
    @Test func scalarCodesTellEmojiFromClustersFromTheRest() {
        let cases: [(ScalarCode, Bool, Bool)] = [
            (ScalarCode(FaceCode(face: 3)), true, true),
            (ScalarCode(.noFace), true, true),
            (ScalarCode(.text), false, true),
            (.notEmoji, false, false),
            (.regionalIndicator, false, false),
            (.extender, false, false),
        ]
        for (code, isEmoji, isCluster) in cases {
            #expect(code.isEmoji == isEmoji, "\(code)")
            #expect(code.isCluster == isCluster, "\(code)")
            if isCluster { #expect(ScalarCode(code.cluster) == code) }
        }
    }
}
