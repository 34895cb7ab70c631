/// How ``FaceRenderer`` writes a face.
public enum RenderStyle: Sendable, Hashable {
    /// The face's Unicode emoji; a face without one stays as its tag.
    case unicode
    /// `<img src="BASE+image" alt="[tag]">`; all other text is HTML-escaped.
    case html(imageBase: String = "")
    /// `![name](BASE+image)`, where name is the tag without its brackets.
    case markdown(imageBase: String = "")
    /// Just the image path, `BASE+image`.
    case path(imageBase: String = "")
    /// A template with the placeholders `{tag}` (canonical tag), `{name}` (tag
    /// without brackets), `{image}` (BASE+image), `{emoji}` and `{code}`
    /// (twemoji code name). The template is written as given: no escaping.
    case template(String, imageBase: String = "")

    var imageBase: String {
        switch self {
        case .unicode: ""
        case .html(let base), .markdown(let base), .path(let base), .template(_, let base): base
        }
    }
}
