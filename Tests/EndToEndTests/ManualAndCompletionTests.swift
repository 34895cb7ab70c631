import Foundation
import Testing
import TestSupport

/// The manual page and the shell completions, as a user gets them from the binary.
@Suite struct ManualAndCompletionTests {
    /// `man/facetext.1` is what the binary writes from its command table: a new
    /// option or command changes the page, and a stale page fails here.
    @Test func theCheckedInManualPageIsTheGeneratedOne() throws {
        let generated = try BinaryRunner.run(["help", "--man"])
        #expect(generated.status == 0)
        let checkedIn = try Data(contentsOf: BinaryRunner.root.appendingPathComponent("man/facetext.1"))
        #expect(generated.stdout == checkedIn, "man/facetext.1 is stale: run 'facetext help --man > man/facetext.1'")
    }

    /// Every command and every option appear in the page, as do the exit statuses and the environment.
    @Test func theManualPageCoversTheWholeCommandTable() throws {
        let page = try BinaryRunner.run(["help", "--man"]).text
        let help = try BinaryRunner.run(["--help"]).text
        let commands = help.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").filter { !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 9)
        for command in commands {
            #expect(page.contains(".SS \(command.replacingOccurrences(of: "-", with: "\\-"))\n"), "\(command)")
            let commandHelp = try BinaryRunner.run(["help", command]).text
            let options = commandHelp.components(separatedBy: "OPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
            for match in options.matches(of: /--([a-z][a-z-]*)/) {
                #expect(page.contains("\\-\\-" + match.1.replacingOccurrences(of: "-", with: "\\-")), "\(command) --\(match.1)")
            }
        }
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] { #expect(page.contains(".SH \(section)\n")) }
        #expect(page.contains("FACETEXT_CATALOG"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// Rendered by groff and by mandoc without a warning.
    @Test func theManualPageRendersWithoutWarningsInGroff() throws {
        let page = BinaryRunner.root.appendingPathComponent("man/facetext.1").path
        guard MachineNeeds.tools("groff") else { return }
        let result = try BinaryRunner.shell("groff -man -ww -Tutf8 '\(page)' > /dev/null")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func theManualPageRendersWithoutWarningsInMandoc() throws {
        let page = BinaryRunner.root.appendingPathComponent("man/facetext.1").path
        guard MachineNeeds.tools("mandoc") else { return }
        let result = try BinaryRunner.shell("mandoc -Tlint '\(page)'")
        #expect(result.status == 0 && result.text.isEmpty && result.stderr.isEmpty, "\(result.text)\(result.stderr)")
    }

    /// bash's completion, run as bash runs it: COMP_WORDS and COMP_CWORD set, the function called.
    @Test(arguments: [
        ("facetext ''", ["render", "tag", "backspace", "grid", "scan", "stats", "catalog", "search", "recent", "wrap", "page", "compose", "completions", "help"]),
        ("facetext re", ["render", "recent"]),
        ("facetext render --t", ["--to", "--template"]),
        ("facetext render --to ''", ["unicode", "html", "markdown", "path"]),
        ("facetext render -t m", ["markdown"]),
        ("facetext --catalog w", ["wechat", "wechat.plist", "weibo"]),
        ("facetext -c ''", ["default", "my log.txt", "wechat", "wechat.plist", "weibo"]),
        ("facetext --catalog wechat render --emo", ["--emoji", "--emoji-base"]),
        ("facetext catalog ''", ["list", "show", "check", "import"]),
        ("facetext help st", ["stats"]),
        ("facetext help -", ["-h", "--help", "--man"]),
        ("facetext scan -", ["--unknown-tags", "-f", "--format", "--show-format", "-c", "--catalog", "-h", "--help"]),
        ("facetext completions ''", ["bash", "zsh", "fish"]),
        ("facetext stats --format ''", ["lines", "prefixed", "qq", "wechat", "whatsapp", "telegram", "auto"]),
        ("facetext wrap --break ''", ["char", "line"]),
        ("facetext wrap --align a", ["alternate"]),
        ("facetext compose --insert ''", ["tag", "emoji"]),
        ("facetext compose --in", ["--insert", "--incoming", "--input-faces"]),
        ("facetext stats --by ''", ["sender", "day", "week", "month", "hour", "weekday"]),
        ("facetext stats --by w", ["week", "weekday"]),
        ("facetext stats --top ''", []),
        ("facetext -", ["-c", "--catalog", "-h", "--help", "-V", "--version"]),
        ("facetext render my", ["my log.txt"]),
        ("facetext tag -- ''", ["my log.txt", "wechat.plist"]),
    ])
    func bashCompletesCommandsOptionsValuesAndFiles(line: String, expected: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in ["my log.txt", "wechat.plist"] {
            try Data().write(to: directory.appendingPathComponent(file))
        }
        let script = """
            cd '\(directory.path)' && source <(facetext completions bash) && COMP_WORDS=(\(line)) \
            && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _facetext && printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try BinaryRunner.shell(script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.split(separator: "\n").map(String.init).sorted() == expected.sorted(), "\(line)")
    }

    @Test func bashRegistersTheFunctionForFacetext() throws {
        let result = try BinaryRunner.shell("source <(facetext completions bash) && complete -p facetext")
        #expect(result.text == "complete -o filenames -F _facetext facetext\n")
    }

    /// zsh and fish parse their scripts.
    @Test(arguments: [("zsh", "zsh -n"), ("fish", "fish --no-execute")])
    func zshAndFishScriptsParse(shell: String, check: String) throws {
        let script = try BinaryRunner.run(["completions", shell])
        #expect(script.status == 0)
        #expect(script.text.contains("render") && script.text.contains("wechat") && script.text.contains("unicode html markdown path"))
        guard MachineNeeds.tools(shell) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-\(getpid()).\(shell)")
        try script.stdout.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BinaryRunner.shell("\(check) '\(file.path)'")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    /// zsh completes through the script's _facetext function.
    @Test func zshOffersTheStylesOfRender() throws {
        guard MachineNeeds.tools("zsh") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-zsh-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try BinaryRunner.run(["completions", "zsh"]).stdout.write(to: directory.appendingPathComponent("_facetext"))
        // The script's own description lists, read back by zsh itself after autoloading it.
        let result = try BinaryRunner.shell("""
            zsh -f -c 'fpath=(\(directory.path) $fpath); autoload -Uz compinit && compinit -u -D; \
            (( $+functions[_facetext] )) || autoload -Uz _facetext; whence -w _facetext; print -r -- ${_comps[facetext]}'
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == "_facetext: function\n_facetext\n")
    }
}
