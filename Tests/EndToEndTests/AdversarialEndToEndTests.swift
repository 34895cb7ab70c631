import Foundation
import Testing

/// Adversarial input through the real binary, each with a stated bound.
/// Memory is compared between a small and a large input (peak RSS from GNU
/// time), so the bounds hold on a debug build and a noisy machine; time is
/// compared as a ratio between two sizes, with room for noise but not for
/// quadratic growth (4× the input must cost well under 16× the time).
@Suite(.serialized) struct AdversarialEndToEndTests {
    /// Peak RSS in kilobytes and seconds taken by a shell pipeline whose last command is facetext.
    private func measure(_ pipeline: String) throws -> (kilobytes: Int, seconds: Double) {
        let result = try BinaryRunner.shell("""
            start=$(date +%s%N)
            /usr/bin/time -f '%M' -o /tmp/facetext-rss-$$ sh -c "\(pipeline) > /dev/null"
            end=$(date +%s%N)
            echo "$(cat /tmp/facetext-rss-$$) $(( (end - start) / 1000 ))"; rm -f /tmp/facetext-rss-$$
            """)
        let parts = result.text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        return (Int(parts[0]) ?? -1, (Double(parts[1]) ?? -1) / 1_000_000)
    }

    @Test(arguments: ["render", "tag", "backspace", "scan"])
    func aLongLineWithoutNewlineKeepsMemoryFlat(command: String) throws {
        // 2 MB and 24 MB of one line of chat text: peak RSS may differ by at most 12 MB
        // (measured here: under 1 MB apart for every command).
        let line = "yes '今天[哈哈]😀👨‍👩‍👧 ok' | tr -d '\\n'"
        let small = try measure("\(line) | head -c 2000000 | facetext \(command)")
        let large = try measure("\(line) | head -c 24000000 | facetext \(command)")
        #expect(small.kilobytes > 0 && large.kilobytes > 0)
        #expect(large.kilobytes - small.kilobytes < 12_000, "\(command): \(small.kilobytes) KB vs \(large.kilobytes) KB")
    }

    @Test func scanOfEmojiOnlyInputKeepsMemoFlatThoughItsOutputIsThirtyTimesLarger() throws {
        // Every 4 bytes of input become a JSON line of over 100 bytes: output is
        // written as it is made, not held for a whole read (that took 75 MB).
        // From a file, which is read in large chunks (a pipe gives 64 KiB at most).
        let file = "/tmp/facetext-emoji-\(getpid())"
        defer { unlink(file) }
        let result = try measure("yes '😀😃👍' | tr -d '\\n' | head -c 8000000 > \(file); facetext scan \(file)")
        #expect(result.kilobytes > 0 && result.kilobytes < 40_000, "\(result.kilobytes) KB")
    }

    @Test func tenMillionOpeningBracketsTakeLinearTime() throws {
        let small = try measure("head -c 2500000 /dev/zero | tr '\\0' '[' | facetext render")
        let large = try measure("head -c 10000000 /dev/zero | tr '\\0' '[' | facetext render")
        #expect(large.seconds < max(small.seconds, 0.05) * 10, "\(small.seconds) s vs \(large.seconds) s")
        #expect(large.kilobytes - small.kilobytes < 12_000)
    }

    @Test func hugeGraphemeClustersTakeLinearTime() throws {
        // One cluster of ZWJ-joined emoji, and one of combining marks, 4× apart in size.
        for unit in ["\\xe2\\x80\\x8d\\xf0\\x9f\\x98\\x80", "\\xcc\\x81"] {
            let small = try measure("{ printf 'a'; for i in $(seq 5000); do printf '\(unit)'; done; } | facetext tag")
            let large = try measure("{ printf 'a'; for i in $(seq 20000); do printf '\(unit)'; done; } | facetext backspace")
            #expect(large.seconds < max(small.seconds, 0.05) * 20, "\(unit): \(small.seconds) s vs \(large.seconds) s")
        }
    }

    /// The shapes of long lines without a break that `backspace` once took quadratic time on.
    static let breaklessLines = [
        ("invalid FF", "head -c SIZE /dev/zero | tr '\\0' '\\377'", true),
        ("stray EF", "head -c SIZE /dev/zero | tr '\\0' '\\357'", true),
        ("regional indicators", "yes '🇨🇳' | tr -d '\\n' | head -c SIZE", true),
        ("combining marks", "{ printf a; yes '́' | tr -d '\\n' | head -c SIZE; }", false),
        ("ZWJ-joined emoji", "{ printf '😀'; yes '‍😀' | tr -d '\\n' | head -c SIZE; }", false),
        ("skin tones", "yes '🏽' | tr -d '\\n' | head -c SIZE", false),
    ]

    /// Time per MB at 0.5 and 2 MB within 2× (4× the input, under 8× the time), in every mode;
    /// memory flat where the line has breaks; one cluster of megabytes is held whole (its bytes
    /// are written, or not, only once the line ends).
    @Test(arguments: breaklessLines)
    func backspaceOnBreaklessLinesTakesLinearTime(shape: String, generator: String, hasBreaks: Bool) throws {
        for mode in ["", "--json", "--deleted"] {
            let small = try measure(generator.replacingOccurrences(of: "SIZE", with: "500000") + " | facetext backspace \(mode)")
            let large = try measure(generator.replacingOccurrences(of: "SIZE", with: "2000000") + " | facetext backspace \(mode)")
            #expect(large.seconds < max(small.seconds, 0.05) * 8, "\(shape) \(mode): \(small.seconds) s vs \(large.seconds) s")
            let growth = large.kilobytes - small.kilobytes
            #expect(growth < (hasBreaks ? 4_000 : 8_000), "\(shape) \(mode): \(small.kilobytes) KB vs \(large.kilobytes) KB")
        }
    }

    @Test func endlessInputCutByHeadEndsQuietly() throws {
        let result = try BinaryRunner.shell("""
            set -o pipefail
            facetext render < /dev/zero | head -c 1000000 | wc -c
            echo "status ${PIPESTATUS[0]}" >&2
            """)
        #expect(result.text.trimmingCharacters(in: .whitespacesAndNewlines) == "1000000")
        #expect(result.stderr == "status 141\n")
    }

    @Test func aDirectoryAmongInputsIsNamedAndTheOthersStillRun() throws {
        let result = try BinaryRunner.shell("printf '[心]' | facetext render / - ; echo \" status $?\"")
        #expect(result.text == "❤️ status 1\n")
        #expect(result.stderr == "facetext: error: '/': Is a directory\n")
    }
}
