/// Fills `{name}` placeholders in a render template. Unknown placeholders and
/// lone braces are written as they are; `{{` and `}}` write a literal brace.
enum TemplateExpander {
    static func expand(_ template: String, values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            result += rest[..<open]
            let after = rest.index(after: open)
            if after < rest.endIndex, rest[after] == rest[open] {
                result.append(rest[open])
                rest = rest[rest.index(after: after)...]
                continue
            }
            if rest[open] == "{", let close = rest[after...].firstIndex(of: "}"),
               let value = values[String(rest[after..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append(rest[open])
                rest = rest[after...]
            }
        }
        return result + rest
    }

    /// The names between single braces in `template`, as `expand` reads them.
    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            let after = rest.index(after: open)
            if after < rest.endIndex, rest[after] == rest[open] {
                rest = rest[rest.index(after: after)...]
                continue
            }
            if rest[open] == "{", let close = rest[after...].firstIndex(of: "}") {
                names.append(String(rest[after..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest[after...]
            }
        }
        return names
    }
}
