/// Writes faces as an XML property list catalog (the packages shape), which
/// ``FaceCatalog/init(contentsOf:displayName:)`` reads back face for face.
package enum CatalogWriter {
    /// The XML property list of `packages`.
    public static func propertyList(_ packages: [(name: String, faces: [Face])]) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>packages</key>
            \t<array>

            """
        for package in packages {
            xml += "\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>\(escape(package.name))</string>\n"
            xml += "\t\t\t<key>emoticons</key>\n\t\t\t<array>\n"
            for face in package.faces { xml += entry(face) }
            xml += "\t\t\t</array>\n\t\t</dict>\n"
        }
        return xml + "\t</array>\n</dict>\n</plist>\n"
    }

    /// Why an imported `tag` cannot be written, or nil: a control character
    /// (C0, DEL, C1), which a terminal showing the tag would act on, or more
    /// bytes than a tag may have. The importers skip or refuse such a name.
    package static func problem(importing tag: String) -> String? {
        if let control = tag.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
            return "holds a control character (U+\(String(format4: control.value)))"
        }
        if tag.utf8.count > TagTrie.maximumTagLength {
            return "makes a tag of \(tag.utf8.count) bytes; the limit is \(TagTrie.maximumTagLength)"
        }
        return nil
    }

    private static func entry(_ face: Face) -> String {
        var fields: [(String, String)] = [("chs", face.tag)]
        if let cht = face.traditionalTag { fields.append(("cht", cht)) }
        if let png = face.image { fields.append(("png", png)) }
        if let gif = face.animatedImage { fields.append(("gif", gif)) }
        if let emoji = face.emoji {
            fields.append(("emoji", emoji))
            fields.append(("code", emoji.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "-")))
        }
        if let kind = face.kind { fields.append(("type", String(kind.rawValue))) }
        var xml = "\t\t\t\t<dict>\n"
        for (key, value) in fields { xml += "\t\t\t\t\t<key>\(key)</key>\n\t\t\t\t\t<string>\(escape(value))</string>\n" }
        if !face.aliases.isEmpty {
            xml += "\t\t\t\t\t<key>aliases</key>\n\t\t\t\t\t<array>\n"
            for alias in face.aliases { xml += "\t\t\t\t\t\t<string>\(escape(alias))</string>\n" }
            xml += "\t\t\t\t\t</array>\n"
        }
        if !face.keywords.isEmpty {
            xml += "\t\t\t\t\t<key>keywords</key>\n\t\t\t\t\t<array>\n"
            for keyword in face.keywords { xml += "\t\t\t\t\t\t<string>\(escape(keyword))</string>\n" }
            xml += "\t\t\t\t\t</array>\n"
        }
        return xml + "\t\t\t\t</dict>\n"
    }

    /// XML character escaping for element text.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
