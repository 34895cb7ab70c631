import Foundation
import Testing

@Suite struct ScanStatsEndToEndTests {
    @Test func pythonsJSONModuleReadsEveryScanLineOfHostileInput() throws {
        let result = try BinaryRunner.shell("""
            printf '好[哈哈]\\xff\\xfe\\r\\n\\xf0\\x9f😀"引号"\\\\[图片]\\x00\\n<img alt="[心]">\\n' > /tmp/facetext-scan-$$.txt
            facetext scan --unknown-tags /tmp/facetext-scan-$$.txt | python3 -c '
            import json, sys
            rows = [json.loads(line) for line in sys.stdin]
            print(len(rows), ",".join(r["kind"] for r in rows), rows[-1]["line"])'
            rm -f /tmp/facetext-scan-$$.txt
            """)
        #expect(result.text == "4 tag,emoji,unknown,image 3\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func statsMapsAndReducesThroughShellPipes() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d)
            for i in $(seq 1 400); do printf '第%s行[哈哈]😃🚀[心]\\n' $i; done > "$d/log"
            split -l 37 "$d/log" "$d/part."
            for p in "$d"/part.*; do facetext stats --partial "$p"; done | facetext stats --merge > "$d/merged"
            facetext stats "$d/log" > "$d/whole"
            cmp "$d/merged" "$d/whole" && head -3 "$d/whole"; rm -r "$d"
            """)
        #expect(result.text == """
            rank  count  share  tag     emoji
               1    800  50.0%  [哈哈]  😃
               2    400  25.0%  [心]    ❤️

            """)
    }

    /// An emoji with a skin tone: its base's face for stats and scan, left as it is by tag, so
    /// that render gives back the same bytes.
    @Test func tonedEmojiAreTheirBasesFaceAndRoundTrip() throws {
        let result = try BinaryRunner.shell("""
            printf '👍🏽好👍🏿 ✌🏻 🧑🏽‍💻 ☝🏽\\n' > /tmp/facetext-tones-$$.txt
            facetext stats --tsv /tmp/facetext-tones-$$.txt
            facetext stats --tones --tsv /tmp/facetext-tones-$$.txt | wc -l
            facetext scan /tmp/facetext-tones-$$.txt | python3 -c '
            import json, sys
            print(" ".join("%s%s" % (r["tag"], r.get("tone", "")) for r in map(json.loads, sys.stdin)))'
            facetext tag /tmp/facetext-tones-$$.txt | facetext render | cmp - /tmp/facetext-tones-$$.txt && echo same
            rm -f /tmp/facetext-tones-$$.txt
            """)
        #expect(result.text == """
            rank\tcount\tshare\ttag\temoji
            1\t2\t40.0\t[赞]\t👍
            2\t1\t20.0\t[耶]\t✌️
            3\t1\t20.0\t-\t☝🏽
            4\t1\t20.0\t-\t🧑🏽‍💻
            6
            [赞]🏽 [赞]🏿 [耶]🏻 None None
            same

            """)
        #expect(result.stderr.isEmpty)
    }
}
