/// Stage 2 of parsing: the options and arguments of one command, matched
/// against its ``OptionSpec``s.
struct Invocation: Sendable {
    /// Values of options, by long name, in the order given.
    var values: [String: [String]] = [:]
    /// Positional arguments (files).
    var arguments: [String] = []
    /// The options of the command it was parsed for (nil when made by hand): looking up any
    /// other is a mistake in the command, which debug builds (and so the tests) stop at.
    private(set) var declared: Set<String>?

    func flag(_ name: String) -> Bool { values[declaredName(name)] != nil }
    func value(_ name: String) -> String? { values[declaredName(name)]?.last }
    func all(_ name: String) -> [String] { values[declaredName(name)] ?? [] }

    private func declaredName(_ name: String) -> String {
        assert(declared?.contains(name) ?? true, "'--\(name)' is looked up but not declared by the command")
        return name
    }

    /// An option's value as a whole number of at least `minimum`.
    func integer(_ name: String, minimum: Int, command: CommandSpec) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError(.invalidValue(option: "--\(name)", value: text, expected: "a whole number of at least \(minimum)"), command: command)
        }
        return number
    }

    /// An option's value as a whole number in `range` (each numeric option states its range in its help).
    func integer(_ name: String, in range: ClosedRange<Int>, command: CommandSpec) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(.invalidValue(option: "--\(name)", value: text,
                                           expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"), command: command)
        }
        return number
    }

    /// Parses the arguments of `command`.
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        invocation.declared = Set(command.options.map(\.long))
        var elements = ArgumentSplitter.split(arguments)[...]
        while let element = elements.popFirst() {
            switch element {
            case .terminator:
                continue
            case .value(let value):
                invocation.arguments.append(value)
            case .long(let name, let attached):
                guard let spec = command.options.first(where: { $0.long == name }) else {
                    let suggestion = Suggestion.nearest(to: name, among: command.options.map(\.long))
                    throw UsageError(.unknownOption("--\(name)", suggestion: suggestion.map { "--\($0)" }), command: command)
                }
                try invocation.take(spec, attached: attached, from: &elements, command: command)
            case .short(let letters):
                var rest = Substring(letters)
                while let letter = rest.popFirst() {
                    guard let spec = command.options.first(where: { $0.short == letter }) else {
                        throw UsageError(.unknownOption("-\(letter)", suggestion: nil), command: command)
                    }
                    if spec.isFlag {
                        try invocation.take(spec, attached: nil, from: &elements, command: command)
                    } else {
                        try invocation.take(spec, attached: rest.isEmpty ? nil : String(rest), from: &elements, command: command)
                        break
                    }
                }
            }
        }
        return invocation
    }

    private mutating func take(_ spec: OptionSpec, attached: String?, from elements: inout ArraySlice<ArgumentElement>,
                               command: CommandSpec) throws(UsageError) {
        if spec.optionalValue {
            var value = attached ?? ""
            if attached == nil, case .value(let next)? = elements.first, !next.isEmpty, next.allSatisfy({ $0.isASCII && $0.isNumber }) {
                value = next
                elements.removeFirst()
            }
            if values[spec.long] != nil, values[spec.long] != [value] {
                throw UsageError(.repeated(option: "--\(spec.long)"), command: command)
            }
            values[spec.long] = [value]
            return
        }
        if spec.isFlag {
            if attached != nil { throw UsageError(.unexpectedValue(option: "--\(spec.long)"), command: command) }
            values[spec.long, default: []].append("")
            return
        }
        var value = attached
        switch elements.first {
        case .value(let next)? where value == nil:
            value = next
            elements.removeFirst()
        case .short(let letters)? where value == nil && letters.first.map({ $0.isASCII && $0.isNumber }) == true:
            // A negative number is a value (`--gap -1`), for the option to judge, not an option.
            value = "-" + letters
            elements.removeFirst()
        default:
            break
        }
        guard let value else { throw UsageError(.missingValue(option: "--\(spec.long)"), command: command) }
        if let allowed = spec.allowedValues, !allowed.contains(value) {
            throw UsageError(.invalidValue(option: "--\(spec.long)", value: value,
                                           expected: "one of " + allowed.joined(separator: ", ")), command: command)
        }
        if !spec.repeatable, values[spec.long] != nil, values[spec.long] != [value] {
            throw UsageError(.repeated(option: "--\(spec.long)"), command: command)
        }
        values[spec.long, default: []].append(value)
    }
}
