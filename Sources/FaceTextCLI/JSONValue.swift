import FaceText

/// A JSON value for output, written compactly with keys in the given order.
indirect enum JSONValue: Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }

    /// A string or null.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    var text: String {
        switch self {
        case .string(let value): return JSONText.quoted(value)
        case .integer(let value): return String(value)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONText.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}
