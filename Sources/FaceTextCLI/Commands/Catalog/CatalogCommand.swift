import FaceText

/// `facetext catalog list|show|check|import`: look into and build catalogs.
enum CatalogCommand {
    static let spec = CommandSpec(
        name: "catalog",
        abstract: "List, show, check or import face catalogs.",
        discussion: """
        list: every face of the chosen catalog (tag, other spellings, emoji, code points, image), as an aligned table or --json; --catalogs names the built-in catalogs instead.
        show QUERY: one face in full: the face with that tag, bare name (哈哈 for [哈哈]), emoji or image name, else the best 'facetext search --faces' result; exit 1 if there is none (the closest faces are suggested), or if several match equally well (they are named).
        check [FILE ...]: every problem in catalog files (or in the chosen catalog), with file, entry and key, and warnings for suspicious but legal entries; exit 1 if there is any error (warnings alone exit 0).
        import emoji-test FILE: reads Unicode's emoji-test.txt and writes a catalog plist with one face per fully-qualified emoji, tagged [english name].
        import cldr FILE...: reads CLDR annotation files (or, for a folder such as CLDR's common/, the --locale's annotations and derived annotations in it) and writes a catalog plist with one face per emoji they name, tagged with its short name ([笑哭了]), with CLDR's keywords for it.
        """,
        arguments: "list|show|check|import [<argument> ...]",
        argumentHelp: [("<action>", "list, show, check or import."), ("<argument>", "A tag, emoji or search words (show), catalog files (check), 'emoji-test FILE' or 'cldr FILE...' (import).")],
        options: [
            OptionSpec(long: "json", valueName: nil, help: "list: write JSON instead of a table."),
            OptionSpec(long: "catalogs", valueName: nil, help: "list: name the built-in catalogs."),
            OptionSpec(long: "output", short: "o", valueName: "file", help: "import: write the catalog to this file instead of standard output.",
                       completion: .files),
            OptionSpec(long: "locale", valueName: "locale", help: "import cldr: the locale whose files to read from a folder (default zh)."),
        ],
        argumentCompletion: .words(actions.map(\.name)),
        examples: [
            ("facetext catalog list --catalogs", ""),
            ("facetext catalog show '[哈哈]'", ""),
            ("facetext catalog show xiaoku", "The face whose pinyin starts so: [笑cry]"),
            ("facetext catalog check my-faces.plist", ""),
            ("facetext catalog import emoji-test /usr/share/unicode/emoji/emoji-test.txt > all.plist", "A catalog of every emoji"),
            ("facetext --catalog all.plist tag chat.log", "Then tag every emoji by its English name"),
            ("facetext catalog import cldr /usr/share/unicode/cldr/common -o all-zh.plist", "Every emoji by its Chinese name"),
        ],
        actions: actions
    )

    static let actions: [ActionSpec] = [
        ActionSpec(name: "list", abstract: "Every face of the chosen catalog, or the built-in catalogs.", options: ["json", "catalogs"]) { invocation, context in
            if let extra = invocation.arguments.first {
                throw UsageError(.other("'catalog list' takes no arguments, not '\(extra)'; choose the catalog with --catalog."), command: spec)
            }
            if invocation.flag("catalogs") && invocation.flag("json") {
                throw UsageError(.conflict("'--catalogs' names the built-in catalogs as text; it takes no '--json'."), command: spec)
            }
            try context.stdout.write(invocation.flag("catalogs") ? CatalogListing.builtIns()
                                     : CatalogListing.list(context.catalog, json: invocation.flag("json")))
            return .success
        },
        ActionSpec(name: "show", abstract: "One face in full.") { invocation, context in
            guard !invocation.arguments.isEmpty else { throw UsageError(.other("'catalog show' takes a tag, an emoji or search words."), command: spec) }
            let face = try CatalogListing.face(for: invocation.arguments.joined(separator: " "), in: context.catalog).get()
            try context.stdout.write(CatalogListing.show(face, in: context.catalog))
            return .success
        },
        ActionSpec(name: "check", abstract: "Every problem in catalog files.") { invocation, context in
            try CatalogCheck.run(files: invocation.arguments, invocation: invocation, context: context)
        },
        ActionSpec(name: "import", abstract: "A catalog made from emoji-test.txt or CLDR annotations.", options: ["output", "locale"], run: importCatalog),
    ]
}
