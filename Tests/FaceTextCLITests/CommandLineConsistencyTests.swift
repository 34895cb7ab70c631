import FaceText
import Foundation
import Testing
@testable import FaceTextCLI

/// What a new user runs into at the command line: every usage error is well
/// formed, no option is silently ignored, numbers may be negative, `--help`
/// works anywhere, and suggestions are only made when they are close.
@Suite struct CommandLineConsistencyTests {
    /// Every option of every command that takes a value, with the command's name.
    static var valuedOptions: [(command: String, option: String)] {
        CommandRegistry.all.flatMap { command in
            command.options.filter { !$0.isFlag && $0.long != "catalog" }.map { (command.name, $0.long) }
        }
    }

    @Test(arguments: [
        ["-V"], ["--version"],
    ])
    func versionHasAShortForm(arguments: [String]) {
        let result = runCLI(arguments)
        #expect(result.status == .success)
        #expect(result.text == "facetext \(CLI.version)\n")
    }

    @Test(arguments: [
        (["--nonsense"], "unknown option '--nonsense'."),
        (["--catalog"], "missing value for '--catalog'."),
        (["--versio"], "unknown option '--versio'. Did you mean '--version'?"),
        ([], "no command given."),
        (["--catalog", "default"], "no command given."),
        (["--jobs", "2", "render"], "'--jobs' is an option of 'render': put it after the command name (facetext render --jobs ...)."),
        (["-n", "2", "backspace"], "'-n' is an option of 'backspace': put it after the command name (facetext backspace -n ...)."),
        (["--to=html", "render"], "'--to' is an option of 'render': put it after the command name (facetext render --to ...)."),
    ])
    func toolLevelUsageErrorsShowTheToolsUsage(arguments: [String], message: String) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "facetext: error: \(message)")
        let usage = message.contains("is an option of") ? lines[1] : "Usage: \(CommandSpec.toolUsage)"
        #expect(lines.count == 4 && lines[1] == usage && lines[3].isEmpty)
        #expect(!result.stderr.contains("facetext  ") && !result.stderr.contains("help '"))
        #expect(CommandSpec.toolUsage.contains("--catalog"))
    }

    /// A negative number after a space is the option's value, judged by the option.
    @Test func aNegativeNumberIsAValueForEveryOption() {
        for (command, option) in Self.valuedOptions {
            for value in ["-1", "-3", "-0.5"] {
                let arguments = command == "catalog" ? [command, "import", "--\(option)", value]
                    : command == "completions" ? [command, "bash", "--\(option)", value] : [command, "--\(option)", value]
                let result = runCLI(arguments + ["/dev/null"], stdin: [])
                #expect(!result.stderr.contains("missing value"), "\(command) --\(option) \(value): \(result.stderr)")
            }
        }
        let cases: [([String], String)] = [
            (["grid", "--cols", "-3"], "invalid value '-3' for '--cols': expected a whole number from 1 to 1000."),
            (["render", "--jobs", "-1"], "invalid value '-1' for '--jobs': expected a whole number from 0 to 64."),
            (["stats", "--top", "-1"], "invalid value '-1' for '--top': expected a whole number of at least 1."),
            (["backspace", "-n", "-1"], "invalid value '-1' for '--count': expected a whole number from 0 to 1000000."),
            (["grid", "--frame", "320x216", "--icon", "25", "--gap", "-1"], "'--gap' takes a number from 0 to 1000 points, not '-1'."),
        ]
        for (arguments, message) in cases {
            let result = runCLI(arguments)
            #expect(result.status == .usage)
            #expect(result.stderr.hasPrefix("facetext: error: \(message)\n"), "\(arguments)")
        }
    }

    @Test(arguments: [
        (["render", "--to", "html", "--help"], "render"),
        (["--help", "render"], "render"),
        (["render", "--bogus", "--help"], "render"),
        (["--catalog", "wechat", "stats", "-h"], "stats"),
        (["catalog", "list", "--help"], "catalog"),
        (["--jobs", "2", "--help"], nil),
        (["nonsense", "--help"], nil),
    ] as [([String], String?)])
    func helpAnywhereOnTheLinePrintsHelp(arguments: [String], command: String?) {
        let result = runCLI(arguments)
        #expect(result.status == .success)
        let expected = command.map { runCLI(["help", $0]).stdout } ?? runCLI(["help"]).stdout
        #expect(result.stdout == expected)
        // After `--`, it is a file name.
        #expect(runCLI(["render", "--", "--help"]).status == .failure)
    }

    @Test(arguments: [
        ("bash", nil), ("rendr", "render"), ("tga", "tag"), ("stat", "stats"), ("grd", "grid"), ("catalgo", "catalog"),
        ("completion", "completions"), ("x", nil), ("list", "catalog list"),
    ] as [(String, String?)])
    func commandSuggestionsAreOnlyForCloseNames(word: String, suggestion: String?) {
        let result = runCLI([word])
        #expect(result.status == .usage)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "facetext: error: unknown command '\(word)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? ""))
    }

    @Test(arguments: [
        (["render", "--bogus"], nil), (["render", "--top"], "--to"), (["stats", "--jobs"], nil), (["render", "--jbos"], "--jobs"),
        (["render", "--imagebase"], "--image-base"), (["scan", "--unknown"], "--unknown-tags"), (["stats", "--mrege"], "--merge"),
        (["grid", "--colums", "3"], "--cols"), (["backspace", "--delete"], "--deleted"),
    ] as [([String], String?)])
    func optionSuggestionsAreOnlyForCloseNames(arguments: [String], suggestion: String?) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasSuffix(suggestion.map { " Did you mean '\($0)'?" } ?? "'."), "\(first)")
    }

    @Test func catalogActionsAreSuggestedToo() {
        #expect(runCLI(["catalog", "lst"]).stderr.hasPrefix("facetext: error: unknown action 'lst': list, show, check or import. Did you mean 'list'?"))
        #expect(runCLI(["catalog", "frobnicate"]).stderr.hasPrefix("facetext: error: unknown action 'frobnicate': list, show, check or import.\n"))
    }

    /// An option that would change nothing is a usage error that says why.
    @Test(arguments: [
        (["render", "--image-base", "x/"], "'--image-base' needs an image style"),
        (["render", "--emoji-base", "x/", "--to", "html"], "'--emoji-base' prefixes the images of '--emoji'"),
        (["stats", "--top", "3", "--partial"], "'--top' limits a report; a partial result (--partial) holds every count"),
        (["stats", "--partial", "--tsv"], "use one of '--tsv', '--partial', not several."),
        (["stats", "--by", "sender"], "'--by sender' needs messages with senders and times: give --format"),
        (["stats", "--format", "qq", "--by", "sender,year"], "'--by' takes sender, day, week, month, hour, weekday"),
        (["stats", "--format", "qq", "--by", "day,day"], "'--by' names a key twice"),
        (["stats", "--format", "qq", "--by", "day", "--by-file"], "use either '--by' or '--by-file'"),
        (["stats", "--merge", "--by", "day"], "'--by' applies when counting"),
        (["stats", "--merge", "--unknown-tags"], "'--unknown-tags' applies when counting"),
        (["stats", "--merge", "--tones"], "'--tones' applies when counting"),
        (["grid", "--faces", "--history", "/tmp/h"], "'--history' names the file of '--recent', which is not given."),
        (["help", "render", "extra"], "'help' takes one command name, not 2 arguments."),
        (["help", "--man", "render"], "'--man' prints the whole manual page"),
        (["grid", "--gap", "3"], "'--gap' is part of a panel layout"),
        (["grid", "--frame", "320x216", "--icon", "25", "--cols", "3", "--rows", "2", "--margin", "4"], "'--margin' has no effect"),
        (["grid", "--exclude", "1F600-1F64F"], "no code points are left"),
        (["grid", "--json", "--format", "text"], "use either '--json' or '--format text'"),
        (["catalog", "show", "[哈哈]", "--json"], "'--json' applies to 'catalog list', not 'catalog show'."),
        (["catalog", "list", "--output", "x"], "'--output' applies to 'catalog import', not 'catalog list'."),
        (["catalog", "list", "extra"], "'catalog list' takes no arguments"),
        (["catalog", "list", "--catalogs", "--json"], "'--catalogs' names the built-in catalogs as text"),
        (["render", "--template", "{bogus}"], "invalid value '{bogus}' for '--template': expected placeholders among {tag} {name} {image} {gif} {emoji} {code}, not {bogus}"),
        (["render", "--template", "{tag}{Tag}"], "not {Tag}"),
        (["completions", "powershell"], "'powershell' is not one shell: expected one of bash, zsh, fish."),
        (["completions"], "no shell given: expected one of bash, zsh, fish."),
        (["--catalog", "wechat", "completions", "bash"], "unknown option '--catalog'."),
        (["help", "--catalog", "wechat"], "unknown option '--catalog'."),
    ])
    func ignoredOptionsAreUsageErrors(arguments: [String], fragment: String) {
        let result = runCLI(arguments, stdin: Array("[哈哈]\n".utf8))
        #expect(result.status == .usage, "\(arguments)")
        #expect(result.stderr.hasPrefix("facetext: error: ") && result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "Usage:").count == 2, "one usage line")
        #expect(result.stdout.isEmpty)
    }

    @Test func templatesKnowGifAndBraces() throws {
        let path = NSTemporaryDirectory() + "facetext-gif-\(getpid()).json"
        defer { unlink(path) }
        try #"[{"chs":"[动]","png":"d.png","gif":"d.gif","emoji":"😃"}]"#.write(toFile: path, atomically: false, encoding: .utf8)
        let result = runCLI(["--catalog", path, "render", "--image-base", "f/", "--template", "{image} {gif} {{x}}"],
                            input: "[动]")
        #expect(result.status == .success)
        #expect(result.text == "f/d.png f/d.gif {x}")
        #expect(runCLI(["render", "--template", "<{gif}>"], input: "[哈哈]").text == "<>")
    }

    @Test func emojiImagesHaveTheirOwnPrefix() {
        let arguments = ["render", "--to", "html", "--emoji", "--image-base", "faces/", "--emoji-base", "https://e.example/72/"]
        let result = runCLI(arguments, input: "[哈哈]🚀😀")
        #expect(result.text == #"<img src="faces/d_haha.png" alt="[哈哈]"><img src="https://e.example/72/1f680.png" alt="🚀">"#
            + #"<img src="https://e.example/72/1f600.png" alt="😀">"#)
        // Without it, the one prefix serves both; and tag reads both back.
        #expect(runCLI(["render", "--to", "path", "--emoji", "-b", "x/"], input: "[哈哈]🚀").text == "x/d_haha.pngx/1f680.png")
        #expect(runCLI(["tag"], stdin: result.stdout).text == #"[哈哈]<img src="https://e.example/72/1f680.png" alt="🚀">[嘿嘿]"#)
    }
}

extension CommandLineConsistencyTests {
    @Test func aFixedColumnCountSpreadsColumnsEvenly() {
        let result = runCLI(["grid", "--frame", "320x216", "--icon", "25", "--cols", "3"])
        #expect(result.status == .success)
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "panel    320×216, icon 25, columns evenly spaced, rows with gap 5, margin at least 10")
        #expect(lines[1] == "grid     3 columns × 6 rows = 18 cells per page")
        #expect(lines[3] == "width    61.25 + 3×25 + 2×61.25 + 61.25 = 320")
        let both = runCLI(["grid", "--frame", "320x216", "--icon", "30", "--cols", "7", "--rows", "3", "--json"]).text
        #expect(both.contains(#""columnGap":13.75,"rowGap":31.5,"evenColumns":true,"evenRows":true"#))
        #expect(runCLI(["grid", "--frame", "100x100", "--icon", "30", "--cols", "4"]).stderr
            .hasPrefix("facetext: error: 4 columns of 30-point icons do not fit a 100-point width."))
    }

    @Test func gridTakesJsonLikeEveryOtherCommand() {
        let json = runCLI(["grid", "--json", "--rows", "2"])
        #expect(json.status == .success)
        #expect(json.stdout == runCLI(["grid", "--format", "json", "--rows", "2"]).stdout)
    }

    @Test func statsReportsForProgramsHaveFiveFieldsInTableOrder() {
        let input = "好[贊]👍\n[图片]🚀❤[心][挖鼻]\n"
        let table = runCLI(["stats"], input: input).text
        #expect(table == """
            rank  count  share  tag     emoji
               1      2  33.3%  [心]    ❤️
               2      2  33.3%  [赞]    👍
               3      1  16.7%  [挖鼻]
               4      1  16.7%  -       🚀
            6 faces

            """)
        #expect(runCLI(["stats", "--tsv"], input: input).text == """
            rank\tcount\tshare\ttag\temoji
            1\t2\t33.3\t[心]\t❤️
            2\t2\t33.3\t[赞]\t👍
            3\t1\t16.7\t[挖鼻]\t-
            4\t1\t16.7\t-\t🚀

            """)
        #expect(runCLI(["stats", "--json", "--top", "3"], input: input).text == """
            {"rank":1,"count":2,"share":33.3,"tag":"[心]","emoji":"❤️"}
            {"rank":2,"count":2,"share":33.3,"tag":"[赞]","emoji":"👍"}
            {"rank":3,"count":1,"share":16.7,"tag":"[挖鼻]","emoji":null}

            """)
        #expect(runCLI(["stats"], input: "[哈哈]").text.hasSuffix("\n1 face\n"))
        #expect(runCLI(["stats"], input: "").text.hasSuffix("\n0 faces\n"))
    }

    @Test func mergingByFileNeedsPartialsCountedByFile() {
        let partial = runCLI(["stats", "--partial"], input: "[哈哈]").stdout
        let result = runCLI(["stats", "--merge", "--by-file"], stdin: partial)
        #expect(result.status == .failure)
        #expect(result.stderr == "facetext: error: the partial results hold no counts per file: make them with 'facetext stats --partial --by-file'\n")
        let byFile = runCLI(["stats", "--partial", "--by-file"], input: "[哈哈]").stdout
        #expect(runCLI(["stats", "--merge", "--by-file"], stdin: byFile).text.hasPrefix("file: -\n"))
    }

    @Test func statsReportsByFileNameTheFile() {
        let result = runCLI(["stats", "--tsv", "--by-file", "a", "b\tc"],
                            files: ["a": Array("[哈哈]".utf8), "b\tc": Array("🚀🚀".utf8)])
        #expect(result.text == "file\trank\tcount\tshare\ttag\temoji\na\t1\t1\t100.0\t[哈哈]\t😃\nb\\tc\t1\t2\t100.0\t-\t🚀\n")
    }
}

extension CommandLineConsistencyTests {
    @Test func helpOfHelpListsOnlyWhatHelpTakes() {
        let text = runCLI(["help", "help"]).text
        #expect(!text.contains("--catalog"))
        #expect(text.contains("--man"))
    }

    @Test func toolHelpHasExamplesAndTheFullUsage() {
        let text = runCLI(["--help"]).text
        #expect(text.contains("\nEXAMPLES:\n"))
        #expect(text.contains("USAGE: facetext [--catalog <catalog> ...] <command> [<options>] [<file> ...]"))
        #expect(text.contains("-V, --version"))
    }

    /// Help wraps at the terminal's width, else at 80; only example command lines, meant to be copied, may run past it.
    @Test(arguments: [nil, 60, 100, 200] as [Int?])
    func helpWrapsAtTheWidth(width: Int?) {
        for arguments in [["help"]] + CommandRegistry.all.map({ ["help", $0.name] }) {
            let out = BufferSink()
            var context = CommandContext(environment: [:], stdin: BufferSource([]), stdout: out, stderr: BufferSink())
            context.terminalWidth = width
            #expect(CLI.run(arguments: arguments, context: context) == .success)
            var inExamples = false
            for line in out.text.split(separator: "\n").map(String.init) {
                if line == "EXAMPLES:" { inExamples = true }
                if inExamples && line.hasPrefix("  ") && !line.hasPrefix("  #") { continue }
                #expect(DisplayWidth.columns(of: line) <= (width ?? 80), "\(arguments): \(line)")
            }
        }
    }
}
