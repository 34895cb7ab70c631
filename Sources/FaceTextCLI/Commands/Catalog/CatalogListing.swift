import FaceText

/// The text of `catalog list` and `catalog show`.
enum CatalogListing {
    static func builtIns() -> String {
        let rows = FaceCatalog.builtInNames.map { name -> [String] in
            let catalog = FaceCatalog.builtIn(named: name)!
            let about = switch name {
            case "default": "classic Weibo faces, the emoticons block, and today's common Weibo faces (emoticons.plist)"
            case "wechat": "WeChat's classic faces with /::) text codes, and those added since 2016"
            default: "the Weibo client's 2018 set, in its groups"
            }
            return [name, "\(catalog.faces.count) faces", about]
        }
        return table(rows)
    }

    static func list(_ catalog: FaceCatalog, json: Bool) -> String {
        if json {
            return JSONValue.array(catalog.faces.map { face in
                .object([
                    ("tag", .string(face.tag)),
                    ("aliases", .array(face.tags.dropFirst().map(JSONValue.string))),
                    ("emoji", .optional(face.emoji)),
                    ("code", .optional(face.emoji.map(codePoints))),
                    ("image", .optional(face.image ?? face.animatedImage)),
                    ("keywords", .array(face.keywords.map(JSONValue.string))),
                ])
            }).text + "\n"
        }
        var rows = [["tag", "emoji", "code", "image", "aliases"]]
        for face in catalog.faces {
            rows.append([face.tag, face.emoji ?? "", face.emoji.map(codePoints) ?? "", face.image ?? face.animatedImage ?? "",
                         face.tags.dropFirst().joined(separator: " ")])
        }
        return table(rows)
    }

    /// The face `query` names: by exact tag, emoji or image, else the single
    /// best search result; fails naming the candidates when several share the best rank.
    static func face(for query: String, in catalog: FaceCatalog) -> Result<Face, CommandFailure> {
        if let face = catalog.face(named: query) ?? catalog.face(forEmoji: query) ?? catalog.face(forImage: query) {
            return .success(face)
        }
        let results = FaceSearch(catalog: catalog, includesEmoji: false).results(for: query)
        guard let best = results.first, let face = best.face else {
            return .failure(CommandFailure(message: "no face for '\(query)' in the catalog" + suggestions(for: query, in: catalog)))
        }
        let tied = results.prefix { $0.rank == best.rank }.compactMap { $0.face?.tag }
        guard tied.count == 1 else {
            let shown = tied.prefix(10).joined(separator: " ") + (tied.count > 10 ? " …" : "")
            return .failure(CommandFailure(message: "'\(query)' matches \(tied.count) faces equally well: \(shown); say which (facetext search \(query) lists them)"))
        }
        return .success(face)
    }

    /// `; did you mean [a] or [b]?` with up to three faces closest to `name`:
    /// the best a search for it finds (a typo is allowed), then those for
    /// ever shorter starts of it, down to half of it and two characters; or nothing.
    static func suggestions(for name: String, in catalog: FaceCatalog) -> String {
        let bare = name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
        let search = FaceSearch(catalog: catalog, includesEmoji: false)
        var tags: [String] = []
        let shortest = max(2, (bare.count + 1) / 2)
        for length in stride(from: min(bare.count, 16), through: shortest, by: -1) where tags.count < 3 {
            for tag in search.results(for: String(bare.prefix(length))).compactMap(\.face?.tag) where !tags.contains(tag) && tags.count < 3 {
                tags.append(tag)
            }
        }
        guard !tags.isEmpty else { return "" }
        return "; did you mean " + (tags.count == 1 ? tags[0] : tags.dropLast().joined(separator: ", ") + " or " + tags.last!) + "?"
    }

    static func show(_ face: Face, in catalog: FaceCatalog) -> String {
        var rows = [["tag", face.tag]]
        if face.tags.count > 1 { rows.append(["spellings", face.tags.joined(separator: " ")]) }
        if let emoji = face.emoji {
            rows.append(["emoji", emoji])
            rows.append(["code", codePoints(emoji)])
            rows.append(["canonical", catalog.face(forEmoji: emoji)?.tag == face.tag ? "yes: \(emoji) tags back to \(face.tag)"
                         : "no: \(emoji) tags back to \(catalog.face(forEmoji: emoji)?.tag ?? "")"])
        }
        if let image = face.image { rows.append(["image", image]) }
        if let gif = face.animatedImage { rows.append(["animated", gif]) }
        if let kind = face.kind { rows.append(["type", kind == .image ? "0 (image)" : "1 (emoji)"]) }
        if let package = face.package { rows.append(["package", package]) }
        if !face.keywords.isEmpty { rows.append(["keywords", face.keywords.joined(separator: " ")]) }
        if let annotation = face.emoji.flatMap(EmojiAnnotation.annotation(for:)) {
            rows.append(["name", [annotation.chineseName, annotation.englishName].filter { !$0.isEmpty }.joined(separator: " · ")])
        }
        return table(rows)
    }

    static func codePoints(_ emoji: String) -> String {
        emoji.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// Rows padded to aligned columns by display width; control characters
    /// in a cell (a tag a catalog or history holds) shown as U+FFFD, so nothing
    /// stored can act on the terminal.
    static func table(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map(DisplayText.oneRow) }
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? DisplayWidth.columns(of: $0[column]) : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { DisplayWidth.padded($0.element, to: widths[$0.offset]) }.joined(separator: "  ").trimmingTrailingSpace()
        }.joined(separator: "\n") + "\n"
    }
}
