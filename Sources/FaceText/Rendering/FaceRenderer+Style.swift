extension FaceRenderer {
    /// How ``FaceRenderer`` writes a face.
    public enum Style: Sendable, Hashable {
        /// The face's Unicode emoji; a face without one stays as its tag.
        case unicode
        /// `<img src="BASE+image" alt="[tag]">`; all other text is HTML-escaped.
        case html(imageBase: String = "")
        /// `![name](BASE+image)`, where name is the tag without its brackets.
        case markdown(imageBase: String = "")
        /// Just the image path, `BASE+image`.
        case path(imageBase: String = "")
        /// A template with the placeholders `{tag}` (canonical tag), `{name}` (tag
        /// without brackets), `{image}` (BASE+image), `{gif}` (BASE+animated image,
        /// empty if the face has none), `{emoji}` and `{code}` (twemoji code name);
        /// `{{` and `}}` write a brace. The template is written as given: no
        /// escaping. Check a template from a user with ``unknownPlaceholders(in:)``:
        /// an unknown placeholder is written as it stands.
        case template(String, imageBase: String = "")

        /// The placeholders of ``template(_:imageBase:)``, without braces.
        public static let templatePlaceholders = ["tag", "name", "image", "gif", "emoji", "code"]

        /// The `{…}` names in `template` that are not placeholders, in order.
        public static func unknownPlaceholders(in template: String) -> [String] {
            TemplateExpander.placeholders(in: template).filter { !templatePlaceholders.contains($0) }
        }

        var imageBase: String {
            switch self {
            case .unicode: ""
            case .html(let base), .markdown(let base), .path(let base), .template(_, let base): base
            }
        }
    }
}
