/// Turns a decoded catalog document into faces, collecting every problem.
///
/// Accepted shapes (all seen in real iOS emoticon packs):
/// 1. a top-level array of face dictionaries;
/// 2. a dictionary with an `emoticons` array (or the legacy
///    `emoticon_group_emoticons`), optionally grouped as `packages`, each
///    package with its own `emoticons` array, or naming a folder (`id` or
///    `directory`) that holds an `info.plist` with them.
struct CatalogReader {
    /// The file name used in error messages.
    var file: String
    /// Loads the document of a package stored in its own folder, given the
    /// folder name; returns nil when the folder has no such document.
    var loadPackageFolder: ((String) throws(CatalogError) -> (value: CatalogValue, file: String)?)?

    private(set) var faces: [Face] = []
    private(set) var errors: [CatalogError] = []
    private(set) var warnings: [CatalogError] = []
    private var tagOwners: [String: (entry: Int, package: String?)] = [:]

    init(file: String, loadPackageFolder: ((String) throws(CatalogError) -> (value: CatalogValue, file: String)?)? = nil) {
        self.file = file
        self.loadPackageFolder = loadPackageFolder
    }

    /// Reads a whole document.
    mutating func read(_ document: CatalogValue) {
        switch document {
        case .array(let items) where items.contains(where: Self.isPackageReference):
            readPackages(items)
        case .array(let entries):
            readEntries(entries, package: nil, file: file)
        case .dictionary(let root):
            if let packages = root["packages"] {
                guard let items = packages.arrayValue else {
                    return fail(key: "packages", "must be an array of packages, not \(packages.typeName)")
                }
                readPackages(items)
            }
            if let (key, entries) = Self.emoticons(in: root) {
                guard let list = entries.arrayValue else {
                    return fail(key: key, "must be an array of faces, not \(entries.typeName)")
                }
                readEntries(list, package: Self.packageName(root), file: file)
            } else if root["packages"] == nil {
                fail(problem: "has neither an \"emoticons\" nor a \"packages\" array")
            }
        default:
            fail(problem: "must hold an array of faces or a dictionary, not \(document.typeName)")
        }
    }

    private static func emoticons(in dictionary: [String: CatalogValue]) -> (String, CatalogValue)? {
        for key in ["emoticons", "emoticon_group_emoticons"] {
            if let value = dictionary[key] { return (key, value) }
        }
        return nil
    }

    private static func packageName(_ dictionary: [String: CatalogValue]) -> String? {
        for key in ["id", "name", "group_name_cn", "groupName", "emoticon_group_identifier", "directory"] {
            if let name = dictionary[key]?.textValue, !name.isEmpty { return name }
        }
        return nil
    }

    /// A dictionary that points at a package instead of being a face.
    private static func isPackageReference(_ value: CatalogValue) -> Bool {
        guard let dictionary = value.dictionaryValue else { return false }
        return dictionary["chs"] == nil && dictionary["code"] == nil && dictionary["emoji"] == nil
            && (dictionary["directory"] != nil || dictionary["emoticons"] != nil || dictionary["groupName"] != nil)
    }

    private mutating func readPackages(_ items: [CatalogValue]) {
        for (index, item) in items.enumerated() {
            guard let package = item.dictionaryValue else {
                fail(problem: "package \(index) must be a dictionary, not \(item.typeName)")
                continue
            }
            let name = Self.packageName(package) ?? "#\(index)"
            if let (key, entries) = Self.emoticons(in: package) {
                guard let list = entries.arrayValue else {
                    errors.append(CatalogError(file: file, package: name, key: key,
                                               problem: "must be an array of faces, not \(entries.typeName)"))
                    continue
                }
                readEntries(list, package: name, file: file)
            } else if let folder = (package["directory"] ?? package["id"])?.textValue, !folder.isEmpty {
                readFolder(folder, package: name)
            } else if package["groupName"] == nil {
                errors.append(CatalogError(file: file, package: name, problem: "has no \"emoticons\" array and names no folder"))
            }
        }
    }

    private mutating func readFolder(_ folder: String, package: String) {
        guard let loadPackageFolder else {
            errors.append(CatalogError(file: file, package: package,
                                       problem: "names folder \"\(folder)\", but this catalog was not read from a file"))
            return
        }
        do {
            guard let (value, subfile) = try loadPackageFolder(folder) else {
                errors.append(CatalogError(file: file, package: package,
                                           problem: "names folder \"\(folder)\", which has no info.plist"))
                return
            }
            var entries: [CatalogValue]?
            if let list = value.arrayValue {
                entries = list
            } else if let dictionary = value.dictionaryValue, let (_, list) = Self.emoticons(in: dictionary) {
                entries = list.arrayValue
            }
            guard let entries else {
                errors.append(CatalogError(file: subfile, package: package, problem: "holds no array of faces"))
                return
            }
            readEntries(entries, package: package, file: subfile, imageFolder: folder)
        } catch {
            errors.append(error)
        }
    }

    private mutating func readEntries(_ entries: [CatalogValue], package: String?, file: String, imageFolder: String? = nil) {
        for (index, entry) in entries.enumerated() {
            var parser = EntryParser(file: file, entry: index, package: package)
            if var face = parser.parse(entry) {
                if let imageFolder {
                    face.image = face.image.map { "\(imageFolder)/\($0)" }
                    face.animatedImage = face.animatedImage.map { "\(imageFolder)/\($0)" }
                }
                claimTags(of: &face, entry: index, package: package, file: file)
                faces.append(face)
                warnings.append(contentsOf: parser.warnings)
            } else {
                errors.append(contentsOf: parser.errors)
                var placeholder = Face(tag: parser.claimedTags.first ?? "")
                placeholder.aliases = Array(parser.claimedTags.dropFirst())
                if !parser.claimedTags.isEmpty { claimTags(of: &placeholder, entry: index, package: package, file: file) }
                continue
            }
            errors.append(contentsOf: parser.errors)
        }
    }

    /// Records the face's spellings, reporting any that an earlier face already uses.
    private mutating func claimTags(of face: inout Face, entry: Int, package: String?, file: String) {
        var seen: Set<String> = []
        for (position, tag) in face.tags.enumerated() where seen.insert(tag).inserted {
            if position > 0 && face.emoji == tag && face.tag == tag { continue }
            if let owner = tagOwners[tag] {
                var place = "entry \(owner.entry)"
                if let ownerPackage = owner.package { place += " (package \"\(ownerPackage)\")" }
                errors.append(CatalogError(file: file, entry: entry, package: package, key: position == 0 ? "chs" : "aliases",
                                           problem: "tag \"\(tag)\" is already used by \(place)"))
            } else {
                tagOwners[tag] = (entry, package)
            }
        }
        face.aliases = face.aliases.filter { $0 != face.tag && $0 != face.traditionalTag }
        if face.traditionalTag == face.tag { face.traditionalTag = nil }
    }

    private mutating func fail(key: String? = nil, problem: String) {
        errors.append(CatalogError(file: file, key: key, problem: problem))
    }

    private mutating func fail(key: String? = nil, _ problem: String) {
        fail(key: key, problem: problem)
    }
}
