/// A decoded catalog document, independent of the file format it came from
/// (XML or binary property list, or JSON).
package indirect enum CatalogValue: Sendable, Equatable {
    /// Arrays and dictionaries may be nested this deep in a catalog document
    /// (a catalog needs five levels); deeper documents are refused before they
    /// are decoded.
    public static let maximumDepth = 256

    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case array([CatalogValue])
    case dictionary([String: CatalogValue])
    /// Data, dates and anything else a property list can hold but a catalog never uses.
    case other(String)

    /// A short name of the value's type, for error messages.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .integer, .real: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .other(let name): name
        }
    }

    /// The value's fields, if it is a dictionary (a JSON object).
    public var dictionaryValue: [String: CatalogValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value's items, if it is an array.
    public var arrayValue: [CatalogValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The value as text: strings as they are, whole numbers in decimal.
    var textValue: String? {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .real(let number) where number == number.rounded() && abs(number) < 1e15: String(Int(number))
        default: nil
        }
    }
}
