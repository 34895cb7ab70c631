import Foundation

/// Files written for a test, in a fresh temporary folder.
enum FileManagerTemporary {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes `text` (or `data`) to a file named `name` and returns its path.
    static func write(_ name: String, _ text: String) -> String {
        write(name, data: Data(text.utf8))
    }

    static func write(_ name: String, data: Data) -> String {
        let url = folder.appendingPathComponent(name)
        try? data.write(to: url)
        return url.path
    }
}
