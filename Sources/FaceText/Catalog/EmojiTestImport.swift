/// Builds a catalog from Unicode's `emoji-test.txt`: one face per
/// fully-qualified emoji, tagged with its English name in brackets
/// (`[grinning face]`), grouped in packages by the file's groups. A name
/// that cannot make a tag (a control character, over 256 bytes) is an error
/// naming its line.
///
/// ```swift
/// let packages = try EmojiTestImport.packages(from: text)
/// let plist = CatalogWriter.propertyList(packages)
/// ```
package enum EmojiTestImport {
    /// A problem in the file, with its 1-based line number.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var problem: String
        public var description: String { "line \(line): \(problem)" }
    }

    /// The packages (group name, faces) of an emoji-test.txt file, in file order.
    public static func packages(from text: String) throws(Failure) -> [(name: String, faces: [Face])] {
        var packages: [(name: String, faces: [Face])] = []
        var seen: Set<String> = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix("# group:") {
                packages.append((String(line.dropFirst("# group:".count)).trimmed(), []))
                continue
            }
            guard !line.hasPrefix("#"), line.contains(";") else { continue }
            let parts = line.split(separator: ";", maxSplits: 1)
            let statusAndName = parts[1].split(separator: "#", maxSplits: 1)
            guard statusAndName.first.map({ String($0).trimmed() }) == "fully-qualified" else { continue }
            guard statusAndName.count == 2 else { throw Failure(line: number, problem: "has no '# emoji name' comment") }
            var scalars = String.UnicodeScalarView()
            for code in parts[0].split(separator: " ") {
                guard let value = UInt32(code, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw Failure(line: number, problem: "'\(code)' is not a code point")
                }
                scalars.append(scalar)
            }
            let emoji = String(scalars)
            // The comment is "<emoji> E<version> <name>".
            let words = statusAndName[1].split(separator: " ", maxSplits: 2)
            guard words.count == 3 else { throw Failure(line: number, problem: "has no emoji name") }
            var tag = "[\(words[2].trimmed())]"
            if seen.contains(tag) { tag = "[\(words[2].trimmed()) \(EmojiName.twemojiCode(of: emoji))]" }
            // A name that cannot be a tag (one a terminal would act on, or too long) is the file's error.
            if let problem = CatalogWriter.problem(importing: tag) { throw Failure(line: number, problem: "its name " + problem) }
            seen.insert(tag)
            if packages.isEmpty { packages.append(("Emoji", [])) }
            packages[packages.count - 1].faces.append(Face(tag: tag, emoji: emoji, kind: .emoji))
        }
        return packages.filter { !$0.faces.isEmpty }
    }
}
