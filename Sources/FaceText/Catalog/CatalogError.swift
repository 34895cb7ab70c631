/// A problem found while loading a face catalog.
///
/// Its description names the file, the entry, the key and what is wrong, for
/// example `emoticons.plist: entry 12 (package "classic"): key "code": "1F6XX"
/// is not a hex code point`.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the problem is in, as the user named it.
    public var file: String
    /// The 0-based index of the face entry in its package (or in the file), if any.
    public var entry: Int?
    /// The package the entry belongs to, if the catalog has packages.
    public var package: String?
    /// The key whose value is wrong, if any.
    public var key: String?
    /// What is wrong, as a sentence fragment.
    public var problem: String

    /// Creates an error; see the properties.
    public init(file: String, entry: Int? = nil, package: String? = nil, key: String? = nil, problem: String) {
        self.file = file
        self.entry = entry
        self.package = package
        self.key = key
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let entry {
            place += ": entry \(entry)"
            if let package { place += " (package \"\(package)\")" }
        } else if let package {
            place += ": package \"\(package)\""
        }
        if let key { place += ": key \"\(key)\"" }
        return "\(place): \(problem)"
    }
}

extension CatalogError {
    /// Every problem found in one catalog, in the order they were found.
    public struct List: Error, Sendable, Equatable, CustomStringConvertible {
        /// The problems; never empty.
        public var errors: [CatalogError]

        /// Wraps a non-empty list of problems.
        public init(_ errors: [CatalogError]) { self.errors = errors }

        public var description: String {
            errors.map(\.description).joined(separator: "\n")
        }
    }
}
