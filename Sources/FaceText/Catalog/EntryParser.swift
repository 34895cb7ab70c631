/// Parses one face dictionary of a catalog, collecting every problem in it.
struct EntryParser {
    let file: String
    let entry: Int
    let package: String?
    private(set) var errors: [CatalogError] = []
    /// The spellings the entry claims, even when it has other errors, so
    /// duplicates are still reported.
    private(set) var claimedTags: [String] = []
    /// Suspicious but legal things, for `facetext catalog check`.
    private(set) var warnings: [CatalogError] = []

    init(file: String, entry: Int, package: String?) {
        self.file = file
        self.entry = entry
        self.package = package
    }

    /// The face the entry describes, or nil if it has an error that leaves no face.
    mutating func parse(_ value: CatalogValue) -> Face? {
        guard let fields = value.dictionaryValue else {
            fail(nil, "must be a dictionary, not \(value.typeName)")
            return nil
        }
        let chs = tag(fields, "chs")
        let cht = tag(fields, "cht")
        let png = text(fields, "png")
        let gif = text(fields, "gif")
        let kind = kind(fields)
        let aliases = aliases(fields)
        let keywords = keywords(fields)
        var emoji = text(fields, "emoji")
        if let emoji, emoji.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            fail("emoji", "contains a line break")
        }
        if let scalars = code(fields) {
            var fromCode = String.UnicodeScalarView()
            fromCode.append(contentsOf: scalars)
            let codeEmoji = String(fromCode)
            if let written = emoji, EmojiKey.normalized(written) != EmojiKey.normalized(codeEmoji) {
                fail("code", "\(Self.quoted(fields["code"])) does not match emoji \"\(written)\"")
            }
            emoji = emoji ?? codeEmoji
        }
        claimedTags = [chs, cht].compactMap { $0 } + aliases
        guard errors.isEmpty else { return nil }
        collectWarnings(chs: chs, png: png, gif: gif, emoji: emoji, kind: kind, tags: claimedTags)
        guard let primary = chs ?? emoji else {
            fail("chs", "is missing (a face needs a tag, or an emoji or code)")
            return nil
        }
        return Face(tag: primary, traditionalTag: cht, aliases: aliases, image: png, animatedImage: gif,
                    emoji: emoji, kind: kind, package: package, keywords: keywords)
    }

    private mutating func collectWarnings(chs: String?, png: String?, gif: String?, emoji: String?, kind: Face.Kind?, tags: [String]) {
        func warn(_ key: String, _ problem: String) {
            warnings.append(CatalogError(file: file, entry: entry, package: package, key: key, problem: problem))
        }
        if let chs, !(chs.hasPrefix("[") && chs.hasSuffix("]")) { warn("chs", "tag \"\(chs)\" has no brackets") }
        for tag in tags {
            guard let control = tag.unicodeScalars.first(where: { DisplayText.isControl($0) || $0 == "\t" }) else { continue }
            warn("chs", "tag \(String(reflecting: tag)) contains a control character (U+\(String(format4: control.value))), which a terminal would act on")
        }
        for tag in tags where tag.first?.isWhitespace == true || tag.last?.isWhitespace == true {
            warn("chs", "tag \"\(tag)\" starts or ends with white space, which is matched literally")
        }
        for (key, name) in [("png", png), ("gif", gif)] {
            if let name, name.contains("/") || name.contains("\\") { warn(key, "image name \"\(name)\" contains a path separator") }
            if let name, let control = name.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                warn(key, "image name \"\(name.debugDescription.dropFirst().dropLast())\" contains a control character (U+\(String(format4: control.value))), written as it is into HTML and paths")
            }
        }
        if let emoji {
            if emoji.count != 1 {
                warn("emoji", "\"\(emoji)\" is \(emoji.count) characters, not one emoji")
            } else if let first = emoji.unicodeScalars.first, !first.properties.isEmoji {
                warn("emoji", "\"\(emoji)\" is not an emoji")
            }
        }
        if kind == .emoji && emoji == nil { warn("type", "says emoji (1) but the face has no emoji or code") }
        if kind == .image && png == nil && gif == nil { warn("type", "says image (0) but the face has no png or gif") }
    }

    private static func quoted(_ value: CatalogValue?) -> String {
        "\"\(value?.textValue ?? "")\""
    }

    private mutating func fail(_ key: String?, _ problem: String) {
        errors.append(CatalogError(file: file, entry: entry, package: package, key: key, problem: problem))
    }

    /// A string (or number) value; an empty string counts as absent.
    private mutating func text(_ fields: [String: CatalogValue], _ key: String) -> String? {
        guard let value = fields[key] else { return nil }
        guard let text = value.textValue else {
            fail(key, "must be a string, not \(value.typeName)")
            return nil
        }
        return text.isEmpty ? nil : text
    }

    private mutating func tag(_ fields: [String: CatalogValue], _ key: String) -> String? {
        guard let tag = text(fields, key) else { return nil }
        return checkedTag(tag, key: key)
    }

    private mutating func checkedTag(_ tag: String, key: String) -> String? {
        if tag.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{0}" }) {
            fail(key, "tag \(String(reflecting: tag)) contains a line break or NUL")
            return nil
        }
        if tag.utf8.count > TagTrie.maximumTagLength {
            fail(key, "tag is \(tag.utf8.count) bytes long; the limit is \(TagTrie.maximumTagLength)")
            return nil
        }
        return tag
    }

    /// The strings of an array value at `key` (or of a single string), each with
    /// its place; an item that is not a string, or a value of another type, is an error.
    private mutating func strings(_ fields: [String: CatalogValue], _ key: String) -> [(index: Int, text: String)] {
        guard let value = fields[key] else { return [] }
        let items: [CatalogValue]
        switch value {
        case .array(let list): items = list
        case .string: items = [value]
        default:
            fail(key, "must be an array of strings, not \(value.typeName)")
            return []
        }
        var result: [(index: Int, text: String)] = []
        for (index, item) in items.enumerated() {
            guard let text = item.textValue else {
                fail(key, "item \(index) must be a string, not \(item.typeName)")
                continue
            }
            result.append((index, text))
        }
        return result
    }

    private mutating func aliases(_ fields: [String: CatalogValue]) -> [String] {
        var result: [String] = []
        for (index, alias) in strings(fields, "aliases") {
            guard !alias.isEmpty else {
                fail("aliases", "item \(index) is an empty tag")
                continue
            }
            if let alias = checkedTag(alias, key: "aliases") { result.append(alias) }
        }
        return result
    }

    /// The `keywords` array (or a single string): words to search for the face by.
    private mutating func keywords(_ fields: [String: CatalogValue]) -> [String] {
        var result: [String] = []
        for (index, text) in strings(fields, "keywords") {
            let keyword = text.trimmed()
            if keyword.isEmpty {
                fail("keywords", "item \(index) is empty")
            } else if keyword.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                fail("keywords", "item \(index) \(String(reflecting: keyword)) contains a control character")
            } else if keyword.utf8.count > TagTrie.maximumTagLength {
                fail("keywords", "item \(index) is \(keyword.utf8.count) bytes long; the limit is \(TagTrie.maximumTagLength)")
            } else if !result.contains(keyword) {
                result.append(keyword)
            }
        }
        return result
    }

    private mutating func kind(_ fields: [String: CatalogValue]) -> Face.Kind? {
        guard let value = fields["type"] else { return nil }
        guard let text = value.textValue else {
            fail("type", "must be 0 (image) or 1 (emoji), not \(value.typeName)")
            return nil
        }
        if text.isEmpty { return nil }
        guard let number = Int(text), let kind = Face.Kind(rawValue: number) else {
            fail("type", "\"\(text)\" must be 0 (image) or 1 (emoji)")
            return nil
        }
        return kind
    }

    private mutating func code(_ fields: [String: CatalogValue]) -> [Unicode.Scalar]? {
        guard let value = fields["code"] else { return nil }
        let result: Result<[Unicode.Scalar], CodePointError>
        switch value {
        case .string(let text) where text.isEmpty: return nil
        case .string(let text): result = CodePoints.parse(text)
        case .integer(let number): result = CodePoints.scalar(fromNumber: number)
        default:
            fail("code", "must be hex code points such as \"0x1f606\", not \(value.typeName)")
            return nil
        }
        switch result {
        case .success(let scalars): return scalars
        case .failure(let error):
            fail("code", error.description)
            return nil
        }
    }
}
