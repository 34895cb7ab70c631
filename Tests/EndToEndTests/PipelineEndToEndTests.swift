import Foundation
import Testing

@Suite struct PipelineEndToEndTests {
    @Test func aClosedPipeEndsQuietly() throws {
        let result = try BinaryRunner.shell("""
            set -o pipefail
            yes '今天[哈哈]了' | head -c 20000000 | facetext render | head -1
            echo "status ${PIPESTATUS[2]}" >&2
            """)
        #expect(result.text == "今天😃了\n")
        #expect(result.stderr == "status 141\n")
    }

    @Test func jobsGiveTheSameBytesOnAFileOfSeveralMegabytesAndThroughPipes() throws {
        // Several segments per thread, lines of every length, a closed pipe mid-way.
        let result = try BinaryRunner.shell("""
            set -o pipefail
            dir=$(mktemp -d)
            for i in $(seq 1 40000); do printf '今天[哈哈]了[心]😀 ❤️ %d [最右]\\r\\n' "$i"; done > "$dir/log"
            head -c 300000 /dev/zero | tr '\\0' x >> "$dir/log"; echo '[赞]' >> "$dir/log"
            facetext render "$dir/log" > "$dir/one"
            facetext render --jobs 2 "$dir/log" > "$dir/two"
            facetext render -j 0 < "$dir/log" > "$dir/all"
            facetext tag "$dir/one" > "$dir/back1"
            facetext tag -j 3 "$dir/two" > "$dir/back3"
            cmp "$dir/one" "$dir/two" && cmp "$dir/one" "$dir/all" && cmp "$dir/back1" "$dir/back3" && echo same
            facetext render -j 2 "$dir/log" | head -1
            echo "status ${PIPESTATUS[0]}" >&2
            rm -r "$dir"
            """)
        #expect(result.text == "same\n今天😃了❤️😀 ❤️ 1 [最右]\r\n")
        #expect(result.stderr == "status 141\n")
    }

    @Test func aFullDiskIsReportedWithExit1() throws {
        let result = try BinaryRunner.shell("echo '[哈哈]' | facetext render > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "facetext: error: cannot write to standard output: No space left on device\n")
    }

    /// `page` writes on a second thread: a write error there is still the command's, small page or large.
    @Test(arguments: [1, 60_000])
    func aPageToAFullDiskIsReportedWithExit1(lines: Int) throws {
        let result = try BinaryRunner.shell("yes '小红: 好[哈哈]' | head -n \(lines) | facetext page --format prefixed > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "facetext: error: cannot write to standard output: No space left on device\n")
    }

    @Test func outputAppearsBeforeTheInputEnds() throws {
        // The writer keeps the pipe open for 5 seconds after the first line;
        // the first output line must arrive long before that.
        let result = try BinaryRunner.shell("""
            start=$(date +%s%N)
            { echo '[哈哈]'; sleep 5; } | facetext render | { read -r line; end=$(date +%s%N); echo "$line $(( (end - start) / 1000000 ))"; cat >/dev/null; }
            """)
        let parts = result.text.split(separator: " ")
        #expect(parts.first == "😃")
        let milliseconds = Int(parts.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .max
        #expect(milliseconds < 4000)
    }

    @Test func severalFilesAreProcessedInOrderAndAMissingOneIsNamed() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); printf '[哈哈]\\n' > "$d/a"; printf '[心]' > "$d/c"
            facetext render "$d/a" "$d/missing" "$d/c"; echo " status $?"; rm -r "$d"
            """)
        #expect(result.text == "😃\n❤️ status 1\n")
        #expect(result.stderr.contains("facetext: error: '") && result.stderr.contains("/missing': No such file or directory"))
    }
}
