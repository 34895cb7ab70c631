/// The catalogs built into the library, selectable by name.
enum DefaultCatalog {
    /// The names of the built-in catalogs, for `--catalog NAME`.
    static let names = ["default", "wechat", "weibo"]
}

extension FaceCatalog {
    /// The default catalog: the repository's `emoticons.plist`, embedded in
    /// the library (the classic Weibo faces, every emoji of U+1F600–U+1F64F
    /// under its Chinese CLDR short name, and the faces of the Weibo client's
    /// first page that the classic set lacks, in a package of their own).
    public static let `default` = FaceCatalog(faces: DefaultCatalog.faces)

    /// WeChat's faces (`catalogs/wechat.plist`, embedded): the 105 classic
    /// ones with their Chinese tags, traditional and English spellings,
    /// `/::)`-style text codes as aliases, iOS image names and emoji; then the
    /// faces added since 2016 (`[捂脸]`, `[旺柴]`, `[裂开]` …), without images.
    public static let wechat = FaceCatalog(faces: DefaultCatalog.weChatFaces)

    /// The Weibo web client's 2018 face set (`catalogs/weibo.plist`,
    /// embedded): 184 faces in the client's order and groups, with their
    /// image names (`2018new_…_org.png`), traditional spellings and emoji.
    public static let weibo = FaceCatalog(faces: DefaultCatalog.weiboFaces)

    /// The names of the built-in catalogs (`default`, `wechat`, `weibo`).
    public static var builtInNames: [String] { DefaultCatalog.names }

    /// A built-in catalog by name, or nil.
    public static func builtIn(named name: String) -> FaceCatalog? {
        switch name {
        case "default": .default
        case "wechat": .wechat
        case "weibo": .weibo
        default: nil
        }
    }
}
