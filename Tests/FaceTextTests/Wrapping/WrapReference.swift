@testable import FaceText

/// A plain reference for ``TextWrapper``, written for clarity: each line cut
/// into units first (a tag found by comparing every spelling, else a grapheme
/// cluster from ``GraphemeBoundaries/starts(in:from:to:)``, else a byte), each
/// unit's break decided by ``LineBreakRules`` directly, then the units placed
/// one by one. The wrapper, with its tables, fast paths and streaming, must
/// give the same lines.
struct WrapReference {
    let width: Int
    let breaking: TextWrapper.Breaking
    /// Every spelling of every tag, by first byte.
    let spellings: [UInt8: [[UInt8]]]
    /// The units of lines already cut (they do not depend on the width), shared by copies.
    let cache: UnitCache

    final class UnitCache: @unchecked Sendable {
        var units: [[UInt8]: [Unit]] = [:]
    }

    init(width: Int, catalog: FaceCatalog, breaking: TextWrapper.Breaking, cache: UnitCache = UnitCache()) {
        self.cache = cache
        self.width = max(1, width)
        self.breaking = breaking
        // As the scanner's reference takes them: every spelling but the emoji itself.
        let all = catalog.faces.flatMap { face in
            face.tags.filter { $0 != face.emoji && catalog.faceIndex(forTag: $0) != nil }.map { Array($0.utf8) }
        }
        spellings = Dictionary(grouping: all.filter { !$0.isEmpty }) { $0[0] }
    }

    struct Unit {
        var range: Range<Int>
        var width: Int
        var isTab: Bool
        var scalars: [UInt32]
        var isTag: Bool
    }

    /// The wrapped lines of `bytes`, each with its line ending (LF or CRLF, if any) or the line feed a wrap inserted.
    func lines(of bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var bodyEnd = end
            if end < bytes.count && end > start && bytes[end - 1] == 0x0D { bodyEnd -= 1 }
            let lineEnd = end < bytes.count ? end + 1 : end
            // The body's parts between mandatory breaks, each wrapped on lines of its own; a break
            // ends its line, with a line feed after it unless the line's ending comes right after.
            let parts = Self.parts(of: Array(bytes[start..<bodyEnd]))
            var current: [UInt8] = []
            for (index, part) in parts.enumerated() {
                let pieces = wrap(part.text)
                for (pieceIndex, piece) in pieces.enumerated() {
                    current += piece
                    if pieceIndex < pieces.count - 1 {
                        result.append(current + [0x0A])
                        current = []
                    }
                }
                if let mark = part.mark {
                    current += mark
                    let endingFollows = index == parts.count - 2 && parts[index + 1].text.isEmpty
                    if !endingFollows {
                        result.append(current + [0x0A])
                        current = []
                    }
                }
            }
            result.append(current + bytes[bodyEnd..<lineEnd])
            start = lineEnd
        }
        return result
    }

    /// The mandatory breaks but line feeds: VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    static let mandatoryBreaks: [[UInt8]] = ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].map { Array($0.utf8) }

    /// `body` cut after each mandatory break: the text before each and the break (none for the last part).
    static func parts(of body: [UInt8]) -> [(text: [UInt8], mark: [UInt8]?)] {
        var parts: [(text: [UInt8], mark: [UInt8]?)] = []
        var start = 0, position = 0
        while position < body.count {
            if let mark = mandatoryBreaks.first(where: { body[position...].starts(with: $0) }) {
                parts.append((Array(body[start..<position]), mark))
                position += mark.count
                start = position
            } else {
                position += 1
            }
        }
        parts.append((Array(body[start...]), nil))
        return parts
    }

    /// The units of a line body.
    func units(of line: [UInt8]) -> [Unit] {
        if let known = cache.units[line] { return known }
        var units: [Unit] = []
        var position = 0
        while position < line.count {
            if let tag = tag(at: position, in: line) {
                let text = String(decoding: tag, as: UTF8.self)
                units.append(Unit(range: position..<position + tag.count, width: DisplayWidth.columns(of: text), isTab: false,
                                  scalars: [], isTag: true))
                position += tag.count
                continue
            }
            var end = line.withUnsafeBufferPointer { bytes in
                let starts = GraphemeBoundaries.starts(in: bytes, from: position, to: bytes.count)
                return starts.count > 1 ? starts[1] : bytes.count
            }
            // A catalog tag inside a cluster starts a unit of its own.
            if let inside = (position + 1..<end).first(where: { catalogTag(at: $0, in: line) != nil }) {
                end = inside
            }
            let piece = Array(line[position..<end])
            let text = String(validating: piece, as: UTF8.self)
            let scalars = text.map { $0.unicodeScalars.map(\.value) } ?? [0xFFFD]
            let width = piece == [0x09] ? 0 : text.flatMap(\.first).map { DisplayWidth.columns(of: $0) } ?? 1
            units.append(Unit(range: position..<end, width: width, isTab: piece == [0x09], scalars: scalars, isTag: false))
            position = end
        }
        cache.units[line] = units
        return units
    }

    /// The longest spelling at `position`, else a bracketed tag there.
    func tag(at position: Int, in line: [UInt8]) -> [UInt8]? {
        catalogTag(at: position, in: line) ?? Self.bracketedTag(at: position, in: line).map { Array(line[position..<position + $0]) }
    }

    func catalogTag(at position: Int, in line: [UInt8]) -> [UInt8]? {
        (spellings[line[position]] ?? []).filter { line[position...].starts(with: $0) }.max { $0.count < $1.count }
    }

    /// The length of `[…]` or `【…】` at `position` around 1 to 16 scalars of
    /// valid UTF-8 with no bracket of either kind and no line break.
    static func bracketedTag(at position: Int, in line: [UInt8]) -> Int? {
        var iterator = line[position...].makeIterator()
        var decoder = UTF8()
        var count = 0, length = 0
        var closing: Unicode.Scalar = "]"
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            count += 1
            length += String(scalar).utf8.count
            if count == 1 {
                guard scalar == "[" || scalar == "【" else { return nil }
                closing = scalar == "[" ? "]" : "】"
                continue
            }
            if scalar == closing { return count > 2 ? length : nil }
            if "[]【】\r\n\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar) || count - 1 > 16 { return nil }
        }
        return nil
    }

    /// Whether a line may break before each unit, by the rules.
    func breaks(before units: [Unit]) -> [Bool] {
        if breaking == .character { return units.map { _ in true } }
        let classes: [[LineBreakClass]] = units.map { unit in
            unit.isTag ? [.ID] : unit.scalars.map { LineBreakClass(of: $0) }
        }
        let flat = classes.flatMap { $0 }
        var context = LineBreakRules.Context.start
        var result: [Bool] = []
        var index = 0
        for unitClasses in classes {
            for (offset, lineBreakClass) in unitClasses.enumerated() {
                let decision = LineBreakRules.step(&context, lineBreakClass)
                if offset == 0 {
                    switch decision {
                    case .noBreak: result.append(false)
                    case .allowed: result.append(true)
                    case .allowedUnlessNumberFollows:
                        result.append(flat[(index + 1)...].first { $0 != .CM && $0 != .ZWJ } != .NU)
                    }
                }
                index += 1
            }
        }
        return result
    }

    /// Closing marks never start a line, even where a word too wide is broken; opening marks never end one.
    func mayStartLine(_ unit: Unit) -> Bool {
        if breaking == .character || unit.isTag { return true }
        let first = unit.scalars[0]
        let closing: Set<LineBreakClass> = [.CL, .CP, .CPEastAsian, .EX, .IS, .SY, .NS, .IN]
        return !closing.contains(LineBreakClass(of: first)) && ![0x2019, 0x201D, 0xBB, 0x203A].contains(first)
    }

    func opens(_ unit: Unit) -> Bool {
        guard breaking == .line, !unit.isTag,
              let last = unit.scalars.last(where: { ![.CM, .ZWJ].contains(LineBreakClass(of: $0)) }) else { return false }
        return LineBreakClass(of: last).isOpening || [0x2018, 0x201C, 0xAB, 0x2039].contains(last)
    }

    /// The units placed greedily: at the last place a line may break when the
    /// next unit does not fit; else, with line breaking, at the last place a
    /// word may be broken (a unit that may start a line, after one that opens
    /// nothing); else at the last unit that may start a line at all; else (closing
    /// marks wider than the line) before the unit that does not fit.
    func wrap(_ line: [UInt8]) -> [[UInt8]] {
        let units = units(of: line)
        let allowed = breaks(before: units)
        var lines: [[UInt8]] = []
        var lineStart = 0
        var column = 0
        // The three kinds of place, in the order they are tried: (offset, column before it).
        var points: [(offset: Int, column: Int)?] = [nil, nil, nil]
        for (index, unit) in units.enumerated() {
            if column > 0 && mayStartLine(unit) {
                if allowed[index] { points[0] = (unit.range.lowerBound, column) }
                if breaking == .line {
                    if !opens(units[index - 1]) { points[1] = (unit.range.lowerBound, column) }
                    points[2] = (unit.range.lowerBound, column)
                }
            }
            var width = unit.isTab ? 8 - column % 8 : unit.width
            for kind in 0..<4 where column + width > self.width && column > 0 {
                guard let point = kind < 3 ? points[kind] : (unit.range.lowerBound, column) else { continue }
                lines.append(Array(line[lineStart..<point.offset]))
                lineStart = point.offset
                column = columns(units, from: lineStart, before: index)
                points[0] = nil
                for later in 1..<3 {
                    if let other = points[later], other.offset > point.offset {
                        let otherIndex = units.firstIndex { $0.range.lowerBound == other.offset }!
                        points[later] = (other.offset, columns(units, from: lineStart, before: otherIndex))
                    } else {
                        points[later] = nil
                    }
                }
                if unit.isTab { width = 8 - column % 8 }
            }
            column += width
        }
        lines.append(Array(line[lineStart...]))
        return lines
    }

    /// The width of the units from the one at byte `offset` up to unit `end`, on a line of their own.
    func columns(_ units: [Unit], from offset: Int, before end: Int) -> Int {
        var column = 0
        for unit in units[..<end] where unit.range.lowerBound >= offset {
            column += unit.isTab ? 8 - column % 8 : unit.width
        }
        return column
    }
}
