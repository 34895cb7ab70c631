import Testing
@testable import FaceTextCLI

/// Whatever a chat log, an option or a catalog puts into `page`, the page
/// holds only its own elements and attributes: hostile text in every field
/// that reaches the HTML (senders' names as they show with two and more
/// others, the title, the image base, the text), with two and three people.
@Suite struct PageEscapingTests {
    /// Pieces that would be markup if written raw: none holds `: ` or a colon
    /// (a name with one makes the line text) or a control character.
    static let hostile = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onmouseover='alert(1)", "a&amp;b&lt;c",
        "</p></div><div class=\"msg mine\">", "<!-- x", "<style>*{}</style>", "<b", "x\" data-x=\"1",
    ]

    /// The page's own elements and the attributes it writes.
    static let elements: Set<String> = ["html", "head", "meta", "title", "style", "body", "main", "h1", "p", "time", "div", "img", "a", "nav"]
    static let attributes: Set<String> = ["lang", "charset", "name", "content", "class", "datetime", "src", "alt", "href", "rel"]

    /// Each tag of `html` as (name, attribute names), the text of <style> skipped; nil at the first `<` that starts no tag.
    static func tags(_ html: String) -> [(name: String, attributes: [String])]? {
        var tags: [(String, [String])] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("!DOCTYPE html>") { rest = rest.dropFirst(14); continue }
            let closing = rest.hasPrefix("/")
            if closing { rest = rest.dropFirst() }
            let name = String(rest.prefix { $0.isLetter || $0.isNumber })
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count)
            var names: [String] = []
            while true {
                rest = rest.drop { $0 == " " }
                if rest.hasPrefix(">") { rest = rest.dropFirst(); break }
                let attribute = String(rest.prefix { $0.isLetter || $0 == "-" })
                guard !attribute.isEmpty, rest.dropFirst(attribute.count).hasPrefix("=\"") else { return nil }
                rest = rest.dropFirst(attribute.count + 2)
                guard let end = rest.firstIndex(of: "\"") else { return nil }
                guard !rest[..<end].contains("<") && !rest[..<end].contains(">") || attribute == "content" else { return nil }
                rest = rest[rest.index(after: end)...]
                names.append(attribute)
            }
            tags.append((closing ? "/" + name : name, names))
            if name == "style" && !closing, let end = rest.range(of: "</style>") { rest = rest[end.lowerBound...] }
        }
        return tags
    }

    /// Text of the page with the five escapes undone.
    static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = [], index = 0
        let source = Array(text.utf8)
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count, let value = UInt8(String(decoding: source[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func check(_ html: String, holds piece: String, _ what: String) {
        guard let tags = tags(html) else {
            Issue.record("\(what): markup not the page's own in \(html)")
            return
        }
        for (name, attributes) in tags {
            let bare = name.hasPrefix("/") ? String(name.dropFirst()) : name
            #expect(elements.contains(bare), "\(what): element <\(name)>")
            #expect(Set(attributes).isSubset(of: Self.attributes), "\(what): attributes \(attributes) of <\(name)>")
        }
        #expect(unescaped(html).contains(piece), "\(what): \(piece) is not shown as text")
    }

    @Test(arguments: hostile)
    func namesOfTwoAndMoreOthersAreText(piece: String) {
        for others in [2, 3] {
            var log = ""
            for person in 0..<others { log += "2024-05-01 20:0\(person) \(piece)\(person): hi\n" }
            log += "2024-05-01 20:09 我: ok\n2024-05-01 20:10 \(piece)0: again\n"
            let result = runCLI(["page", "--format", "prefixed", "--me", "我"], input: log)
            #expect(result.status == .success)
            #expect(result.text.components(separatedBy: "<p class=\"name\">").count > others, "names show when \(others) others write")
            Self.check(result.text, holds: piece + "1", "a name among \(others) others")
        }
    }

    @Test(arguments: hostile)
    func theTitleTheImageBaseAndTheTextAreText(piece: String) {
        let log = "2024-05-01 20:00 小红: \(piece)[哈哈]\n2024-05-01 20:01 小明: x\n2024-05-01 20:02 我: \(piece)\n"
        let titled = runCLI(["page", "--format", "prefixed", "--me", "我", "--title", piece], input: log)
        Self.check(titled.text, holds: piece, "the title and the text")
        let based = runCLI(["page", "--format", "prefixed", "--me", "我", "--image-base", piece + "/"], input: log)
        #expect(based.text.contains("<img "))
        Self.check(based.text, holds: piece, "the image base")
        // The address, its escapes undone, is the base and the file's name.
        let sources = based.text.components(separatedBy: "src=\"").dropFirst().map { Self.percentDecoded(Self.unescaped(String($0.prefix { $0 != "\"" }))) }
        #expect(!sources.isEmpty && sources.allSatisfy { $0.hasPrefix(piece + "/") }, "\(sources)")
        let asMe = runCLI(["page", "--format", "prefixed", "--me", piece + "1"], input: "2024-05-01 20:00 \(piece)1: a\n2024-05-01 20:00 \(piece)2: b\n2024-05-01 20:00 c: d\n")
        Self.check(asMe.text, holds: piece + "2", "--me and the others")
    }
}
