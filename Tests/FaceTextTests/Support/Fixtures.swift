import Foundation
import TestSupport
@testable import FaceText

/// Paths and small helpers shared by the library tests.
enum Fixtures {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let unicodeData = root.appendingPathComponent("Tests/UnicodeData")

    /// A catalog from an inline XML plist body (inside `<plist>`).
    static func catalog(plist body: String, name: String = "test.plist") throws(CatalogError.List) -> FaceCatalog {
        try FaceCatalog(data: Data(xml(body).utf8), name: name)
    }

    static func xml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">\(body)</plist>
        """
    }

    /// Fully-qualified and component sequences of the checked-in emoji-test.txt.
    static let emojiTestSequences: [(status: String, emoji: String)] = {
        let text = (try? String(contentsOf: unicodeData.appendingPathComponent("emoji-test.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let codes = line[..<semicolon].split(separator: " ")
            let status = line[line.index(after: semicolon)...].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            var scalars = String.UnicodeScalarView()
            for code in codes { scalars.append(Unicode.Scalar(UInt32(code, radix: 16)!)!) }
            return (status, String(scalars))
        }
    }()
}
