import FaceText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts for `facetext stats`, overall and per group (per file, sender,
/// day, …): printed as a table, written as a partial result, and read back
/// and merged.
///
/// The partial result is one JSON object:
/// `{"format":"facetext-stats","version":1,"catalog":"<fingerprint>","faces":<total>,
/// "counts":{"<key>":<count>,…},"files":[{"file":"<name>","counts":{…}},…]}`
/// (`files` only with --by-file); with --by, `"by":["sender","month"],"groups":[{"sender":"小红",
/// "month":"2024-05","counts":{…}},…]` instead. Keys are sorted, so equal counts give equal bytes.
struct StatsReport {
    static let format = "facetext-stats"
    static let version = 1

    var overall: FaceStats
    /// What the groups are by: `["file"]`, `["sender", "month"]`, or none.
    var by: [String] = []
    /// Each group's values (one per ``by``) and counts, in the order met.
    private(set) var groups: [(values: [String], stats: FaceStats)] = []
    private var groupIndex: [[String]: Int] = [:]

    init(catalog: FaceCatalog, by: [String] = []) {
        overall = FaceStats(catalog: catalog)
        self.by = by
    }

    init(overall: FaceStats, by: [String] = []) {
        self.overall = overall
        self.by = by
    }

    /// Adds counts to the overall ones, and to the group with `values` if given.
    mutating func add(_ stats: FaceStats, group values: [String]?) {
        overall.merge(stats)
        if let values { addToGroup(stats, values: values) }
    }

    /// Adds counts to the group with `values` alone (the overall counts hold them already).
    mutating func addToGroup(_ stats: FaceStats, values: [String]) {
        if let index = groupIndex[values] {
            groups[index].stats.merge(stats)
        } else {
            groupIndex[values] = groups.count
            groups.append((values, stats))
        }
    }

    /// Puts the groups in the order a report shows them (``StatsGrouping/order(_:by:)``).
    mutating func orderGroups() {
        groups = StatsGrouping.order(groups, by: by)
        groupIndex = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.values, $0) })
    }

    // MARK: Partial results

    func partialJSON() -> String {
        var text = "{\"format\":" + JSONText.quoted(Self.format) + ",\"version\":\(Self.version)"
            + ",\"catalog\":" + JSONText.quoted(overall.catalog) + ",\"faces\":\(overall.total),\"counts\":"
        Self.appendCounts(overall, to: &text)
        // A grouped result says so even with no group (an empty input), so that it is never merged with a plain one.
        if !by.isEmpty {
            if by != ["file"] { text += ",\"by\":[" + by.map(JSONText.quoted).joined(separator: ",") + "]" }
            text += by == ["file"] ? ",\"files\":[" : ",\"groups\":["
            for (index, group) in groups.enumerated() {
                text += index == 0 ? "{" : ",{"
                if group.values.first == StatsGrouping.others && by != ["file"] { text += "\"others\":true," }
                for (key, value) in zip(by, group.values) { text += JSONText.quoted(key) + ":" + StatsGrouping.json(held: value, key: key) + "," }
                text += "\"counts\":"
                Self.appendCounts(group.stats, to: &text)
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

    /// The longest line of a partial result read (a partial of a million different faces is a few tens of MiB).
    static let lineLimit = 64 << 20

    /// Reads partial results (one or more JSON objects per input, one per line) and merges them,
    /// a line at a time as the input comes: a line over ``lineLimit`` is an error, not a pile-up.
    static func merging(_ names: [String], context: CommandContext) throws -> (StatsReport, Bool) {
        var report: StatsReport?
        let keys = StatsKeys(catalog: context.catalog)
        var line: [UInt8] = []
        var lineNumber = 0
        var tooLong = false
        var failures: [String] = []
        let inputs = InputFiles(names)
        func take(_ line: [UInt8], of name: String) {
            lineNumber += 1
            guard !tooLong else {
                failures.append("\(inputs.displayName(name)) line \(lineNumber): over \(Self.lineLimit >> 20) MiB, longer than any partial result")
                return
            }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return }
            do {
                let partial = try parse(line, place: "\(inputs.displayName(name)) line \(lineNumber)", keys: keys)
                if report == nil {
                    report = partial
                } else if report!.overall.catalog != partial.overall.catalog {
                    throw CommandFailure(message: "\(inputs.displayName(name)) line \(lineNumber): partial result was made with another catalog (\(partial.overall.catalog), not \(report!.overall.catalog))")
                } else if report!.overall.total > Self.largestCount - partial.overall.total {
                    throw CommandFailure(message: "\(inputs.displayName(name)) line \(lineNumber): the merged counts would exceed \(Self.largestCount) faces")
                } else if report!.by != partial.by {
                    throw CommandFailure(message: "\(inputs.displayName(name)) line \(lineNumber): partial result is \(grouping(partial.by)), the ones before \(grouping(report!.by)): merge partials made alike")
                } else {
                    report!.add(partial.overall, group: nil)
                    for group in partial.groups { report!.addToGroup(group.stats, values: group.values) }
                }
            } catch let error as CommandFailure {
                failures.append(error.message)
            } catch {
                failures.append("\(error)")
            }
        }
        var current = ""
        let allRead = try inputs.forEachChunk(context, start: { (name: String) throws(IOError) in
            (line, lineNumber, tooLong, current) = ([], 0, false, name)
        }, { (chunk) throws(IOError) in
            var start = 0
            while start < chunk.count {
                let end = ByteSearch.firstIndex(of: 0x0A, in: chunk, from: start) ?? chunk.count
                if !tooLong {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
                    if line.count > Self.lineLimit {
                        tooLong = true
                        line = []
                    }
                }
                guard end < chunk.count else { break }
                take(line, of: current)
                line.removeAll(keepingCapacity: true)
                tooLong = false
                start = end + 1
            }
        }, end: { (name: String) throws(IOError) in
            if !line.isEmpty || tooLong { take(line, of: name) }
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

    /// How a partial result is grouped, for an error message.
    private static func grouping(_ by: [String]) -> String {
        by.isEmpty ? "not grouped" : by == ["file"] ? "by file" : "grouped by " + by.joined(separator: ",")
    }

    private static func parse(_ bytes: [UInt8], place: String, keys: StatsKeys) throws -> StatsReport {
        func fail(_ problem: String) -> CommandFailure { CommandFailure(message: "\(place): \(problem)") }
        let document: CatalogValue
        do throws(JSONReader.SyntaxError) {
            document = try JSONReader.parse(bytes)
        } catch {
            throw fail("not a JSON object written by 'facetext stats --partial' (column \(error.column): \(error.problem))")
        }
        guard let object = document.dictionaryValue else { throw fail("not a JSON object written by 'facetext stats --partial'") }
        guard case .string(format)? = object["format"] else { throw fail("not a stats partial result (format is not \"\(format)\")") }
        guard let versionValue = object["version"] else { throw fail("\"version\" is missing") }
        guard let number = versionValue.wholeNumber else {
            throw fail("\"version\" must be the number \(Self.version), not \(versionValue.jsonText)")
        }
        guard number == Self.version else {
            throw fail("partial result version \(number) is not supported (this facetext reads version \(Self.version))")
        }
        guard case .string(let catalog)? = object["catalog"] else { throw fail("\"catalog\" is missing") }
        let overall = try counts(object["counts"], catalog: catalog, keys: keys, fail: fail)
        if let faces = object["faces"] {
            guard let total = faces.wholeNumber, total == overall.total else {
                throw fail("\"faces\" is \(faces.jsonText) but the counts add up to \(overall.total)")
            }
        }
        // Grouped by the keys of "by" (with "groups"), by file (with "files"), or not at all.
        var by: [String] = object["files"] != nil ? ["file"] : []
        if let value = object["by"] {
            guard let list = value.arrayValue, !list.isEmpty, list.count <= StatsGrouping.keys.count else {
                throw fail("\"by\" must be a list of the keys grouped by")
            }
            by = try list.map { item in
                guard case .string(let key) = item, StatsGrouping.keys.contains(key) else {
                    throw fail("\"by\" may hold only " + StatsGrouping.keys.joined(separator: ", "))
                }
                return key
            }
            if let twice = by.first(where: { key in by.filter { $0 == key }.count > 1 }) { throw fail("\"by\" names \"\(twice)\" twice") }
            if object["files"] != nil { throw fail("a partial result has \"files\" or \"by\" and \"groups\", not both") }
        }
        var report = StatsReport(overall: FaceStats(counts: [:], catalog: catalog), by: by)
        let field = by == ["file"] ? "files" : "groups"
        if !by.isEmpty {
            guard let list = object[field]?.arrayValue?.compactMap(\.dictionaryValue), list.count == object[field]?.arrayValue?.count else {
                throw fail("\"\(field)\" must be an array of objects")
            }
            for entry in list {
                let isOthers = try Self.isOthers(entry, field: field, fail: fail)
                let values = try by.map { key in
                    if key != "file", case .other("null")? = entry[key] { return isOthers ? StatsGrouping.others : StatsGrouping.none }
                    guard case .string(let value)? = entry[key] else {
                        throw fail("an entry of \"\(field)\" has no \"\(key)\"" + (key == "file" ? "" : " (a string, or null)"))
                    }
                    guard !isOthers else { throw fail("the others' group of \"\(field)\" has a \"\(key)\": its values are null") }
                    guard key == "file" || StatsGrouping.isValue(value, of: key) else {
                        throw fail("\(JSONText.quoted(value)) is no \(key) that 'facetext stats --by' writes")
                    }
                    return key == "sender" ? StatsGrouping.held(sender: value) : value
                }
                let stats = try counts(entry["counts"], catalog: catalog, keys: keys, fail: fail)
                guard report.overall.total <= largestCount - stats.total else { throw fail("the \(field)' counts add up to more than \(largestCount)") }
                let groupsBefore = report.groups.count
                report.add(stats, group: values)
                guard report.groups.count > groupsBefore else { throw fail("the group \(values.map(JSONText.quoted).joined(separator: ",")) is listed twice") }
            }
            // Every face counted is in exactly one group: the groups add up to the counts.
            if report.overall.counts != overall.counts {
                let key = Set(report.overall.counts.keys).union(overall.counts.keys).sorted().first { report.overall.counts[$0] != overall.counts[$0] }!
                throw fail("the \(field)' counts of \(JSONText.quoted(key)) add up to \(report.overall.counts[key] ?? 0), not the \(overall.counts[key] ?? 0) of \"counts\"")
            }
        } else if object["groups"] != nil {
            throw fail("\"groups\" without \"by\"")
        }
        report.overall = overall
        return report
    }

    /// The largest count, and total, a partial result may hold: 2^53 − 1, the
    /// largest whole number every JSON reader (jq, JavaScript) keeps exactly.
    static let largestCount = (1 << 53) - 1

    /// Whether a group of a partial result is the others' group (`"others":true`; only `true` may be written).
    private static func isOthers(_ entry: [String: CatalogValue], field: String, fail: (String) -> CommandFailure) throws -> Bool {
        guard let value = entry["others"] else { return false }
        guard field == "groups", case .bool(true) = value else { throw fail("\"others\" of a group may only be true") }
        return true
    }

    private static func counts(_ value: CatalogValue?, catalog: String, keys: StatsKeys,
                               fail: (String) -> CommandFailure) throws -> FaceStats {
        guard let counts = value?.dictionaryValue else { throw fail("\"counts\" must be an object of counts") }
        var result: [String: Int] = [:]
        var total = 0
        // In key order, so that the first problem reported is always the same one.
        for key in counts.keys.sorted() {
            guard let count = counts[key]!.wholeNumber, count >= 0, count <= largestCount else {
                throw fail("count of \(JSONText.quoted(key)) must be a whole number from 0 to \(largestCount)")
            }
            // Keys are checked against the catalog they were made with (another catalog is refused after).
            if catalog == keys.fingerprint, let problem = keys.problem(with: key) { throw fail("key \(JSONText.quoted(key)) \(problem)") }
            guard total <= largestCount - count else { throw fail("the counts add up to more than \(largestCount)") }
            total += count
            result[key] = count
        }
        return FaceStats(counts: result, catalog: catalog)
    }
}

/// What a key of a partial result may be: what `facetext stats` writes.
struct StatsKeys {
    let catalog: FaceCatalog
    let fingerprint: String
    let scanner: FaceScanner

    init(catalog: FaceCatalog) {
        self.catalog = catalog
        fingerprint = FaceStats.catalogFingerprint(catalog)
        scanner = FaceScanner(catalog: catalog, recognizing: [.tags, .emoji, .unknownTags])
    }

    /// Nil for a key `stats` writes: a face's tag, an emoji without a face,
    /// or (with `--unknown-tags`) a bracketed tag the catalog does not know;
    /// else what is wrong with it.
    func problem(with key: String) -> String? {
        let notAFace = "is not a face: 'facetext stats' counts a face by its tag, an emoji without a face by itself"
        // Emoji are written without U+FE0F: one of text style is an emoji again with it.
        var qualified = key.unicodeScalars
        if let first = qualified.first, first.value != 0x5B { qualified.insert("\u{FE0F}", at: qualified.index(after: qualified.startIndex)) }
        for text in [key, String(qualified)] {
            let tokens = scanner.tokens(in: text)
            guard tokens.count == 1, let token = tokens.first, token.range == 0..<text.utf8.count, token.kind != .text else { continue }
            if let face = token.face {
                let tag = catalog.faces[face].tag
                return tag == key ? nil : "is not how 'facetext stats' writes this face: it writes \(JSONText.quoted(tag))"
            }
            return token.kind == .emoji || token.kind == .unknown ? nil : notAFace
        }
        return notAFace
    }
}

extension CatalogValue {
    /// A JSON number with no fraction, as an `Int` (`1.0` is 1; `true` is not a number).
    fileprivate var wholeNumber: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value == value.rounded() && abs(value) < 0x1p62: Int(value)
        default: nil
        }
    }

    /// The value as it would be written in JSON, for error messages.
    fileprivate var jsonText: String {
        switch self {
        case .string(let text): JSONText.quoted(text)
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .bool(let value): String(value)
        case .array: "an array"
        case .dictionary: "an object"
        case .other(let name): name
        }
    }
}
