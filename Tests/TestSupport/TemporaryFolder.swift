import Foundation

/// A fresh folder under the system's temporary directory for a test's files,
/// removed with everything in it when the last reference to it goes (a
/// suite's stored property: when the test ends).
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("facetext-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `data` to a file named `name` in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, data: Data) -> String {
        let file = url.appendingPathComponent(name)
        try? data.write(to: file)
        return file.path
    }

    /// Writes `text` as UTF-8 to a file named `name` in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        write(name, data: Data(text.utf8))
    }
}
