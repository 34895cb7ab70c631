import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Chooses the catalog: every `--catalog` (path or built-in name, layered in
/// order, later ones winning per tag), else `FACETEXT_CATALOG` (paths or
/// names separated by `:`), else the embedded default. A path that exists
/// always wins over a built-in name.
enum CatalogSelection {
    static func resolve(options: [String], environment: [String: String]) throws(CatalogError.List) -> FaceCatalog {
        var specs = options
        if specs.isEmpty, let variable = environment["FACETEXT_CATALOG"], !variable.isEmpty {
            specs = variable.split(separator: ":").map(String.init)
        }
        guard !specs.isEmpty else { return .default }
        var catalogs: [FaceCatalog] = []
        var problems: [CatalogError] = []
        for spec in specs {
            do throws(CatalogError.List) {
                catalogs.append(try load(spec))
            } catch {
                problems.append(contentsOf: error.errors)
            }
        }
        guard problems.isEmpty else { throw CatalogError.List(problems) }
        return .layered(catalogs)
    }

    static func load(_ spec: String) throws(CatalogError.List) -> FaceCatalog {
        if let kind = FileManager.default.kind(atPath: spec) {
            if kind == .directory {
                let index = URL(fileURLWithPath: spec).appendingPathComponent("emoticons.plist")
                if FileManager.default.fileExists(atPath: index.path) {
                    return try FaceCatalog(contentsOf: index, displayName: spec + "/emoticons.plist")
                }
                throw CatalogError.List([CatalogError(file: spec, problem: "is a directory without an emoticons.plist")])
            }
            return try FaceCatalog(contentsOf: URL(fileURLWithPath: spec), displayName: spec)
        }
        if let builtIn = FaceCatalog.builtIn(named: spec) { return builtIn }
        let names = FaceCatalog.builtInNames.joined(separator: ", ")
        throw CatalogError.List([CatalogError(file: spec, problem: "no such file, and not a built-in catalog (built-in: \(names))")])
    }
}
