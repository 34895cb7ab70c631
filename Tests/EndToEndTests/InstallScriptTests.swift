import Foundation
import Testing

/// `scripts/install` and `scripts/uninstall` under a PREFIX and a DESTDIR. The
/// release build is stood in for by a `swift` first on PATH that copies the
/// binary under test to where the build would put it, so the test checks
/// what the scripts install and where, not the compiler.
@Suite struct InstallScriptTests {
    @Test func installPutsBinaryManualAndCompletionsUnderThePrefixAndUninstallRemovesThem() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-install-\(UUID().uuidString)")
        let tools = work.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let fakeSwift = """
            #!/bin/sh
            # Stands in for 'swift build --build-path DIR -c release ...': copies the binary under test.
            while [ $# -gt 0 ]; do [ "$1" = --build-path ] && dir=$2; shift; done
            mkdir -p "$dir/release" && cp '\(BinaryRunner.binary.path)' "$dir/release/facetext"
            """
        try Data(fakeSwift.utf8).write(to: tools.appendingPathComponent("swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.appendingPathComponent("swift").path)
        let root = BinaryRunner.root.path
        let stage = work.appendingPathComponent("stage").path
        let install = try BinaryRunner.shell("""
            PATH='\(tools.path)':$PATH DESTDIR='\(stage)' PREFIX=/opt/ft sh '\(root)/scripts/install'
            """)
        #expect(install.status == 0, "\(install.stderr)")
        let prefix = stage + "/opt/ft"
        let files = ["bin/facetext", "share/man/man1/facetext.1", "share/bash-completion/completions/facetext",
                     "share/zsh/site-functions/_facetext", "share/fish/vendor_completions.d/facetext.fish"]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/facetext"))
        // The installed binary runs, its manual page is the checked-in one, its completions are its own.
        let version = try BinaryRunner.run(["-V"], executable: URL(fileURLWithPath: prefix + "/bin/facetext"))
        #expect(version.text.hasPrefix("facetext "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: prefix + "/share/man/man1/facetext.1"))
            == Data(contentsOf: BinaryRunner.root.appendingPathComponent("man/facetext.1")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: prefix + "/share/bash-completion/completions/facetext"))
            == BinaryRunner.run(["completions", "bash"]).stdout)
        let uninstall = try BinaryRunner.shell("DESTDIR='\(stage)' PREFIX=/opt/ft sh '\(root)/scripts/uninstall'")
        #expect(uninstall.status == 0)
        for file in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
    }
}
