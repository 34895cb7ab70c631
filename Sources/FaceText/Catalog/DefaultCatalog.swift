/// The catalogs built into the library, selectable by name.
enum DefaultCatalog {
    /// The names of the built-in catalogs, for `--catalog NAME`.
    static let names = ["default"]
}

extension FaceCatalog {
    /// The default catalog: the repository's `emoticons.plist`, embedded in
    /// the library (the classic chat faces, and every emoji of U+1F600–U+1F64F
    /// under its Chinese CLDR short name).
    public static let `default` = FaceCatalog(faces: DefaultCatalog.faces)

    /// The names of the built-in catalogs (`default`).
    public static var builtInNames: [String] { DefaultCatalog.names }

    /// A built-in catalog by name, or nil.
    public static func builtIn(named name: String) -> FaceCatalog? {
        name == "default" ? .default : nil
    }
}
