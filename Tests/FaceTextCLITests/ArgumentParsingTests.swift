import Testing
@testable import FaceTextCLI

@Suite struct ArgumentParsingTests {
    @Test func longOptionsTakeTheirValueEitherWay() {
        let spaced = runCLI(["render", "--to", "html"], input: "<[哈哈]")
        let joined = runCLI(["render", "--to=html"], input: "<[哈哈]")
        #expect(spaced.status == .success)
        #expect(spaced.text == #"&lt;<img src="d_haha.png" alt="[哈哈]">"#)
        #expect(joined.stdout == spaced.stdout)
    }

    @Test func shortOptionsWork() {
        #expect(runCLI(["render", "-t", "path", "-bfaces/"], input: "[哈哈]").text == "faces/d_haha.png")
    }

    @Test func doubleDashEndsOptions() {
        let result = runCLI(["render", "--", "--to"], files: ["--to": Array("[心]".utf8)])
        #expect(result.status == .success)
        #expect(result.text == "\u{2764}\u{FE0F}")
    }

    @Test func anUnknownCommandIsAUsageErrorWithASuggestion() {
        let result = runCLI(["rendr"])
        #expect(result.status == .usage)
        #expect(result.stderr == """
            facetext: error: unknown command 'rendr'. Did you mean 'render'?
            Usage: facetext [--catalog <catalog> ...] <command> [<options>] [<file> ...]
              See 'facetext help'.

            """)
    }

    @Test func anUnknownOptionIsAUsageErrorWithASuggestion() {
        let result = runCLI(["render", "--too", "html"])
        #expect(result.status == .usage)
        #expect(result.stderr == """
            facetext: error: unknown option '--too'. Did you mean '--to'?
            Usage: facetext render [<options>] [<file> ...]
              See 'facetext help render'.

            """)
    }

    @Test(arguments: [
        (["render", "--to"], "facetext: error: missing value for '--to'."),
        (["render", "--to", "pdf"], "facetext: error: invalid value 'pdf' for '--to': expected one of unicode, html, markdown, path."),
        (["render", "--emoji"], "facetext: error: '--emoji' needs an image style: --to html, markdown or path, or --template."),
        (["render", "--to", "html", "--template", "x"], "facetext: error: use either '--to' or '--template', not both."),
        (["render", "--emoji=yes", "--to", "html"], "facetext: error: '--emoji' takes no value."),
        (["render", "-x"], "facetext: error: unknown option '-x'."),
        ([], "facetext: error: no command given."),
    ])
    func usageErrorsExitWithStatus2(arguments: [String], firstLine: String) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == firstLine)
        #expect(result.stdout.isEmpty)
    }

    @Test func globalOptionsMayComeBeforeTheCommand() {
        let result = runCLI(["--catalog", "default", "render"], input: "[哈哈]")
        #expect(result.status == .success)
        #expect(result.text == "\u{1F603}")
    }
}
