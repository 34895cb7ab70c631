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
            for p in "$d"/part.*; do facetext stats --json "$p"; done | facetext stats --merge > "$d/merged"
            facetext stats "$d/log" > "$d/whole"
            cmp "$d/merged" "$d/whole" && head -3 "$d/whole"; rm -r "$d"
            """)
        #expect(result.text == """
            rank  count  share  tag     emoji
               1    800  50.0%  [哈哈]  😃
               2    400  25.0%  [心]    ❤️

            """)
    }
}
