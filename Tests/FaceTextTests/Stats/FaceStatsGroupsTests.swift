import Testing
import TestSupport
@testable import FaceText

/// Counting in groups line by line gives, group by group, what the streaming counter gives.
@Suite struct FaceStatsGroupsTests {
    @Test(arguments: [false, true])
    func eachGroupCountsAsTheStreamDoes(tones: Bool) {
        let corpus = ChatCorpus(seed: 11, lines: 2000)
        let lines = corpus.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var groups = FaceStats.Groups(catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags], separatingTones: tones)
        var streams = [FaceStats.Stream](repeating: FaceStats.Stream(catalog: .default, recognizing: [.tags, .emoji, .images, .unknownTags],
                                                                     separatingTones: tones), count: 3)
        for (index, line) in lines.enumerated() {
            let bytes = line + [0x0A]
            bytes.withUnsafeBufferPointer { groups.add($0, to: ["a", "b", "c"][index % 3]) }
            bytes.withUnsafeBufferPointer { streams[index % 3].feed($0) }
        }
        let grouped = Dictionary(uniqueKeysWithValues: groups.stats.map { ($0.group, $0.stats.counts) })
        for (index, name) in ["a", "b", "c"].enumerated() {
            streams[index].finish()
            #expect(grouped[name] == streams[index].stats.counts)
        }
        #expect(groups.count == 3)
    }

    /// Groups by number, more of them than the counts' first table holds, met in no order.
    @Test func numberedGroupsCountAsNamedOnes() {
        let corpus = ChatCorpus(seed: 12, lines: 3000)
        let lines = corpus.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
        var numbered = FaceStats.Groups(catalog: .default)
        var named = FaceStats.Groups(catalog: .default)
        var random = SeededGenerator(seed: 5)
        for line in lines {
            let name = "group \(Int.random(in: 0..<700, using: &random))"
            let group = numbered.group(named: name)
            line.withUnsafeBufferPointer { numbered.add($0, toGroup: group) }
            line.withUnsafeBufferPointer { named.add($0, to: name) }
        }
        #expect(numbered.count == named.count)
        #expect(numbered.count > 600)
        let expected = Dictionary(uniqueKeysWithValues: named.stats.map { ($0.group, $0.stats.counts) })
        for (group, stats) in numbered.stats { #expect(stats.counts == expected[group], "\(group)") }
    }

    /// A log cut in parts, each counted in groups of its own, numbered as met (a group for every
    /// line: a name comes many times in a part), then merged by number into one: the counts of
    /// the whole counted at once, group by group and in the order met.
    @Test(arguments: [false, true])
    func partsMergedByNumberCountAsTheWhole(tones: Bool) {
        let recognized: FaceScanner.Recognized = [.tags, .emoji, .images, .unknownTags]
        let lines = ChatCorpus(seed: 13, lines: 3000).bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
        var random = SeededGenerator(seed: 6)
        let names = lines.map { _ in "group \(Int.random(in: 0..<40, using: &random))" }
        var whole = FaceStats.Groups(catalog: .default, recognizing: recognized, separatingTones: tones)
        for (line, name) in zip(lines, names) { line.withUnsafeBufferPointer { whole.add($0, to: name) } }
        var merged = FaceStats.Groups(catalog: .default, recognizing: recognized, separatingTones: tones)
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + Int.random(in: 1..<400, using: &random))
            var part = FaceStats.Groups(catalog: .default, recognizing: recognized, separatingTones: tones)
            var numbers: [Int] = []
            for index in start..<end {
                let group = part.appendGroup(named: names[index])
                numbers.append(merged.group(named: names[index]))
                lines[index].withUnsafeBufferPointer { part.add($0, toGroup: group) }
            }
            #expect(part.count == end - start)
            merged.merge(&part, numbers: numbers)
            start = end
        }
        #expect(merged.stats.map(\.group) == whole.stats.map(\.group))
        #expect(merged.stats.map(\.stats) == whole.stats.map(\.stats))
        #expect(whole.stats.contains { $0.stats.total > 50 })
    }

    /// Each line cut in random pieces, each piece but the last added as going on: the counts of the
    /// lines added whole, wherever the cuts fall in a face (tags, joined emoji, flags, keycaps, tones).
    @Test func piecesOfALineCountAsTheLine() {
        let recognized: FaceScanner.Recognized = [.tags, .emoji, .images, .unknownTags]
        let lines = ChatCorpus(seed: 14, lines: 3000).bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
        var random = SeededGenerator(seed: 7)
        var whole = FaceStats.Groups(catalog: .default, recognizing: recognized)
        var cut = FaceStats.Groups(catalog: .default, recognizing: recognized)
        for (index, line) in lines.enumerated() {
            let name = "group \(index % 5)"
            line.withUnsafeBufferPointer { whole.add($0, to: name) }
            var start = 0
            while start < line.count {
                let end = min(line.count, start + Int.random(in: 1...9, using: &random))
                line[start..<end].withUnsafeBufferPointer { cut.add($0, to: name, lineGoesOn: end < line.count) }
                start = end
            }
        }
        #expect(cut.stats.map(\.group) == whole.stats.map(\.group))
        #expect(cut.stats.map(\.stats) == whole.stats.map(\.stats))
        #expect(whole.stats.contains { $0.stats.total > 50 })
    }
}
