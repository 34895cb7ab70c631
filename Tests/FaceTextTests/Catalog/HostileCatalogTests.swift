import Foundation
import Testing
import TestSupport
@testable import FaceText

/// Catalogs written by someone else: every broken one is a clear error (never
/// a crash), and a very large one loads and works.
@Suite struct HostileCatalogTests {
    private func problems(_ text: String) -> [String]? { problems(bytes: Array(text.utf8)) }

    private func problems(bytes: [UInt8]) -> [String]? {
        do {
            _ = try FaceCatalog(data: Data(bytes), name: "c")
            return nil
        } catch {
            return error.errors.map(\.description)
        }
    }

    static let wrongTypes = ["<array/>", "<dict/>", "<integer>1</integer>", "<true/>", "<data>AA==</data>", "<date>2020-01-01T00:00:00Z</date>", "<real>1.5</real>"]

    @Test(arguments: ["chs", "cht", "png", "gif", "emoji", "code", "type", "aliases", "keywords"])
    func wrongTypesAtEveryKeyAreErrorsNamingTheKey(key: String) {
        for value in Self.wrongTypes {
            let body = key == "chs" ? "<key>chs</key>\(value)<key>emoji</key><string>😀</string>"
                : "<key>chs</key><string>[x]</string><key>\(key)</key>\(value)"
            let found = problems(Fixtures.xml("<array><dict>\(body)</dict></array>"))
            // Numbers are accepted where text is expected (real packs write "0" or 0); the rest is an error.
            if ["<integer>1</integer>", "<real>1.5</real>"].contains(value) && ["chs", "cht", "png", "gif", "emoji", "code", "type"].contains(key) {
                continue
            }
            if (key == "aliases" || key == "keywords") && value == "<array/>" { continue }   // none: fine
            #expect(found?.contains { $0.contains("key \"\(key)\"") } == true, "\(key) = \(value): \(found ?? [])")
        }
    }

    @Test(arguments: [
        ("<array><dict><key>chs</key><string></string></dict></array>", "is missing"),
        ("<array><dict><key>chs</key><string>[a\rb]</string></dict></array>", "contains a line break"),
        ("<array><dict><key>chs</key><string>[x]</string><key>code</key><string>0x110000</string></dict></array>", "beyond U+10FFFF"),
        ("<array><dict><key>chs</key><string>[x]</string><key>code</key><string>DC00</string></dict></array>", "surrogate"),
        ("<array><dict><key>chs</key><string>[x]</string><key>aliases</key><array><string></string></array></dict></array>", "empty tag"),
        ("<dict><key>packages</key><array><dict><key>id</key><string>a</string><key>emoticons</key><array><dict><key>chs</key><string>[x]</string></dict></array></dict><dict><key>id</key><string>b</string><key>emoticons</key><array><dict><key>chs</key><string>[x]</string></dict></array></dict></array></dict>",
         #"entry 0 (package "b"): key "chs": tag "[x]" is already used by entry 0 (package "a")"#),
        ("<array><dict><key>chs</key><string>[x]</string><key>keywords</key><array><string> </string></array></dict></array>", #"key "keywords": item 0 is empty"#),
        ("<array><dict><key>chs</key><string>[x]</string><key>keywords</key><array><string>a</string><dict/></array></dict></array>",
         #"key "keywords": item 1 must be a string"#),
        ("<array><dict><key>chs</key><string>[x]</string><key>keywords</key><array><string>a\tb</string></array></dict></array>", "control character"),
        ("<dict><key>packages</key><string>x</string></dict>", "must be an array of packages"),
        ("<dict><key>other</key><string>x</string></dict>", "neither"),
    ])
    func brokenEntriesAreClearErrors(body: String, fragment: String) throws {
        let found = try #require(problems(Fixtures.xml(body)))
        #expect(found.contains { $0.contains(fragment) }, "\(found)")
    }

    @Test func truncatedAndNonPlistFilesAreErrors() {
        let full = Fixtures.xml("<array><dict><key>chs</key><string>[x]</string></dict></array>")
        for length in stride(from: 0, to: full.utf8.count - 10, by: 7) {
            let truncated = String(decoding: Array(full.utf8.prefix(length)), as: UTF8.self)
            #expect(problems(truncated) != nil, "length \(length)")
        }
        #expect(problems("\u{0}\u{1}\u{2}binary junk") != nil)
        #expect(problems("bplist00garbage") != nil)
    }

    /// Nesting deeper than a decoder's stack can follow is refused, in every format, with one message.
    @Test(arguments: [5_000, 100_000])
    func deeplyNestedDocumentsAreRefusedNotACrash(depth: Int) {
        let refused = "c: is a property list with arrays or dictionaries nested more than \(CatalogValue.maximumDepth) deep: refused"
        let xml = Fixtures.xml(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        #expect(problems(xml) == [refused])
        let openStep = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        #expect(problems(openStep) == [refused])
        #expect(problems(bytes: BinaryPlistWriter.nested(depth: depth)) == [refused])
        let json = problems(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(json == ["c: is not valid JSON (line 1, column \(CatalogValue.maximumDepth + 1): arrays and objects nested more than \(CatalogValue.maximumDepth) deep)"])
    }

    /// Up to the limit, nesting is the catalog reader's business: the document is decoded.
    @Test func nestingUpToTheLimitIsDecoded() {
        let depth = CatalogValue.maximumDepth
        let xml = Fixtures.xml(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        for document in [Array(xml.utf8), BinaryPlistWriter.nested(depth: depth)] {
            let found = problems(bytes: document)
            #expect(found != nil)
            #expect(found?.contains { $0.contains("nested more than") } == false)
        }
        // Element names inside strings and self-closed arrays do not count.
        let strings = Fixtures.xml("<array>" + String(repeating: "<array/><string>&lt;array&gt;((</string>", count: 1000) + "</array>")
        #expect(problems(strings)?.contains { $0.contains("nested more than") } != true)
    }

    @Test func aCatalogOf100000FacesLoadsAndWorks() throws {
        var faces: [String] = []
        for index in 0..<100_000 {
            faces.append(#"{"chs":"[f\#(index)]","png":"f\#(index).png","code":"\#(String(0xF0000 + index, radix: 16))"}"#)
        }
        let data = Data(("[" + faces.joined(separator: ",") + "]").utf8)
        let clock = ContinuousClock()
        var catalog: FaceCatalog?
        let elapsed = clock.measure { catalog = try? FaceCatalog(data: data, name: "big.json") }
        let big = try #require(catalog)
        #expect(big.faces.count == 100_000)
        // Generous bound (debug build, shared machine): measured about 2 s here.
        #expect(elapsed < .seconds(60))
        #expect(big.face(forTag: "[f99999]")?.image == "f99999.png")
        let rendered = FaceRenderer(catalog: big).render("a[f12345]b[f1]c[f100000]")
        #expect(rendered == "a\u{F3039}b\u{F0001}c[f100000]")
        // Private-use code points are not emoji, so tagging leaves them; lookups by emoji still work.
        #expect(big.face(forEmoji: "\u{F3039}")?.tag == "[f12345]")
    }
}
