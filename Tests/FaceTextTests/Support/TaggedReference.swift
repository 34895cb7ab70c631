@testable import FaceText

/// What `tag` must write for `input`, from its tokens: each emoji or image
/// reference with a face becomes the face's tag, an emoji's trailing marks
/// (that the face does not stand for) after it; everything else stays.
func taggedReference(_ tokens: [Token], in input: [UInt8], catalog: FaceCatalog) -> [UInt8] {
    var output: [UInt8] = []
    for token in tokens {
        guard token.kind == .emoji || token.kind == .image, let face = token.face else {
            output += input[token.range]
            continue
        }
        output += Array(catalog.faces[face].tag.utf8)
        if token.kind == .emoji {
            let marks = input.withUnsafeBufferPointer {
                EmojiMatcher.trailingMarksStart(in: $0, start: token.range.lowerBound, end: token.range.upperBound)
            }
            output += input[marks..<token.range.upperBound]
        }
    }
    return output
}
