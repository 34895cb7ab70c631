import Testing
@testable import FaceTextCLI

@Suite struct HelpTests {
    @Test func helpFlagsAndHelpCommandPrintTheSameText() {
        for command in CommandRegistry.all.map(\.name) {
            let viaFlag = runCLI([command, "--help"])
            #expect(viaFlag.status == .success)
            #expect(runCLI([command, "-h"]).stdout == viaFlag.stdout)
            #expect(runCLI(["help", command]).stdout == viaFlag.stdout)
            #expect(viaFlag.text.hasPrefix("OVERVIEW: "))
            #expect(viaFlag.text.contains("USAGE: facetext \(command) "))
        }
    }

    @Test func renderHelpIsPinned() {
        let text = runCLI(["help", "render"]).text
        #expect(text.contains("""
            OPTIONS:
              -t, --to <style>        Output style. (values: unicode, html, markdown, path;
                                      default: unicode)
            """))
        #expect(text.contains("""
            EXAMPLES:
              # Tags to emoji: prints 今天😃了❤️
              printf '今天[哈哈]了[心]\\n' | facetext render
            """))
    }

    @Test func toolHelpListsEveryCommand() {
        let help = runCLI(["--help"])
        #expect(help.status == .success)
        #expect(runCLI(["help"]).stdout == help.stdout)
        for command in CommandRegistry.all { #expect(help.text.contains("\n  \(command.name) ")) }
        #expect(help.text.contains("\n  See 'facetext help <command>' for detailed help"))
    }

    @Test func versionPrintsTheVersion() {
        #expect(runCLI(["--version"]).text == "facetext \(CLI.version)\n")
    }

    @Test func helpForAnUnknownCommandSuggestsOne() {
        let result = runCLI(["help", "tga"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("facetext: error: unknown command 'tga'. Did you mean 'tag'?"))
    }
}
