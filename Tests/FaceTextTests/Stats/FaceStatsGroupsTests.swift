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
}
