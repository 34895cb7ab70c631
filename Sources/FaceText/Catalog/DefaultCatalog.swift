/// The catalogs built into the library, selectable by name.
enum DefaultCatalog {
    /// The names of the built-in catalogs, for `--catalog NAME`.
    static let names = ["default", "wechat"]
}

extension FaceCatalog {
    /// The default catalog: the repository's `emoticons.plist`, embedded in
    /// the library (the classic chat faces, and every emoji of U+1F600–U+1F64F
    /// under its Chinese CLDR short name).
    public static let `default` = FaceCatalog(faces: DefaultCatalog.faces)

    /// The 105 classic WeChat faces (`catalogs/wechat.plist`, embedded): their
    /// Chinese tags, traditional and English spellings, `/::)`-style text codes
    /// as aliases, iOS image names and emoji.
    public static let wechat = FaceCatalog(faces: DefaultCatalog.weChatFaces)

    /// The names of the built-in catalogs (`default`, `wechat`).
    public static var builtInNames: [String] { DefaultCatalog.names }

    /// A built-in catalog by name, or nil.
    public static func builtIn(named name: String) -> FaceCatalog? {
        switch name {
        case "default": .default
        case "wechat": .wechat
        default: nil
        }
    }
}
