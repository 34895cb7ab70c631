import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `facetext catalog check`: every error and warning in catalog files.
enum CatalogCheck {
    static func run(files: [String], invocation: Invocation, context: CommandContext) throws -> ExitStatus {
        var specs = files
        if specs.isEmpty {
            specs = invocation.all("catalog")
            if specs.isEmpty, let variable = context.environment["FACETEXT_CATALOG"], !variable.isEmpty {
                specs = variable.split(separator: ":").map(String.init)
            }
            if specs.isEmpty { specs = ["default"] }
        }
        var errorCount = 0
        var warningCount = 0
        for spec in specs {
            let (errors, warnings) = check(spec)
            for error in errors { context.error(error.description) }
            for warning in warnings { context.warning(warning.description) }
            errorCount += errors.count
            warningCount += warnings.count
        }
        try context.stdout.write("\(specs.count) catalog\(specs.count == 1 ? "" : "s") checked: \(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")\n")
        return errorCount == 0 ? .success : .failure
    }

    /// A file is checked as it loads; a built-in name by its faces.
    private static func check(_ spec: String) -> (errors: [CatalogError], warnings: [CatalogError]) {
        if FileManager.default.fileExists(atPath: spec) || FaceCatalog.builtIn(named: spec) == nil {
            return FaceCatalog.check(contentsOf: URL(fileURLWithPath: spec), displayName: spec)
        }
        var errors: [CatalogError] = []
        var owners: [String: Int] = [:]
        for (index, face) in FaceCatalog.builtIn(named: spec)!.faces.enumerated() {
            for tag in face.tags {
                if let owner = owners[tag] {
                    errors.append(CatalogError(file: spec, entry: index, key: "chs", problem: "tag \"\(tag)\" is already used by entry \(owner)"))
                }
                owners[tag] = index
            }
        }
        return (errors, [])
    }
}
