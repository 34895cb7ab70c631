import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `catalog import emoji-test`, and where an imported catalog is written.
extension CatalogCommand {
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
            do {
                try Data(plist.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure(message: "'\(output)': cannot be written")
            }
        } else {
            try context.stdout.write(plist)
        }
    }
}
