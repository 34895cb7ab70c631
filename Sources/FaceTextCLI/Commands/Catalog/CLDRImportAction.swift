import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `facetext catalog import cldr FILE...`: a catalog of every emoji CLDR's
/// annotations name, tagged with its short name.
enum CLDRImportAction {
    static func run(paths: [String], locale: String, output: String?, context: CommandContext) throws -> ExitStatus {
        var annotations: [CLDRAnnotations.Annotation] = []
        var locales: [String] = []
        for path in paths {
            for file in try files(for: path, locale: locale) {
                let text: String
                do throws(FileBytes.Failure) {
                    text = String(decoding: try FileBytes.read(file, limit: CatalogCommand.importSizeLimit), as: UTF8.self)
                } catch {
                    throw CommandFailure(message: "'\(file)': \(error)")
                }
                let found: [CLDRAnnotations.Annotation]
                do throws(CLDRAnnotations.Failure) {
                    found = try CLDRAnnotations.annotations(from: text)
                } catch {
                    throw CommandFailure(message: "'\(file)': \(error)")
                }
                guard !found.isEmpty else { throw CommandFailure(message: "'\(file)': no <annotation> found; is it a CLDR annotation file?") }
                annotations += found
                if let found = CLDRAnnotations.locale(of: text), !locales.contains(found) { locales.append(found) }
            }
        }
        let (faces, skipped) = CLDRImport.importing(annotations)
        for skip in skipped.prefix(20) { context.warning(skip.description) }
        if skipped.count > 20 { context.warning("\(skipped.count - 20) more names skipped") }
        guard !faces.isEmpty else { throw CommandFailure(message: "no emoji named in \(paths.map { "'\($0)'" }.joined(separator: ", "))") }
        let name = "cldr-" + (locales.isEmpty ? locale : locales.joined(separator: "+"))
        try CatalogCommand.write(CatalogWriter.propertyList([(name, faces)]), to: output, context: context)
        return .success
    }

    /// The files to read for `path`: the path itself, or for a folder (CLDR's `common/`,
    /// or the `annotations` folder itself) the locale's annotations and derived annotations.
    private static func files(for path: String, locale: String) throws -> [String] {
        guard FileManager.default.kind(atPath: path) == .directory else { return [path] }
        let folder = URL(fileURLWithPath: path)
        let candidates = [folder.appendingPathComponent("annotations/\(locale).xml"),
                          folder.appendingPathComponent("annotationsDerived/\(locale).xml"),
                          folder.appendingPathComponent("\(locale).xml")]
        let found = candidates.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
        guard !found.isEmpty else {
            throw CommandFailure(message: "'\(path)': a folder with no annotations/\(locale).xml or \(locale).xml")
        }
        return found
    }
}
