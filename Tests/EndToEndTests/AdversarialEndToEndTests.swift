import Foundation
import Testing
import TestSupport

/// Adversarial input through the real binary, each with a stated bound.
/// Memory is compared between a small and a large input (peak RSS from GNU
/// time), so the bounds hold on a debug build and a noisy machine. Time is
/// compared as a ratio between two sizes, with room for noise but not for
/// quadratic growth (4× the input must cost well under 16× the time); it is
/// CPU time, not time on the clock, and the least of two runs, so that other
/// work on a shared machine does not count. The tests of memory alone, which
/// need no quiet, are in `MemoryEndToEndTests` and run side by side.
@Suite(.serialized) struct AdversarialEndToEndTests {
    @Test func tenMillionOpeningBracketsTakeLinearTime() throws {
        let small = try Resources.measure("head -c 2500000 /dev/zero | tr '\\0' '[' | facetext render", runs: 2)
        let large = try Resources.measure("head -c 10000000 /dev/zero | tr '\\0' '[' | facetext render", runs: 2)
        #expect(large.seconds < max(small.seconds, 0.05) * 10, "\(small.seconds) s vs \(large.seconds) s")
        #expect(large.kilobytes - small.kilobytes < 12_000)
    }

    @Test func hugeGraphemeClustersTakeLinearTime() throws {
        // One cluster of ZWJ-joined emoji, and one of combining marks, 4× apart in size.
        for unit in ["\\xe2\\x80\\x8d\\xf0\\x9f\\x98\\x80", "\\xcc\\x81"] {
            // `\\$`: the inner shell runs seq, not the one that starts it.
            let small = try Resources.measure("{ printf 'a'; for i in \\$(seq 5000); do printf '\(unit)'; done; } | facetext tag", runs: 2)
            let large = try Resources.measure("{ printf 'a'; for i in \\$(seq 20000); do printf '\(unit)'; done; } | facetext backspace", runs: 2)
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

    /// Time per MB at 1.2 and 4.8 MB within 2.5× (4× the input, under 10× the time), in both ways
    /// a line is finished (kept lines are written a chunk at a time; `--json` and `--deleted`
    /// finish each line alone); memory flat where the line has breaks; one cluster of megabytes
    /// is held whole (its bytes are written, or not, only once the line ends), at most a few
    /// times its size. Both sizes are past the 1 MiB that `backspace` holds of a line before it
    /// tries to settle its start, so both make that try.
    @Test(arguments: breaklessLines)
    func backspaceOnBreaklessLinesTakesLinearTime(shape: String, generator: String, hasBreaks: Bool) throws {
        for mode in ["", "--json"] {
            func measure(_ size: String, runs: Int) throws -> (kilobytes: Int, seconds: Double) {
                try Resources.measure(generator.replacingOccurrences(of: "SIZE", with: size) + " | facetext backspace \(mode)", runs: runs)
            }
            var (small, large) = (try measure("1200000", runs: 1), try measure("4800000", runs: 1))
            if large.seconds >= max(small.seconds, 0.05) * 10 {
                // A burst of load on a shared machine can stretch one run: the best of two more of each decides.
                let (again, largeAgain) = (try measure("1200000", runs: 2), try measure("4800000", runs: 2))
                (small.seconds, large.seconds) = (min(small.seconds, again.seconds), min(large.seconds, largeAgain.seconds))
            }
            #expect(large.seconds < max(small.seconds, 0.05) * 10, "\(shape) \(mode): \(small.seconds) s vs \(large.seconds) s")
            let growth = large.kilobytes - small.kilobytes
            #expect(growth < (hasBreaks ? 4_000 : 16_000), "\(shape) \(mode): \(small.kilobytes) KB vs \(large.kilobytes) KB")
        }
    }

    /// Starts of image references back to back (`![a](![a](…`, `<img a<img a…`), each of which
    /// was read up to 2 KB ahead (about 170 times the time of plain text, linear all the same),
    /// cost about what starts that fail at once (`![a]x`, `<img>`) do: each is read up to the
    /// next start at most.
    @Test(arguments: [("![a](", "![a]x"), ("<img a", "<img>"), ("<img a=Q<img b=Q", "<img>Q<img>Q")])
    func imageReferenceStartsAreReadOnce(start: String, failingAtOnce: String) throws {
        func measure(_ text: String, _ command: String) throws -> Double {
            // (Q is a double quote: the pipeline runs inside one.)
            try Resources.measure("yes '\(text)' | tr -d '\\n' | tr Q '\\042' | head -c 1000000 | facetext \(command)", runs: 2).seconds
        }
        for command in ["tag", "scan"] {
            let quick = try measure(failingAtOnce, command), starts = try measure(start, command)
            #expect(starts < max(quick, 0.05) * 4, "\(start) \(command): \(quick) s vs \(starts) s")
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

    /// `stats --by sender` of many senders costs the same per sender with a catalog of 5,000
    /// faces as with the default one: nothing done for a group grows with the catalog.
    @Test func manyGroupsCostNothingPerGroupThatGrowsWithTheCatalog() throws {
        let folder = TemporaryFolder()
        let faces = (0..<5000).map { #"{"chs":"[f\#($0)]","emoji":"\#(String(Unicode.Scalar(0x4E00 + $0)!))"}"# }
        folder.write("big.json", "[" + faces.joined(separator: ",") + "]")
        let log = (0..<20000).map { "2024-05-01 20:02 s\($0): [哈哈][f7]\n" }.joined()
        folder.write("senders.log", log)
        let path = folder.url.path
        let plain = try Resources.measure("facetext stats --format prefixed --by sender '\(path)/senders.log'", runs: 2)
        let big = try Resources.measure("facetext --catalog '\(path)/big.json' stats --format prefixed --by sender '\(path)/senders.log'", runs: 2)
        let load = try Resources.measure("facetext --catalog '\(path)/big.json' stats --format prefixed --by sender /dev/null", runs: 2)
        #expect(big.seconds - load.seconds < max(plain.seconds, 0.1) * 3, "\(plain.seconds) s vs \(big.seconds) s (\(load.seconds) s to load)")
    }

    /// A directory read as a chat log is that error once, in every format (no "no JSON" from Telegram's reader too).
    @Test(arguments: ["lines", "prefixed", "qq", "wechat", "whatsapp", "telegram", "auto"])
    func aDirectoryAsAChatLogIsOneError(format: String) throws {
        for command in ["stats --format F", "scan --format F", "page --format F", "wrap --bubble --format F"] + (format == "lines" ? [] : ["stats --by sender --format F"]) {
            let line = "facetext " + command.replacingOccurrences(of: "F", with: format) + " /"
            let result = try BinaryRunner.shell(line + " > /dev/null")
            #expect(result.status == 1, "\(line)")
            #expect(result.stderr == "facetext: error: '/': Is a directory\n", "\(line): \(result.stderr)")
        }
    }
}
