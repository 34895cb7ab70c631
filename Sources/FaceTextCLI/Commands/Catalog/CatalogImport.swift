import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `catalog import emoji-test`, and where an imported catalog is written.
extension CatalogCommand {
    /// `catalog import emoji-test FILE` or `catalog import cldr FILE...`.
    static func importCatalog(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let rest = invocation.arguments
        if rest.first == "cldr" && rest.count >= 2 {
            return try CLDRImportAction.run(paths: Array(rest.dropFirst()), locale: invocation.value("locale") ?? "zh",
                                            output: invocation.value("output"), context: context)
        }
        guard rest.count == 2, rest[0] == "emoji-test" else {
            throw UsageError(.other("'catalog import' takes the format and its files: emoji-test FILE (Unicode's emoji-test.txt) or cldr FILE... (CLDR annotations)."),
                             command: spec)
        }
        if invocation.value("locale") != nil {
            throw UsageError(.conflict("'--locale' applies to 'catalog import cldr'."), command: spec)
        }
        return try importEmojiTest(rest[1], output: invocation.value("output"), context: context)
    }

    /// The largest file an import reads (CLDR's annotation files and emoji-test.txt are under a MiB).
    static let importSizeLimit = 32 << 20

    static func importEmojiTest(_ path: String, output: String?, context: CommandContext) throws -> ExitStatus {
        let data: [UInt8]
        do throws(FileBytes.Failure) {
            data = try FileBytes.read(path, limit: importSizeLimit)
        } catch {
            throw CommandFailure(message: "'\(path)': \(error)")
        }
        let packages: [(name: String, faces: [Face])]
        do throws(EmojiTestImport.Failure) {
            packages = try EmojiTestImport.packages(from: String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandFailure(message: "'\(path)': \(error)")
        }
        guard !packages.isEmpty else { throw CommandFailure(message: "'\(path)': no fully-qualified emoji found; is it emoji-test.txt?") }
        try write(CatalogWriter.propertyList(packages), to: output, context: context)
        return .success
    }

    /// Writes an imported catalog to `output`, or to standard output.
    static func write(_ plist: String, to output: String?, context: CommandContext) throws {
        if let output {
            // Beside it, then renamed into place: no link at the name followed, no half-written catalog.
            do throws(IOError) {
                let file = try ReplacingFileSink(path: output)
                try file.write(plist)
                try file.commit()
            } catch {
                throw CommandFailure(message: "'\(output)': cannot be written: \(error)")
            }
        } else {
            try context.stdout.write(plist)
        }
    }
}
