import Foundation

/// What the documentation tests read: the tables of a Markdown document, and the Swift sources.
enum DocumentTables {
    /// The text of a document, by path from the repository's root.
    static func document(_ path: String) -> String {
        (try? String(contentsOf: Fixtures.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// Every Swift file of Sources and Tests: its path from the root, and its text.
    static let swiftFiles: [(path: String, text: String)] = {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests"] {
            let base = Fixtures.root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for path in paths where path.hasSuffix(".swift") {
                if let text = try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) { files.append((folder + "/" + path, text)) }
            }
        }
        return files
    }()

    /// The rows of the first table under `heading` in `document`, as cells, without its header.
    static func table(under heading: String, in document: String) -> [[String]] {
        guard let start = document.range(of: "\n" + heading + "\n") else { return [] }
        var rows: [[String]] = []
        var inTable = false
        for line in document[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = line.dropFirst().dropLast().components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first?.hasPrefix("---") == true { continue }
            rows.append(cells)
        }
        return Array(rows.dropFirst())
    }

    /// The text between backticks in `cell`.
    static func quoted(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }
}
