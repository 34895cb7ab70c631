import Foundation
import Testing
@testable import FaceText

@Suite struct CatalogErrorTests {
    private func errors(_ body: String) -> [String] {
        do {
            _ = try Fixtures.catalog(plist: body, name: "bad.plist")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(arguments: [
        ("<array><dict><key>chs</key><integer>1</integer><key>png</key><array/></dict></array>",
         [#"bad.plist: entry 0: key "png": must be a string, not an array"#]),
        ("<array><dict><key>chs</key><string>[x]</string><key>code</key><string>1F6XX</string></dict></array>",
         [#"bad.plist: entry 0: key "code": "1F6XX" is not a hex code point"#]),
        ("<array><dict><key>chs</key><string>[x]</string><key>code</key><string>110000</string></dict></array>",
         [#"bad.plist: entry 0: key "code": "110000" is beyond U+10FFFF"#]),
        ("<array><dict><key>chs</key><string>[x]</string><key>code</key><string>D800</string></dict></array>",
         [#"bad.plist: entry 0: key "code": "D800" is a surrogate, not a Unicode scalar"#]),
        ("<array><dict><key>chs</key><string>[x]</string><key>type</key><string>7</string></dict></array>",
         [#"bad.plist: entry 0: key "type": "7" must be 0 (image) or 1 (emoji)"#]),
        ("<array><dict><key>png</key><string>a.png</string></dict></array>",
         [#"bad.plist: entry 0: key "chs": is missing (a face needs a tag, or an emoji or code)"#]),
        ("<array><dict><key>chs</key><string>[a\nb]</string></dict></array>",
         [#"bad.plist: entry 0: key "chs": tag "[a\nb]" contains a line break or NUL"#]),
        ("<array><string>[x]</string></array>",
         [#"bad.plist: entry 0: must be a dictionary, not a string"#]),
        ("<string>hello</string>",
         [#"bad.plist: must hold an array of faces or a dictionary, not a string"#]),
        ("<dict><key>packages</key><array><dict><key>id</key><string>p</string><key>emoticons</key><array><dict><key>chs</key><string>[a]</string></dict><dict><key>chs</key><string>[a]</string></dict></array></dict></array></dict>",
         [#"bad.plist: entry 1 (package "p"): key "chs": tag "[a]" is already used by entry 0 (package "p")"#]),
        ("<array><dict><key>chs</key><string>[x]</string><key>emoji</key><string>😀</string><key>code</key><string>1F601</string></dict></array>",
         [#"bad.plist: entry 0: key "code": "1F601" does not match emoji "😀""#]),
    ])
    func eachProblemIsReportedWithFileEntryAndKey(body: String, expected: [String]) {
        #expect(errors(body) == expected)
    }

    @Test func everyProblemInAFileIsListed() {
        let found = errors("""
            <array><dict><key>chs</key><string>[a]</string><key>code</key><string>zz</string></dict>
                   <dict><key>chs</key><string>[b]</string><key>type</key><string>x</string></dict>
                   <dict><key>chs</key><string>[a]</string></dict></array>
            """)
        #expect(found.count == 3)
    }

    @Test(arguments: ["not a plist at all", "<?xml version=\"1.0\"?><plist><dict><key>a</key>", "{\"emoticons\": [", ""])
    func malformedFilesAreAClearErrorNotACrash(text: String) {
        #expect(throws: CatalogError.List.self) { try FaceCatalog(data: Data(text.utf8), name: "broken.plist") }
    }

    @Test func aMissingFileNamesTheFile() {
        do {
            _ = try FaceCatalog(contentsOf: URL(fileURLWithPath: "/nonexistent/faces.plist"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/faces.plist: cannot be read: no such file")
        }
    }
}
