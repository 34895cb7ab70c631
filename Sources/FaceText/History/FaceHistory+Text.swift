/// The history's file format: plain UTF-8 text, a line per face.
///
/// ```
/// facetext-recent 1
/// [哈哈]	1764633720	2
/// 😀	1764633500	1
/// ```
///
/// The first line names the format and its version. Each other line is a
/// face's key, the time it was last used (seconds since 1970, UTC) and its
/// count, separated by tabs; lines are written newest first. Reading takes
/// what is sound and reports the rest by line: a line cut short, bytes that
/// are not UTF-8, a key with a tab or line feed, numbers out of range, a key
/// twice (the uses are added up).
extension FaceHistory {
    /// The first line of a file of this version.
    public static let header = "facetext-recent 1"

    /// A line of a history file that could not be read, and why.
    public struct Warning: Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line number.
        public var line: Int
        public var problem: String
        public var description: String { "line \(line): \(problem)" }
    }

    /// Reads a history file's bytes: the history (at most `limit` faces), what
    /// could not be read, and whether the file is of a later version (read as
    /// far as its lines look like this version's; it must not be written over).
    public static func reading(_ bytes: [UInt8], limit: Int = 1_000) -> (history: FaceHistory, warnings: [Warning], isNewer: Bool) {
        var history = FaceHistory(limit: Int.max)
        var warnings: [Warning] = []
        var isNewer = false
        // An empty file is an empty history (one made by `touch`, or emptied by hand).
        if bytes.isEmpty { return (FaceHistory(limit: limit), [], false) }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if offset == 0 {
                let first = String(decoding: line, as: UTF8.self)
                if first == header { continue }
                if first.hasPrefix("facetext-recent "), let version = Int(first.dropFirst(16)), version > 1 {
                    isNewer = true
                    warnings.append(Warning(line: 1, problem: "written by a later facetext (format version \(version)); read as far as it can be, and left as it is"))
                    continue
                }
                warnings.append(Warning(line: 1, problem: "no 'facetext-recent 1' header; each line read as a face"))
            }
            if line.isEmpty {
                if offset != lines.count - 1 { warnings.append(Warning(line: number, problem: "an empty line")) }
                continue
            }
            guard let text = String(validating: line, as: UTF8.self) else {
                warnings.append(Warning(line: number, problem: "bytes that are not UTF-8"))
                continue
            }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[0].isEmpty else {
                warnings.append(Warning(line: number, problem: "not 'face<TAB>time<TAB>count' (\(fields.count) field\(fields.count == 1 ? "" : "s"))"))
                continue
            }
            guard let time = Int64(fields[1]), time >= 0 else {
                warnings.append(Warning(line: number, problem: "'\(fields[1].prefix(40))' is not a time in seconds"))
                continue
            }
            guard let count = Int(fields[2]), count > 0 else {
                warnings.append(Warning(line: number, problem: "'\(fields[2].prefix(40))' is not a count of 1 or more"))
                continue
            }
            if history[String(fields[0])] != nil { warnings.append(Warning(line: number, problem: "\(fields[0]) again; its uses are added up")) }
            history.record(String(fields[0]), at: time, count: count)
        }
        history.limit = limit
        return (history, warnings, isNewer)
    }

    /// Whether `key` can be written on a line of the file (no tab, line feed or
    /// carriage return, and not empty).
    public static func canRecord(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The file's text: the header, then a line per face, newest first.
    public var text: String {
        var text = Self.header + "\n"
        for entry in ordered(by: .recent) where Self.canRecord(entry.key) {
            text += "\(entry.key)\t\(entry.lastUsed)\t\(entry.count)\n"
        }
        return text
    }
}
