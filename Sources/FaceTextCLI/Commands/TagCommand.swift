import FaceText

/// `facetext tag`: Unicode emoji and rendered image references → tags.
enum TagCommand {
    static let spec = CommandSpec(
        name: "tag",
        abstract: "Turn Unicode emoji and rendered image references back into face tags.",
        discussion: """
        The way back from render. Each emoji with a face in the catalog becomes the face's canonical tag (the first tag for that emoji in catalog order; ❤ and ❤️ are the same face). HTML <img … alt="[tag]"> and Markdown ![name](…) references written by render become their tags too. Emoji with no face, tags already in the text and all other bytes pass through unchanged.
        """,
        options: [StreamTransform.jobsOption],
        examples: [
            ("printf '今天😃了❤️\\n' | facetext tag", "Emoji to tags: prints 今天[哈哈]了[心]"),
            ("facetext render --to html chat.log | facetext tag", "Round trip through HTML image tags"),
        ],
        run: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws -> ExitStatus {
        let tagger = FaceTagger(catalog: context.catalog)
        return try StreamTransform.run(invocation, context, command: spec, makeStream: tagger.makeStream)
    }
}
