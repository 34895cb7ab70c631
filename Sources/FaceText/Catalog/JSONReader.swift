/// A strict JSON reader (RFC 8259) that turns a document into a ``CatalogValue``.
///
/// Catalogs and `stats` partial results are read with it, so that an error
/// names the line and column where the document goes wrong. Beyond the RFC it
/// accepts a leading UTF-8 byte order mark; it refuses what the RFC leaves open
/// and a careless writer gets wrong: a key twice in one object, a number
/// too large for a `Double`, nesting deeper than ``JSONReader/maximumDepth``
/// and strings that are not valid UTF-8 or hold an unpaired surrogate escape.
///
/// Whole numbers that fit in an `Int` become ``CatalogValue/integer(_:)``;
/// other numbers ``CatalogValue/real(_:)``; `null` is ``CatalogValue/other(_:)``
/// named "null".
package struct JSONReader {
    /// Arrays and objects may be nested this deep: ``CatalogValue/maximumDepth``.
    public static let maximumDepth = CatalogValue.maximumDepth

    /// A syntax error: where (1-based line and column, counted in bytes) and what.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let problem: String
        public var description: String { "line \(line), column \(column): \(problem)" }
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Reads one JSON document (white space around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> CatalogValue {
        var reader = JSONReader(bytes)
        let value = try reader.value()
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.error("unexpected \(reader.found) after the value") }
        return value
    }

    private var found: String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func error(_ problem: String, at offset: Int? = nil) -> SyntaxError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SyntaxError(line: line, column: end - lineStart + 1, problem: problem)
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() throws(SyntaxError) -> CatalogValue {
        skipSpace()
        guard position < bytes.count else { throw error("expected a value, found end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .other("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let utf8 = Array(word.utf8)
        guard bytes[position...].starts(with: utf8) else { throw error("expected a value, found \(found)") }
        position += utf8.count
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("arrays and objects nested more than \(Self.maximumDepth) deep") }
    }

    private mutating func array() throws(SyntaxError) -> CatalogValue {
        try enter()
        position += 1
        var items: [CatalogValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipSpace()
            guard position < bytes.count else { throw error("expected ',' or ']', found end of input") }
            if bytes[position] == UInt8(ascii: "]") { break }
            guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or ']', found \(found)") }
            position += 1
        }
        position += 1
        depth -= 1
        return .array(items)
    }

    private mutating func object() throws(SyntaxError) -> CatalogValue {
        try enter()
        position += 1
        var fields: [String: CatalogValue] = [:]
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .dictionary(fields)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(found)")
            }
            let keyStart = position
            let key = try string()
            guard fields[key] == nil else { throw error("key \(JSONText.quoted(key)) appears twice in one object", at: keyStart) }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':', found \(found)") }
            position += 1
            fields[key] = try value()
            skipSpace()
            guard position < bytes.count else { throw error("expected ',' or '}', found end of input") }
            if bytes[position] == UInt8(ascii: "}") { break }
            guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or '}', found \(found)") }
            position += 1
        }
        position += 1
        depth -= 1
        return .dictionary(fields)
    }

    private mutating func string() throws(SyntaxError) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ end: Int) throws(SyntaxError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw error("a string holds bytes that are not valid UTF-8", at: start)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw error("a string is not closed", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            try flush(position)
            position += 1
            guard position < bytes.count else { throw error("a string is not closed", at: start) }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let escapeStart = position - 2
                var value = try hexQuad()
                if (0xD800..<0xDC00).contains(value) {
                    guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                        throw error("\\u escape of an unpaired surrogate", at: escapeStart)
                    }
                    position += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("\\u escape of an unpaired surrogate", at: escapeStart) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("\\u escape of an unpaired surrogate", at: escapeStart) }
                scalars.append(scalar)
            default:
                throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: position - 2)
            }
            runStart = position
        }
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = bytes[position].hexDigitValue else {
                throw error("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func number() throws(SyntaxError) -> CatalogValue {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw error("a number needs a digit after '-'", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
            throw error("a number may not start with 0", at: start)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw error("a number needs digits after '.'", at: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let real = Double(text), real.isFinite else { throw error("the number \(text) is too large", at: start) }
        return .real(real)
    }
}
