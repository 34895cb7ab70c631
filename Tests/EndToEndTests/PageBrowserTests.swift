import Foundation
import Testing
import TestSupport

/// `facetext page` looked at in a real browser (headless Chromium, which
/// `.ci/run` installs) and by an HTML validator (tidy): the page loads without
/// console errors, nothing overflows at a phone's width or a desktop's, bubbles
/// stand on their sides, faces load as images, and hostile text stays text.
/// Asked of ``MachineNeeds``: in CI a missing browser or tidy fails the test.
@Suite(.serialized) struct PageBrowserTests {
    static let chromiumNames = ["chromium", "chromium-browser", "google-chrome"]

    /// A conversation of three people with long words, long CJK text, faces and hostile text.
    static let conversation = """
        2024-05-01 20:02 小红: 今天好开心[哈哈][心]
        2024-05-01 20:03 小明: [偷笑] \(String(repeating: "长", count: 120))
        2024-05-01 20:04 我: https://example.com/\(String(repeating: "averyveryverylongwordwithoutanybreak", count: 8))
        2024-05-01 20:05 Alice: <script>document.title='owned'</script><a href="javascript:alert(1)">link</a><img src=x onerror="document.title='owned'">
        2024-05-01 20:20 我: 好的👍[哈哈]
        第二行 second line
        2024-05-02 08:00 小红: 早[心]

        """

    /// A one-pixel PNG, for the faces' images.
    static let pixel = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4f8DhPwAHwAL/F3NixAAAAABJRU5ErkJggg==")!

    /// Measures the page inside an iframe of the given width and writes what it found as JSON.
    static func harness(width: Int) -> String {
        """
        <!DOCTYPE html><html><head><title>harness</title></head><body>
        <iframe id="page" src="page.html" style="width:\(width)px;height:900px;border:0"></iframe>
        <script>
        document.getElementById('page').onload = function () {
          var d = this.contentDocument, root = d.documentElement, main = d.querySelector('main').getBoundingClientRect();
          // Each bubble's left and right, and how far its text reaches past them (0 when it fits).
          function boxes(selector) { return Array.from(d.querySelectorAll(selector)).map(function (b) {
            var r = b.getBoundingClientRect(), range = d.createRange(); range.selectNodeContents(b);
            var t = range.getBoundingClientRect();
            return [r.left, r.right, Math.max(0, r.left - t.left, t.right - r.right)]; }); }
          var handlers = Array.from(d.querySelectorAll('*')).filter(function (e) { return Array.from(e.attributes).some(function (a) { return a.name.indexOf('on') === 0; }); }).length;
          var result = { width: root.clientWidth, overflow: root.scrollWidth - root.clientWidth, main: [main.left, main.right],
            mine: boxes('.mine .bubble'), theirs: boxes('.theirs .bubble'), images: d.images.length,
            loaded: Array.from(d.images).filter(function (i) { return i.complete && i.naturalWidth > 0; }).length,
            scripts: d.querySelectorAll('script').length, links: d.querySelectorAll('a').length, handlers: handlers, title: d.title };
          document.body.setAttribute('data-result', JSON.stringify(result));
        };
        </script></body></html>
        """
    }

    struct Measure: Decodable {
        var width: Double, overflow: Double, main: [Double], mine: [[Double]], theirs: [[Double]]
        var images: Int, loaded: Int, scripts: Int, links: Int, handlers: Int, title: String
    }

    static func makePage(in folder: URL) throws -> BinaryRunner.Output {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("faces"), withIntermediateDirectories: true)
        for name in ["d_haha.png", "l_xin.png", "d_touxiao.png"] { try pixel.write(to: folder.appendingPathComponent("faces/" + name)) }
        let output = try BinaryRunner.run(["page", "--format", "prefixed", "--me", "我", "--title", "Test chat", "--image-base", "faces/"],
                                          stdin: Data(conversation.utf8))
        try output.stdout.write(to: folder.appendingPathComponent("page.html"))
        return output
    }

    /// Runs `chromium` on `url`, its temporary files in the page's folder.
    static func browse(_ url: URL, with chromium: String, arguments: [String]) throws -> BinaryRunner.Output {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = url.deletingLastPathComponent().path
        return try BinaryRunner.run(["--foreground", "90", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                              "--user-data-dir=" + url.deletingLastPathComponent().appendingPathComponent("profile").path]
                                    + arguments + [url.absoluteString], environment: environment,
                                    executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    @Test(arguments: [360, 1280])
    func thePageReadsWellInABrowser(width: Int) throws {
        guard let chromium = MachineNeeds.anyTool(Self.chromiumNames) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.makePage(in: folder).status == 0)
        try Self.harness(width: width).write(to: folder.appendingPathComponent("harness.html"), atomically: false, encoding: .utf8)
        let dump = try Self.browse(folder.appendingPathComponent("harness.html"), with: chromium,
                                   arguments: ["--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom"])
        let json = try #require(dump.text.components(separatedBy: "data-result=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let unescaped = json.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let measure = try JSONDecoder().decode(Measure.self, from: Data(unescaped.utf8))
        #expect(measure.width <= Double(width) && measure.width > Double(width) - 20)  // less a scroll bar
        #expect(measure.overflow == 0, "the page is wider than the window")
        #expect(measure.mine.count == 2 && measure.theirs.count == 4)
        for box in measure.mine + measure.theirs {
            #expect(box[2] < 1, "a bubble's text overflows it")
            #expect(box[1] - box[0] <= (measure.main[1] - measure.main[0]) * 0.75 + 1, "a bubble wider than three quarters")
        }
        // Mine against the right edge, theirs against the left.
        for box in measure.mine { #expect(measure.main[1] - box[1] < 24) }
        for box in measure.theirs { #expect(box[0] - measure.main[0] < 24) }
        #expect(measure.images == 5 && measure.loaded == 5)
        #expect(measure.scripts == 0 && measure.links == 0 && measure.handlers == 0 && measure.title == "Test chat")
    }

    @Test func thePageLoadsWithoutConsoleErrors() throws {
        guard let chromium = MachineNeeds.anyTool(Self.chromiumNames) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.makePage(in: folder)
        let run = try Self.browse(folder.appendingPathComponent("page.html"), with: chromium,
                                  arguments: ["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom"])
        #expect(run.text.contains("<main>"))
        #expect(!run.stderr.contains("CONSOLE"), "\(run.stderr)")
    }

    @Test func thePagesAreValidHTML() throws {
        guard let tidy = MachineNeeds.anyTool(["tidy"]) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.makePage(in: folder)
        let input = folder.appendingPathComponent("log.txt")
        try Data(Self.conversation.utf8).write(to: input)
        let split = try BinaryRunner.run(["page", "--format", "prefixed", "--split", "2", input.path], directory: folder)
        #expect(split.text == "chat-0001.html\nchat-0002.html\nchat-0003.html\n")
        for page in ["page.html", "chat-0001.html", "chat-0002.html", "chat-0003.html"] {
            let check = try BinaryRunner.run(["-q", "-e", folder.appendingPathComponent(page).path], executable: URL(fileURLWithPath: tidy))
            #expect(check.status == 0, "\(page): \(check.stderr)")
        }
        // Each page links to the ones before and after it.
        let middle = try String(contentsOf: folder.appendingPathComponent("chat-0002.html"), encoding: .utf8)
        #expect(middle.contains(#"<a href="chat-0001.html" rel="prev">"#) && middle.contains(#"<a href="chat-0003.html" rel="next">"#))
        let last = try String(contentsOf: folder.appendingPathComponent("chat-0003.html"), encoding: .utf8)
        #expect(!last.contains("rel=\"next\""))
    }
}
