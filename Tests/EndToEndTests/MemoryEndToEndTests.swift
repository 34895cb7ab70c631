import Foundation
import Testing

/// Memory stays flat on adversarial input through the real binary: peak RSS
/// (from GNU time) compared between a small and a large input, per process,
/// so these run side by side with the rest of the suite.
@Suite struct MemoryEndToEndTests {
    @Test(arguments: ["render", "tag", "backspace", "scan", "wrap --render --bubble"])
    func aLongLineWithoutNewlineKeepsMemoryFlat(command: String) throws {
        // 2 MB and 24 MB of one line of chat text: peak RSS may differ by at most 12 MB
        // (measured here: under 1 MB apart for every command).
        let line = "yes '今天[哈哈]😀👨‍👩‍👧 ok' | tr -d '\\n'"
        let small = try Resources.measure("\(line) | head -c 2000000 | facetext \(command)")
        let large = try Resources.measure("\(line) | head -c 24000000 | facetext \(command)")
        #expect(small.kilobytes > 0 && large.kilobytes > 0)
        #expect(large.kilobytes - small.kilobytes < 12_000, "\(command): \(small.kilobytes) KB vs \(large.kilobytes) KB")
    }

    @Test func scanOfEmojiOnlyInputKeepsMemoFlatThoughItsOutputIsThirtyTimesLarger() throws {
        // Every 4 bytes of input become a JSON line of over 100 bytes: output is
        // written as it is made, not held for a whole read (that took 75 MB).
        // From a file, which is read in large chunks (a pipe gives 64 KiB at most).
        let file = "/tmp/facetext-emoji-\(getpid())"
        defer { unlink(file) }
        let result = try Resources.measure("yes '😀😃👍' | tr -d '\\n' | head -c 8000000 > \(file); facetext scan \(file)")
        #expect(result.kilobytes > 0 && result.kilobytes < 40_000, "\(result.kilobytes) KB")
    }
}
