// The fuzz target's checks of `facetext page` and its UTF-8 repair (see
// FuzzTarget.swift; the command-line module is built in with the library):
//  - UTF8Check finds the same first ill-formed byte as the standard library,
//    and repairs as `String(decoding:as:)` does;
//  - `page` of the input in a line format (the fuzzer: one chosen by the
//    input's first byte; the tests: each) gives the same bytes when the
//    input comes in chunks, on one thread and on two; the page is well-formed
//    UTF-8 and every `<` in it starts one of the page's own elements.

#if canImport(FaceTextCLI)
@testable import FaceTextCLI
#endif

enum PageFuzz {
    static func check(_ condition: Bool, _ message: StaticString) {
        if !condition { fatalError("invariant failed: \(message)") }
    }

    static let elements = ["html", "head", "meta", "title", "style", "body", "main", "h1", "p", "time", "div", "img", "a", "nav"]

    static func page(_ input: [UInt8], format: String, chunk: Int, secondThread: Bool) -> [UInt8] {
        let out = BufferSink(), err = BufferSink()
        var context = CommandContext(environment: [:], stdin: BufferSource(input, chunkSize: chunk), stdout: out, stderr: err)
        context.usesSecondThread = secondThread
        _ = CLI.run(arguments: ["page", "--format", format, "--me", "我", "--image-base", "f/"], context: context)
        return out.bytes
    }

    /// Whether every `<` of `html` starts one of the page's own elements (or its doctype).
    static func onlyOwnMarkup(_ html: [UInt8]) -> Bool {
        let text = String(decoding: html, as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("!DOCTYPE html>") { continue }
            let name = rest.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
            guard elements.contains(String(name)) else { return false }
            if name == "style", !rest.hasPrefix("/"), let end = rest.range(of: "</style>") { rest = rest[end.lowerBound...].dropFirst() }
        }
        return true
    }

    static let formats = ["lines", "prefixed", "qq", "wechat", "whatsapp"]

    /// The checks on `input`, with `page` in the formats `formats` names.
    static func run(_ input: [UInt8], size: Int, formats: [String] = formats) {
        let firstInvalid = input.withUnsafeBufferPointer { UTF8Check.firstInvalid($0) }
        check((firstInvalid == nil) == (String(validating: input, as: UTF8.self) != nil), "UTF8Check and the standard library disagree on validity")
        let repaired = firstInvalid.map { UTF8Check.repaired(input, from: $0) } ?? input
        check(repaired == Array(String(decoding: input, as: UTF8.self).utf8), "UTF8Check repairs otherwise than the standard library")

        for format in formats {
            let whole = page(input, format: format, chunk: .max, secondThread: false)
            check(page(input, format: format, chunk: size, secondThread: true) == whole, "page depends on chunking or on its second thread")
            check(String(validating: whole, as: UTF8.self) != nil, "page wrote ill-formed UTF-8")
            check(onlyOwnMarkup(whole), "page wrote markup of the input's")
        }
    }
}
