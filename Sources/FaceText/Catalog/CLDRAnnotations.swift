/// Reads CLDR annotation files (`common/annotations/zh.xml`,
/// `common/annotationsDerived/zh.xml` …): for each character or sequence, its
/// short name (`type="tts"`) and its keywords (separated by `|`).
///
/// The files are read line by line, as CLDR writes them (one `<annotation>`
/// element per line), not by a general XML parser; and by bytes, not by
/// `Character`: a skin tone after the quote (`cp="🏻"`) makes one
/// `Character` of the two.
package enum CLDRAnnotations {
    /// One annotated character or sequence (its `cp`, without U+FE0F as CLDR writes it).
    package struct Annotation: Sendable, Equatable {
        package var sequence: String
        package var name: String?
        package var keywords: [String]
    }

    /// A problem in a file, with its 1-based line number.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var line: Int
        package var problem: String
        package var description: String { "line \(line): \(problem)" }
    }

    /// The file's locale (`zh`, `zh_Hant`), from its `<language>` and `<script>`; nil if it names none.
    package static func locale(of text: String) -> String? {
        var language: String?, script: String?
        for line in text.utf8.split(separator: 0x0A).prefix(40) {
            let bytes = Array(line)
            if let at = find("<language ", in: bytes[...]), let value = attribute("type", in: bytes[at...]) { language = value }
            if let at = find("<script ", in: bytes[...]), let value = attribute("type", in: bytes[at...]) { script = value }
        }
        guard let language else { return nil }
        return script.map { "\(language)_\($0)" } ?? language
    }

    /// The annotations of one file, in file order, names and keywords of the same sequence merged.
    package static func annotations(from text: String) throws(Failure) -> [Annotation] {
        var elements: [Annotation] = []
        var number = 0
        for line in withoutComments(Array(text.utf8)).split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let bytes = Array(line)
            guard let open = find("<annotation ", in: bytes[...]) else { continue }
            let element = bytes[open...]
            guard let sequence = attribute("cp", in: element).map(unescaped), !sequence.isEmpty,
                  let contentStart = element.firstIndex(of: UInt8(ascii: ">")),
                  let close = find("</annotation>", in: element), contentStart < close else {
                throw Failure(line: number, problem: "is not a whole <annotation cp=\"…\">…</annotation> element")
            }
            let content = unescaped(String(decoding: element[(contentStart + 1)..<close], as: UTF8.self)).trimmed()
            if attribute("type", in: element[..<contentStart]) == "tts" {
                elements.append(Annotation(sequence: sequence, name: content, keywords: []))
            } else {
                let keywords = content.split(separator: "|").map { String($0).trimmed() }.filter { !$0.isEmpty }
                elements.append(Annotation(sequence: sequence, name: nil, keywords: keywords))
            }
        }
        return merged(elements)
    }

    /// One annotation per sequence, in the order of first appearance: a later
    /// annotation of a sequence fills in the name or keywords an earlier one lacks
    /// (a file's name and keyword elements, or a file and its derived file).
    package static func merged(_ annotations: [Annotation]) -> [Annotation] {
        var merged: [Annotation] = []
        var positions: [String: Int] = [:]
        for annotation in annotations {
            if let index = positions[annotation.sequence] {
                if merged[index].name == nil { merged[index].name = annotation.name }
                if merged[index].keywords.isEmpty { merged[index].keywords = annotation.keywords }
            } else {
                positions[annotation.sequence] = merged.count
                merged.append(annotation)
            }
        }
        return merged
    }

    /// The value of `name="…"` in `bytes`, entities not yet decoded.
    private static func attribute(_ name: String, in bytes: ArraySlice<UInt8>) -> String? {
        let key = " \(name)=\""
        guard let start = find(key, in: bytes) else { return nil }
        let rest = bytes[(start + key.utf8.count)...]
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: rest[..<end], as: UTF8.self)
    }

    /// `bytes` with every comment (`<!-- … -->`, which may span lines and hold elements,
    /// as CLDR's English file does) blanked out, its line feeds kept so line numbers stay.
    private static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while let open = find("<!--", in: result[index...]) {
            let close = find("-->", in: result[(open + 4)...]).map { $0 + 3 } ?? result.count
            for position in open..<close where result[position] != 0x0A { result[position] = 0x20 }
            index = close
        }
        return result
    }

    /// Where `needle`'s bytes first occur in `bytes`.
    private static func find(_ needle: String, in bytes: ArraySlice<UInt8>) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex
        while index + pattern.count <= bytes.endIndex {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Text with XML's character references and five named entities decoded.
    private static func unescaped<S: StringProtocol>(_ text: S) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(entity)]
            var scalar: Unicode.Scalar?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if entity.hasPrefix("#") {
                scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let replacement = named ?? scalar.map({ String($0) }) {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
