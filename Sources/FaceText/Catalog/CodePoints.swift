/// Parsing of the catalog's `code` key: hex code points such as `0x1f606`,
/// `1F606`, `U+1F606`, or a sequence `1F468-200D-1F469` (also space- or
/// comma-separated).
enum CodePoints {
    /// The scalars written in `text`, or a description of what is wrong.
    static func parse(_ text: String) -> Result<[Unicode.Scalar], CodePointError> {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == "," || $0 == "_" })
        guard !parts.isEmpty else { return .failure(.empty) }
        var scalars: [Unicode.Scalar] = []
        for part in parts {
            var digits = Substring(part)
            for prefix in ["0x", "0X", "U+", "u+"] where digits.hasPrefix(prefix) {
                digits = digits.dropFirst(prefix.count)
                break
            }
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16) else {
                return .failure(.notHex(String(part)))
            }
            guard value <= 0x10FFFF else { return .failure(.tooLarge(String(part))) }
            guard let scalar = Unicode.Scalar(value) else { return .failure(.surrogate(String(part))) }
            scalars.append(scalar)
        }
        return .success(scalars)
    }

    /// A code point given as a number rather than as hex text.
    static func scalar(fromNumber value: Int) -> Result<[Unicode.Scalar], CodePointError> {
        guard value >= 0, value <= 0x10FFFF else { return .failure(.tooLarge(String(value))) }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return .failure(.surrogate(String(value))) }
        return .success([scalar])
    }
}

/// What is wrong with a `code` value.
enum CodePointError: Error, Equatable, CustomStringConvertible {
    case empty
    case notHex(String)
    case tooLarge(String)
    case surrogate(String)

    var description: String {
        switch self {
        case .empty: "is empty"
        case .notHex(let part): "\"\(part)\" is not a hex code point"
        case .tooLarge(let part): "\"\(part)\" is beyond U+10FFFF"
        case .surrogate(let part): "\"\(part)\" is a surrogate, not a Unicode scalar"
        }
    }
}

extension String {
    /// A code point's value as Unicode writes it after "U+": upper-case hex, at least four digits (`001B`, `1F600`).
    init(format4 value: UInt32) {
        let digits = String(value, radix: 16, uppercase: true)
        let zeros = Swift.max(0, 4 - digits.utf8.count)
        self = String(repeating: "0", count: zeros) + digits
    }
}
