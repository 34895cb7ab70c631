/// Names of emoji by code point, as twemoji files them: lower-case hex joined
/// by `-`, with U+FE0F dropped unless the sequence contains a ZWJ
/// (`1f600`, `2764`, `1f468-200d-1f469-200d-1f467`).
public enum EmojiName {
    /// The twemoji code name of an emoji (`😀` → `1f600`).
    public static func twemojiCode(of emoji: String) -> String {
        let scalars = emoji.unicodeScalars
        let keepSelector = scalars.contains("\u{200D}")
        return scalars.filter { keepSelector || $0 != "\u{FE0F}" }
            .map { String($0.value, radix: 16) }
            .joined(separator: "-")
    }

    /// The code points of an emoji as `U+1F600 U+FE0F`-style text.
    public static func codePoints(of emoji: String) -> String {
        emoji.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// The emoji a twemoji file name stands for (`1f600.png` → `😀`), or nil.
    static func emoji(fromTwemojiFile name: String) -> String? {
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        guard !stem.isEmpty, case .success(let scalars) = CodePoints.parse(stem),
              stem.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
