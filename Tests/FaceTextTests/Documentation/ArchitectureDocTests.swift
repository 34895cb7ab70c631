import Foundation
import Testing
@testable import FaceText

/// docs/architecture.md states where things are and lists every fast path
/// with its plain path and the test that proves them equal: the claims a
/// reader acts on must name what exists, and a new switch must get its row.
@Suite struct ArchitectureDocTests {
    static let document = DocumentTables.document("docs/architecture.md")
    static func table(under heading: String) -> [[String]] { DocumentTables.table(under: heading, in: document) }
    static func quoted(_ cell: String) -> [String] { DocumentTables.quoted(cell) }
    static var swiftFiles: [(path: String, text: String)] { DocumentTables.swiftFiles }

    /// The words of a Swift text: runs of letters, digits and underscores.
    static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The names that follow `keywords` anywhere in the sources.
    static func names(after keywords: Set<Substring>) -> Set<Substring> {
        var names: Set<Substring> = []
        for file in swiftFiles {
            let words = words(file.text)
            for (index, word) in words.enumerated().dropLast() where keywords.contains(word) { names.insert(words[index + 1]) }
        }
        return names
    }

    static let declaredTypes = names(after: ["struct", "enum", "class", "protocol", "typealias", "actor", "extension"])
    static let declaredMembers = names(after: ["func", "var", "let", "case"])

    /// Whether some source declares `name` as a type (or extends it).
    static func declaresType(_ name: String) -> Bool { declaredTypes.contains(Substring(name)) }

    /// Whether some source declares a member called `name`.
    static func declaresMember(_ name: String) -> Bool { declaredMembers.contains(Substring(name)) }

    static let fastPaths = table(under: "## Fast paths and their plain paths")

    @Test func everySwitchHasARow() {
        #expect(Self.fastPaths.count >= 25)
        let switches = Self.fastPaths.compactMap { $0.count > 2 ? $0[2] : nil }
        for (name, _) in FastPaths.named {
            #expect(switches.contains { $0.contains("`.\(name)`") }, "FastPaths.\(name) has no row in docs/architecture.md")
        }
        for cliSwitch in ["`--jobs 1`", "`CommandContext.usesSecondThread`"] {
            #expect(switches.contains { $0.contains(cliSwitch) }, "\(cliSwitch) has no row")
        }
    }

    /// A type, `Type.member` or test suite named in the fast path and plain path
    /// and test columns exists (names of the standard library and commands aside).
    @Test func everyTypeAndTestTheFastPathTableNamesExists() {
        let standardLibrary: Set = ["String", "Array", "Dictionary", "Character", "Unicode"]
        var checked = 0
        for row in Self.fastPaths {
            for cell in [row[0], row[1], row.count > 3 ? row[3] : ""] {
                for name in Self.quoted(cell) {
                    guard let match = name.prefixMatch(of: /([A-Z][A-Za-z0-9]*)(\.([a-z][A-Za-z0-9]*))?/) else { continue }
                    let type = String(match.output.1)
                    guard !standardLibrary.contains(type) else { continue }
                    #expect(Self.declaresType(type), "docs/architecture.md names \(type), which no source declares")
                    if let member = match.output.3 {
                        #expect(Self.declaresMember(String(member)), "docs/architecture.md names \(type).\(member), which no source declares")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 60)
    }

    /// The folders of the library's table exist, and each type the table names there is declared.
    @Test func theLibrarysFoldersAndTheirTypesExist() {
        let rows = Self.table(under: "## Where things are")
        #expect(rows.count > 15)
        for row in rows {
            let folder = Self.quoted(row[0]).first ?? ""
            var isFolder: ObjCBool = false
            let path = Fixtures.root.appendingPathComponent("Sources/FaceText/" + folder).path
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), "no Sources/FaceText/\(folder)")
            for name in Self.quoted(row[1]) {
                guard let match = name.wholeMatch(of: /([A-Z][A-Za-z0-9]*)(\.[A-Z][A-Za-z0-9]*)?/) else { continue }
                #expect(Self.declaresType(String(match.output.1)), "docs/architecture.md puts \(name) in \(folder), but no source declares it")
            }
        }
    }

    /// The `package` types the command line uses are the ones the document lists.
    @Test func thePackageTypesTheCommandLineUsesAreListed() throws {
        let listing = try #require(Self.document.range(of: "it uses these `package` types").map { Self.document[$0.upperBound...] })
        let listed = Set(Self.quoted(String(listing.prefix { $0 != "(" })))
        var declared: Set<String> = []
        for file in Self.swiftFiles where file.path.hasPrefix("Sources/FaceText/") {
            for line in file.text.split(separator: "\n") where line.hasPrefix("package ") {
                let words = Self.words(String(line))
                // `package struct X`, `package final class X`, `package indirect enum X`.
                let kinds: Set<Substring> = ["struct", "enum", "class", "protocol"]
                if let kind = words.dropFirst().prefix(3).firstIndex(where: kinds.contains), kind + 1 < words.count {
                    declared.insert(String(words[kind + 1]))
                }
            }
        }
        let commandLine = Set(Self.swiftFiles.filter { $0.path.hasPrefix("Sources/FaceTextCLI/") }.flatMap { Self.words($0.text) }.map(String.init))
        let used = declared.intersection(commandLine)
        #expect(used == listed)
    }

    /// The `package` members of public types (`ChatLog.Splitter.restart(continuing:)`) that
    /// the command line uses are listed in the document, as `Type.member`, and what it lists is such a member.
    @Test func thePackageMembersOfPublicTypesTheCommandLineUsesAreListed() throws {
        let listing = try #require(Self.document.range(of: "and these `package` members of public types").map { Self.document[$0.upperBound...] })
        let listed = Set(Self.quoted(String(listing.prefix { $0 != "(" })))
        let publicTypes = Self.publicTypes
        let cliWords = Self.swiftFiles.filter { $0.path.hasPrefix("Sources/FaceTextCLI/") }.map { Self.words($0.text) }
        let commandLine = Set(cliWords.joined().map(String.init))
        // A name the command line declares itself (its own `digits`) says nothing of the library's.
        let ownNames = Set(cliWords.flatMap { words in
            zip(words, words.dropFirst()).filter { ["func", "var", "let"].contains($0.0) }.map { String($0.1) }
        })
        var used: Set<String> = [], members: Set<String> = []
        for file in Self.swiftFiles where file.path.hasPrefix("Sources/FaceText/") {
            Self.forEachLine(in: file.text) { type, parts in
                guard parts.first == "package", let type, publicTypes.contains(type),
                      let kind = parts.prefix(5).firstIndex(where: { ["func", "var", "let", "case"].contains($0) || $0.hasPrefix("init") })
                else { return }
                let isInit = parts[kind].hasPrefix("init")
                let member = isInit ? "init" : kind + 1 < parts.count ? String(parts[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }) : ""
                guard isInit else {
                    members.insert(type + "." + member)
                    if commandLine.contains(member) && !ownNames.contains(member) { used.insert(type + "." + member) }
                    return
                }
                // An initializer is used when the command line names its type and each of its labels.
                let line = parts.joined(separator: " ")
                let parameters = line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
                let labels = parameters.split(separator: ",").compactMap { $0.split(separator: ":").first?.split(separator: " ").first.map(String.init) }
                let initializer = type + ".init(" + labels.map { $0 + ":" }.joined() + ")"
                members.insert(initializer)
                if commandLine.contains(String(type.split(separator: ".").last!)) && labels.allSatisfy({ $0 == "_" || commandLine.contains($0) }) {
                    used.insert(initializer)
                }
            }
        }
        #expect(used.count > 5)
        #expect(used.subtracting(listed).isEmpty, "not listed: \(used.subtracting(listed).sorted())")
        #expect(listed.subtracting(members).isEmpty, "listed but no package member of a public type: \(listed.subtracting(members).sorted())")
    }

    /// Calls `body` with each line's enclosing type (by its dotted name, `ChatLog.Splitter`;
    /// nil at the top level) and its words split at spaces; a line that declares a type is its own.
    static func forEachLine(in text: String, _ body: (String?, [Substring]) -> Void) {
        var enclosing: [(indent: Int, type: String)] = []
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.drop { $0 == " " }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
            enclosing.removeAll { $0.indent >= indent }
            let parts = trimmed.split(separator: " ")
            if let kind = parts.prefix(4).firstIndex(where: { ["struct", "enum", "class", "extension", "protocol"].contains($0) }),
               kind + 1 < parts.count {
                let name = String(parts[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
                let qualified = parts[kind] == "extension" ? name : (enclosing.last.map { $0.type + "." } ?? "") + name
                enclosing.append((indent, qualified))
                body(qualified, parts)
            } else {
                body(enclosing.last?.type, parts)
            }
        }
    }

    /// The library's public types, by their dotted names (`ChatLog.Splitter`).
    static var publicTypes: Set<String> {
        var types: Set<String> = []
        for file in swiftFiles where file.path.hasPrefix("Sources/FaceText/") {
            forEachLine(in: file.text) { type, parts in
                if let type, parts.first == "public", parts.prefix(4).contains(where: { ["struct", "enum", "class", "protocol"].contains($0) }) {
                    types.insert(type)
                }
            }
        }
        return types
    }
}
