/// Builds a catalog from CLDR annotations: one face per emoji that CLDR
/// names, tagged with its short name in brackets (`[破涕为笑]`), spelled
/// fully-qualified (U+FE0F where an emoji needs it), with CLDR's keywords
/// as its keywords.
///
/// Annotations of characters that are not emoji (`{`, `€`) and of emoji
/// components alone (skin tones, hair styles) are left out. A name already
/// used as a tag makes a second tag of the name and the emoji's code points,
/// as `catalog import emoji-test` does: `[名字 1f44d-1f3fd]`.
///
/// A name that would make a tag no catalog may hold, or one that would act
/// on a terminal, is skipped with its reason: a control character (C0, DEL,
/// C1: a file can spell `&#x1b;` or `&#7;`), or a tag longer than 256 bytes.
package enum CLDRImport {
    /// An annotation left out, and why.
    package struct Skipped: Sendable, Equatable, CustomStringConvertible {
        package var sequence: String
        package var problem: String
        package var description: String {
            "the name of \(sequence.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) \(problem); skipped"
        }
    }

    /// The faces of `annotations` (several files' worth, in order; a later
    /// annotation of the same sequence fills in what an earlier one lacks),
    /// each with its keywords.
    package static func faces(from annotations: [CLDRAnnotations.Annotation]) -> [Face] {
        importing(annotations).faces
    }

    /// The faces of `annotations`, and the annotations whose names cannot be tags.
    package static func importing(_ annotations: [CLDRAnnotations.Annotation])
        -> (faces: [Face], skipped: [Skipped]) {
        var seen: Set<String> = []
        var faces: [Face] = []
        var skipped: [Skipped] = []
        for annotation in CLDRAnnotations.merged(annotations) {
            guard let name = annotation.name, !name.isEmpty, isEmoji(annotation.sequence) else { continue }
            let emoji = fullyQualified(annotation.sequence)
            var tag = "[\(name)]"
            if seen.contains(tag) { tag = "[\(name) \(EmojiName.twemojiCode(of: emoji))]" }
            if let problem = CatalogWriter.problem(importing: tag) {
                skipped.append(Skipped(sequence: annotation.sequence, problem: problem))
                continue
            }
            seen.insert(tag)
            faces.append(Face(tag: tag, emoji: emoji, kind: .emoji,
                              keywords: annotation.keywords.filter { CatalogWriter.problem(importing: "[\($0)]") == nil }))
        }
        return (faces, skipped)
    }

    /// Whether a sequence as CLDR writes it is an emoji: a keycap, or one whose first
    /// scalar is an emoji character that is not a component standing alone.
    static func isEmoji(_ sequence: String) -> Bool {
        let scalars = Array(sequence.unicodeScalars)
        guard let first = scalars.first else { return false }
        if scalars.count == 2 && isKeycapBase(first) && scalars[1] == "\u{20E3}" { return true }
        guard EmojiProperties.flags(first.value) & EmojiProperties.emoji != 0 else { return false }
        if scalars.count == 1 && (isModifier(first) || (0x1F9B0...0x1F9B3).contains(first.value)) { return false }
        return true
    }

    /// `sequence` with U+FE0F after each emoji character of text presentation that has
    /// neither U+FE0F nor a skin tone after it (and after a keycap's base): the
    /// fully-qualified spelling of Unicode's emoji-test.txt.
    package static func fullyQualified(_ sequence: String) -> String {
        let scalars = Array(sequence.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            guard next != "\u{FE0F}", !(next.map(isModifier) ?? false) else { continue }
            let flags = EmojiProperties.flags(scalar.value)
            let textStyle = flags & EmojiProperties.emoji != 0 && flags & EmojiProperties.presentation == 0
            if textStyle || (isKeycapBase(scalar) && next == "\u{20E3}") { result.append("\u{FE0F}") }
        }
        return String(result)
    }

    private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "#" || scalar == "*" || ("0"..."9").contains(scalar)
    }

    private static func isModifier(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
}
