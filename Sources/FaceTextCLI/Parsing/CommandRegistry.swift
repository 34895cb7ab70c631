/// Every command of the tool, in the order `facetext --help` lists them.
/// Adding a command is one new file in `Commands/` and one line here.
enum CommandRegistry {
    static let all: [CommandSpec] = [
        RenderCommand.spec,
        TagCommand.spec,
        BackspaceCommand.spec,
        GridCommand.spec,
        ScanCommand.spec,
        StatsCommand.spec,
        CatalogCommand.spec,
        SearchCommand.spec,
        RecentCommand.spec,
        WrapCommand.spec,
        PageCommand.spec,
        ComposeCommand.spec,
        CompletionsCommand.spec,
        HelpCommand.spec,
    ].map(withGlobalOptions)

    /// Options every command accepts.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(long: "catalog", short: "c", valueName: "catalog",
                   help: "A catalog file (plist, binary plist or JSON) or built-in name; later ones override earlier ones per tag. Overrides FACETEXT_CATALOG.",
                   defaultValue: "the embedded catalog", repeatable: true, completion: .catalogs),
        OptionSpec(long: "help", short: "h", valueName: nil, help: "Show help information."),
    ]

    /// `--version`, which only the tool itself takes.
    static let versionOption = OptionSpec(long: "version", short: "V", valueName: nil, help: "Show the version.")

    static func command(named name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    private static func withGlobalOptions(_ spec: CommandSpec) -> CommandSpec {
        var spec = spec
        let globals = spec.readsCatalog ? globalOptions : globalOptions.filter { $0.long != "catalog" }
        spec.options += globals.filter { global in !spec.options.contains { $0.long == global.long } }
        return spec
    }
}
