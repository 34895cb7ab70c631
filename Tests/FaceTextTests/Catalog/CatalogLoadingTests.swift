import Foundation
import Testing
import TestSupport
@testable import FaceText

@Suite struct CatalogLoadingTests {
    @Test func aTopLevelArrayOfFacesLoads() throws {
        let catalog = try Fixtures.catalog(plist: """
            <array>
              <dict><key>chs</key><string>[哈哈]</string><key>png</key><string>d_haha.png</string>
                    <key>type</key><string>0</string><key>gif</key><string></string></dict>
              <dict><key>code</key><string>0x1f603</string><key>type</key><string>1</string></dict>
            </array>
            """)
        #expect(catalog.faces.count == 2)
        #expect(catalog.face(forTag: "[哈哈]")?.image == "d_haha.png")
        #expect(catalog.face(forTag: "[哈哈]")?.animatedImage == nil)
        #expect(catalog.face(forTag: "[哈哈]")?.kind == .image)
        #expect(catalog.face(forEmoji: "\u{1F603}")?.kind == .emoji)
    }

    @Test func packagesWithEmoticonsLoadInOrder() throws {
        let catalog = try Fixtures.catalog(plist: """
            <dict><key>packages</key><array>
              <dict><key>id</key><string>one</string><key>emoticons</key><array>
                <dict><key>chs</key><string>[a]</string><key>emoji</key><string>😀</string></dict></array></dict>
              <dict><key>id</key><string>two</string><key>emoticons</key><array>
                <dict><key>chs</key><string>[b]</string><key>code</key><integer>128512</integer></dict></array></dict>
            </array></dict>
            """)
        #expect(catalog.faces.map(\.tag) == ["[a]", "[b]"])
        #expect(catalog.faces.map(\.package) == ["one", "two"])
        #expect(catalog.face(forEmoji: "😀")?.tag == "[a]")
    }

    @Test func aDictionaryWithAnEmoticonsArrayLoads() throws {
        let catalog = try Fixtures.catalog(plist: """
            <dict><key>emoticons</key><array>
              <dict><key>chs</key><string>[赞]</string><key>cht</key><string>[贊]</string>
                    <key>aliases</key><array><string>[good]</string></array><key>code</key><string>1F44D</string></dict>
            </array></dict>
            """)
        let face = try #require(catalog.face(forTag: "[贊]"))
        #expect(face.tag == "[赞]")
        #expect(catalog.face(forTag: "[good]") == face)
        #expect(face.emoji == "👍")
    }

    @Test(arguments: [
        ("0x1f606", "\u{1F606}"), ("1F606", "\u{1F606}"), ("U+1F606", "\u{1F606}"),
        ("1F468-200D-1F469-200D-1F467", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),
        ("1f468 200d 1f469", "\u{1F468}\u{200D}\u{1F469}"),
    ])
    func codeAcceptsHexInEveryCommonSpelling(code: String, emoji: String) throws {
        let catalog = try Fixtures.catalog(plist: "<array><dict><key>chs</key><string>[x]</string><key>code</key><string>\(code)</string></dict></array>")
        #expect(catalog.face(forTag: "[x]")?.emoji == emoji)
    }

    @Test func anEmojiMatchesWithOrWithoutTheVariationSelector() throws {
        let catalog = try Fixtures.catalog(plist: "<array><dict><key>chs</key><string>[心]</string><key>emoji</key><string>\u{2764}\u{FE0F}</string></dict></array>")
        #expect(catalog.face(forEmoji: "\u{2764}")?.tag == "[心]")
        #expect(catalog.face(forEmoji: "\u{2764}\u{FE0F}")?.tag == "[心]")
    }

    @Test func severalTagsMayShareAnEmojiAndTheFirstIsCanonical() throws {
        let catalog = try Fixtures.catalog(plist: """
            <array><dict><key>chs</key><string>[赞]</string><key>emoji</key><string>👍</string></dict>
                   <dict><key>chs</key><string>[good]</string><key>emoji</key><string>👍</string></dict></array>
            """)
        #expect(catalog.face(forEmoji: "👍")?.tag == "[赞]")
        #expect(catalog.face(forTag: "[good]")?.emoji == "👍")
    }

    @Test func jsonOfTheSameShapeLoads() throws {
        let json = #"{"packages":[{"id":"p","emoticons":[{"chs":"[哈哈]","png":"d_haha.png","type":0,"code":"0x1f603"}]}]}"#
        let catalog = try FaceCatalog(data: Data(json.utf8), name: "faces.json")
        #expect(catalog.face(forTag: "[哈哈]")?.emoji == "\u{1F603}")
        #expect(catalog.face(forTag: "[哈哈]")?.kind == .image)
    }

    @Test func binaryPlistsLoad() throws {
        let object: [String: Any] = ["emoticons": [["chs": "[哈哈]", "png": "d_haha.png", "type": "0"]]]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        let catalog = try FaceCatalog(data: data, name: "faces.bplist")
        #expect(catalog.face(forTag: "[哈哈]")?.image == "d_haha.png")
    }

    @Test func packagesStoredInFoldersLoadFromTheirInfoPlist() throws {
        let temporary = TemporaryFolder()
        let directory = temporary.url
        let index = Fixtures.xml("<dict><key>packages</key><array><dict><key>id</key><string>com.sina.default</string></dict></array></dict>")
        try index.write(to: directory.appendingPathComponent("emoticons.plist"), atomically: false, encoding: .utf8)
        let folder = directory.appendingPathComponent("com.sina.default")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let info = Fixtures.xml("<dict><key>emoticons</key><array><dict><key>chs</key><string>[哈哈]</string><key>png</key><string>d_haha.png</string></dict></array></dict>")
        try info.write(to: folder.appendingPathComponent("info.plist"), atomically: false, encoding: .utf8)
        let catalog = try FaceCatalog(contentsOf: directory.appendingPathComponent("emoticons.plist"))
        #expect(catalog.face(forTag: "[哈哈]")?.image == "com.sina.default/d_haha.png")
    }

    @Test func laterLayersOverrideEarlierOnesPerTag() throws {
        let base = FaceCatalog(faces: [Face(tag: "[哈哈]", emoji: "😃"), Face(tag: "[心]", emoji: "❤️")])
        let mine = FaceCatalog(faces: [Face(tag: "[哈哈]", emoji: "😆")])
        let layered = FaceCatalog.layered([base, mine])
        #expect(layered.face(forTag: "[哈哈]")?.emoji == "😆")
        #expect(layered.face(forTag: "[心]")?.emoji == "❤️")
        #expect(layered.face(forEmoji: "😃") == nil)
        #expect(layered.face(forEmoji: "😆")?.tag == "[哈哈]")
    }
}

/// A face's `keywords`: read from an array or a single string, trimmed, each once, and written back.
@Suite struct FaceKeywordTests {
    @Test(arguments: [
        ("<array><string>狗</string><string> 狗头 </string><string>狗</string></array>", ["狗", "狗头"]),
        ("<string>滑稽</string>", ["滑稽"]),
        ("<array/>", []),
    ])
    func keywordsAreRead(value: String, expected: [String]) throws {
        let catalog = try FaceCatalog(data: Data(Fixtures.xml("<array><dict><key>chs</key><string>[doge]</string><key>keywords</key>\(value)</dict></array>").utf8), name: "c")
        #expect(catalog.faces[0].keywords == expected)
        let written = CatalogWriter.propertyList([("p", catalog.faces)])
        #expect(try FaceCatalog(data: Data(written.utf8), name: "w").faces[0].keywords == expected)
    }
}
