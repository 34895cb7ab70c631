import FaceText
import Foundation

/// Counts for `facetext stats`, overall and per file: printed as a table,
/// written as a partial result, and read back and merged.
///
/// The partial result is one JSON object:
/// `{"format":"facetext-stats","version":1,"catalog":"<fingerprint>","faces":<total>,
/// "counts":{"<key>":<count>,…},"files":[{"file":"<name>","counts":{…}},…]}`
/// (`files` only with --by-file). Keys are sorted, so equal counts give equal bytes.
struct StatsReport {
    static let format = "facetext-stats"
    static let version = 1

    var overall: FaceStats
    var files: [(name: String, stats: FaceStats)] = []

    init(catalog: FaceCatalog) {
        overall = FaceStats(catalog: catalog)
    }

    init(overall: FaceStats) {
        self.overall = overall
    }

    mutating func add(_ stats: FaceStats, file: String?) {
        overall.merge(stats)
        guard let file else { return }
        if let index = files.firstIndex(where: { $0.name == file }) {
            files[index].stats.merge(stats)
        } else {
            files.append((file, stats))
        }
    }

    // MARK: Partial results

    func partialJSON() -> String {
        var text = "{\"format\":" + JSONText.quoted(Self.format) + ",\"version\":\(Self.version)"
            + ",\"catalog\":" + JSONText.quoted(overall.catalog) + ",\"faces\":\(overall.total),\"counts\":"
        Self.appendCounts(overall, to: &text)
        if !files.isEmpty {
            text += ",\"files\":["
            for (index, file) in files.enumerated() {
                text += (index == 0 ? "" : ",") + "{\"file\":" + JSONText.quoted(file.name) + ",\"counts\":"
                Self.appendCounts(file.stats, to: &text)
                text += "}"
            }
            text += "]"
        }
        return text + "}"
    }

    /// Appends `{"<key>":<count>,…}`, keys in UTF-8 byte order (which is scalar order).
    private static func appendCounts(_ stats: FaceStats, to text: inout String) {
        text += "{"
        for (index, entry) in stats.inKeyOrder.enumerated() {
            if index > 0 { text += "," }
            text += JSONText.quoted(entry.key)
            text += ":"
            text += String(entry.count)
        }
        text += "}"
    }

    /// Reads partial results (one or more JSON objects per input, one per line) and merges them.
    static func merging(_ names: [String], context: CommandContext) throws -> (StatsReport, Bool) {
        var report: StatsReport?
        var data: [UInt8] = []
        var failures: [String] = []
        let inputs = InputFiles(names)
        let allRead = try inputs.forEachChunk(context, start: { (_: String) throws(IOError) in data = [] }, { (chunk) throws(IOError) in
            data.append(contentsOf: chunk)
        }, end: { (name: String) throws(IOError) in
            var lineNumber = 0
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
                lineNumber += 1
                guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
                do {
                    let partial = try parse(Data(line), place: "\(inputs.displayName(name)) line \(lineNumber)")
                    if report == nil {
                        report = partial
                    } else if report!.overall.catalog != partial.overall.catalog {
                        throw CommandFailure(message: "\(inputs.displayName(name)) line \(lineNumber): partial result was made with another catalog (\(partial.overall.catalog), not \(report!.overall.catalog))")
                    } else {
                        report!.add(partial.overall, file: nil)
                        for file in partial.files { report!.add(file.stats, file: file.name) }
                    }
                } catch let error as CommandFailure {
                    failures.append(error.message)
                } catch {
                    failures.append("\(error)")
                }
            }
        })
        if let first = failures.first {
            for failure in failures.dropFirst() { context.error(failure) }
            throw CommandFailure(message: first)
        }
        let catalog = FaceStats.catalogFingerprint(context.catalog)
        if let report, report.overall.catalog != catalog {
            throw CommandFailure(message: "partial results were made with another catalog (\(report.overall.catalog)); merge with the same --catalog (\(catalog))")
        }
        return (report ?? StatsReport(catalog: context.catalog), allRead)
    }

    private static func parse(_ data: Data, place: String) throws -> StatsReport {
        func fail(_ problem: String) -> CommandFailure { CommandFailure(message: "\(place): \(problem)") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a JSON object written by 'facetext stats --json'")
        }
        guard object["format"] as? String == format else { throw fail("not a stats partial result (format is not \"\(format)\")") }
        guard let version = object["version"] as? Int, version == Self.version else {
            throw fail("partial result version \(object["version"].map { "\($0)" } ?? "missing") is not supported (expected \(Self.version))")
        }
        guard let catalog = object["catalog"] as? String else { throw fail("\"catalog\" is missing") }
        let overall = try counts(object["counts"], catalog: catalog, fail: fail)
        if let total = object["faces"] as? Int, total != overall.total {
            throw fail("\"faces\" is \(total) but the counts add up to \(overall.total)")
        }
        var report = StatsReport(overall: overall)
        if let files = object["files"] {
            guard let list = files as? [[String: Any]] else { throw fail("\"files\" must be an array of objects") }
            for entry in list {
                guard let name = entry["file"] as? String else { throw fail("a file entry has no \"file\" name") }
                report.files.append((name, try counts(entry["counts"], catalog: catalog, fail: fail)))
            }
        }
        return report
    }

    private static func counts(_ value: Any?, catalog: String, fail: (String) -> CommandFailure) throws -> FaceStats {
        guard let counts = value as? [String: Any] else { throw fail("\"counts\" must be an object of counts") }
        var result: [String: Int] = [:]
        for (key, count) in counts {
            guard let number = count as? NSNumber, isWholeNumber(number), number.intValue >= 0 else {
                throw fail("count of \"\(key)\" must be a whole number of at least 0")
            }
            result[key] = number.intValue
        }
        return FaceStats(counts: result, catalog: catalog)
    }
}

private func isWholeNumber(_ number: NSNumber) -> Bool {
    number.doubleValue == number.doubleValue.rounded() && String(cString: number.objCType) != "c"
}
