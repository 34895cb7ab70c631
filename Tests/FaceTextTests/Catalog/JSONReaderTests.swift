import Testing
@testable import FaceText

@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONReader.SyntaxError) -> CatalogValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test(arguments: [
        (#"{"chs":"[哈哈]","type":0}"#, CatalogValue.dictionary(["chs": .string("[哈哈]"), "type": .integer(0)])),
        (" [1, -2, 1.5, 1e2, true, false, null] \n",
         .array([.integer(1), .integer(-2), .real(1.5), .real(100), .bool(true), .bool(false), .other("null")])),
        (#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#, .string("a\"\\/\u{8}\u{C}\n\r\té😀")),
        ("\u{FEFF}[]", .array([])),
        ("{}", .dictionary([:])),
        ("9007199254740993", .integer(9_007_199_254_740_993)),
        ("99999999999999999999", .real(1e20)),
        ("-0", .integer(0)),
        (#""😃 好""#, .string("😃 好")),
    ])
    func readsValidDocuments(text: String, expected: CatalogValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("[1,", 1, 4, "expected a value, found end of input"),
        ("[1,]", 1, 4, "expected a value, found ']'"),
        ("[1 2]", 1, 4, "expected ',' or ']', found '2'"),
        ("{\"a\":1,}", 1, 8, "expected a key in double quotes, found '}'"),
        ("{\"a\":1,\n \"a\":2}", 2, 2, "key \"a\" appears twice in one object"),
        ("{\"a\" 1}", 1, 6, "expected ':', found '1'"),
        ("[01]", 1, 2, "a number may not start with 0"),
        ("[1.]", 1, 2, "a number needs digits after '.'"),
        ("[-]", 1, 2, "a number needs a digit after '-'"),
        ("[1e400]", 1, 2, "the number 1e400 is too large"),
        ("[\"\\ud800\"]", 1, 3, "\\u escape of an unpaired surrogate"),
        ("[\"\\udc00\"]", 1, 3, "\\u escape of an unpaired surrogate"),
        ("[\"\\x\"]", 1, 3, "unknown escape '\\x' in a string"),
        ("[\"\\u12\"]", 1, 7, "\\u must be followed by four hex digits"),
        ("[\"a\tb\"]", 1, 4, "a control character (byte 0x9) in a string must be escaped"),
        ("[\"abc", 1, 2, "a string is not closed"),
        ("[tru]", 1, 2, "expected a value, found 't'"),
        ("[1] x", 1, 5, "unexpected 'x' after the value"),
        ("", 1, 1, "expected a value, found end of input"),
        ("[NaN]", 1, 2, "expected a value, found 'N'"),
    ])
    func reportsWhereAndWhat(text: String, line: Int, column: Int, problem: String) {
        #expect(throws: JSONReader.SyntaxError(line: line, column: column, problem: problem)) { try parse(text) }
    }

    @Test func refusesBytesThatAreNotUTF8InAString() {
        #expect(throws: JSONReader.SyntaxError(line: 1, column: 2, problem: "a string holds bytes that are not valid UTF-8")) {
            try JSONReader.parse([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
        }
    }

    @Test func boundsNestingInsteadOfOverflowingTheStack() throws {
        let deep = JSONReader.maximumDepth
        let allowed = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
        #expect(throws: Never.self) { try parse(allowed) }
        let tooDeep = String(repeating: "[", count: 1_000_000)
        #expect(throws: JSONReader.SyntaxError(line: 1, column: deep + 1,
                                               problem: "arrays and objects nested more than \(deep) deep")) { try parse(tooDeep) }
    }
}
