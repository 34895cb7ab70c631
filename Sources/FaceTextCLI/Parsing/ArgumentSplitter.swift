/// Stage 1 of parsing: turns the raw arguments into options, values and the
/// `--` terminator, remembering where each came from.
enum ArgumentElement: Equatable {
    /// `--name` or `--name=value`.
    case long(name: String, value: String?)
    /// `-x`, `-xyz`, or `-n5` (the characters after the dash).
    case short(String)
    /// A plain argument (including `-` alone).
    case value(String)
    /// `--`: everything after it is a value.
    case terminator
}

enum ArgumentSplitter {
    static func split(_ arguments: [String]) -> [ArgumentElement] {
        var elements: [ArgumentElement] = []
        var afterTerminator = false
        for argument in arguments {
            if afterTerminator {
                elements.append(.value(argument))
            } else if argument == "--" {
                elements.append(.terminator)
                afterTerminator = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    elements.append(.long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...])))
                } else {
                    elements.append(.long(name: String(body), value: nil))
                }
            } else if argument.hasPrefix("-") && argument.count > 1 {
                elements.append(.short(String(argument.dropFirst())))
            } else {
                elements.append(.value(argument))
            }
        }
        return elements
    }
}
