import FaceText

/// `facetext render`: tags → Unicode emoji or image references.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Turn face tags into Unicode emoji or image references.",
        discussion: """
        Every catalog tag ([哈哈], and any other spelling the catalog holds) becomes its Unicode emoji (--to unicode, the default) or an image reference. A tag with no emoji stays as it is under --to unicode; under the image styles a face with no image is written as its emoji, else left as its tag. All other bytes pass through unchanged, except that --to html escapes & < > " ' in them.
        """,
        options: [
            OptionSpec(long: "to", short: "t", valueName: "style", help: "Output style.",
                       allowedValues: ["unicode", "html", "markdown", "path"], defaultValue: "unicode"),
            OptionSpec(long: "template", valueName: "template",
                       help: "Write each face with this template instead: {tag} (canonical tag), {name} (without brackets), {image} (prefix and image), {gif} (prefix and animated image, or nothing), {emoji}, {code} (twemoji code name); {{ and }} write a brace. Not escaped."),
            OptionSpec(long: "image-base", short: "b", valueName: "prefix",
                       help: "Prefix for the catalog's image file names, such as 'faces/' or a URL. Needs an image style."),
            OptionSpec(long: "emoji", short: "e", valueName: nil,
                       help: "Also turn Unicode emoji into images named by code point (1f600.png), twemoji style. Needs an image style."),
            OptionSpec(long: "emoji-base", valueName: "prefix",
                       help: "Prefix for the code-point images of --emoji, such as a twemoji URL.", defaultValue: "the --image-base prefix"),
            StreamTransform.jobsOption,
        ],
        examples: [
            ("printf '今天[哈哈]了[心]\\n' | facetext render", "Tags to emoji: prints 今天😃了❤️"),
            ("facetext render --to html --image-base faces/ chat.log > chat.html", "HTML with image tags, text escaped"),
            ("facetext render --to markdown --emoji --emoji-base https://example.com/72x72/ chat.log", "Markdown, emoji as twemoji images"),
            ("facetext render --template '<span class=\"face\">{name}</span>' chat.log", "A template of your own"),
            ("facetext render --jobs 0 big.log > big.out", "Every processor on one big file"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let base = invocation.value("image-base") ?? ""
        var style: FaceRenderer.Style
        switch invocation.value("to") ?? "unicode" {
        case "html": style = .html(imageBase: base)
        case "markdown": style = .markdown(imageBase: base)
        case "path": style = .path(imageBase: base)
        default: style = .unicode
        }
        if let template = invocation.value("template") {
            if invocation.value("to") != nil {
                throw UsageError(.conflict("use either '--to' or '--template', not both."), command: spec)
            }
            if let unknown = FaceRenderer.Style.unknownPlaceholders(in: template).first {
                let valid = FaceRenderer.Style.templatePlaceholders.map { "{\($0)}" }.joined(separator: " ")
                throw UsageError(.invalidValue(option: "--template", value: template,
                                               expected: "placeholders among \(valid), not {\(unknown)} ({{ and }} write a brace)"),
                                 command: spec)
            }
            style = .template(template, imageBase: base)
        }
        if style == .unicode {
            for option in ["emoji", "image-base", "emoji-base"] where invocation.flag(option) {
                throw UsageError(.conflict("'--\(option)' needs an image style: --to html, markdown or path, or --template."), command: spec)
            }
        }
        if invocation.flag("emoji-base") && !invocation.flag("emoji") {
            throw UsageError(.conflict("'--emoji-base' prefixes the images of '--emoji': give '--emoji' too."), command: spec)
        }
        let renderer = FaceRenderer(catalog: context.catalog, style: style, emojiImages: invocation.flag("emoji"),
                                    emojiImageBase: invocation.value("emoji-base"))
        return try StreamTransform.run(invocation, context, command: spec, makeStream: renderer.makeStream)
    }
}
