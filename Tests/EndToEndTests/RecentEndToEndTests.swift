import Foundation
import Testing

/// `facetext recent` against real files: many processes at once, processes killed
/// mid-write, damaged and read-only files.
@Suite struct RecentEndToEndTests {
    @Test func concurrentProcessesLoseNoUse() throws {
        // Eight processes at once, each recording 500 uses in 10 runs of fifty.
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d)
            faces="[哈哈] [哈哈] 😂 [心] ❤ [赞] [赞] 👍 🚀 🚀"
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 10); do facetext recent --history "$d/s/recent" add $faces $faces $faces $faces $faces || echo failed; done ) &
            done
            wait
            facetext recent --history "$d/s/recent" --by count
            head -1 "$d/s/recent"; stat -c %a "$d/s/recent" "$d/s"
            rm -r "$d"
            """)
        // Rows: date, time, count, tag, emoji (the header has "when (UTC)" as two words too).
        let lines = result.text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.count == 9, "\(result.text)\(result.stderr)")
        let rows = lines.dropFirst().prefix(5).filter { $0.count == 5 }
        let counts = Dictionary(rows.map { ($0[3] == "-" ? $0[4] : $0[3], Int($0[2]) ?? 0) }, uniquingKeysWith: +)
        #expect(counts == ["[赞]": 1200, "[哈哈]": 800, "[心]": 800, "🚀": 800, "[笑cry]": 400], "\(result.text)")
        #expect(lines[6] == ["facetext-recent", "1"])
        #expect(lines[7] == ["600"] && lines[8] == ["700"])
        #expect(result.stderr.isEmpty)
    }

    @Test func aWriterKilledAtAnyMomentLeavesAWholeFile() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d)
            facetext recent --history "$d/recent" add '[哈哈]'
            for round in $(seq 40); do
              facetext recent --history "$d/recent" add '[心]' 😂 🚀 '[赞]' > /dev/null 2>&1 &
              p=$!
              sleep 0.00$((round % 10))
              kill -9 $p 2> /dev/null; wait $p 2> /dev/null
            done
            facetext recent --history "$d/recent" > /dev/null
            awk -F'\t' 'NR == 1 && $0 != "facetext-recent 1" || NR > 1 && NF != 3 { bad++ } END { print bad + 0 }' "$d/recent"
            grep -c '哈哈' "$d/recent"
            rm -r "$d"
            """)
        #expect(result.text == "0\n1\n")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func damagedFilesAreReadAsFarAsTheyAreSoundAndNamed() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d)
            printf 'facetext-recent 1\\n[哈哈]\\t1764633600\\t3\\n\\377\\376\\n[心]\\t17646\\n😀\\t1764633000\\t2\\n' > "$d/recent"
            facetext recent --history "$d/recent" --json; echo "status $?"
            facetext recent --history "$d/recent" add '[心]' 2>/dev/null; echo "status $?"
            tail -n +2 "$d/recent" | cut -f1,3 | sort
            printf 'facetext-recent 9\\n[哈哈]\\t1\\t1\\n' > "$d/later"
            facetext recent --history "$d/later" add '[心]'; echo "status $?"
            mkdir "$d/folder"; facetext recent --history "$d/folder"; echo "status $?"
            touch "$d/file"; facetext recent --history "$d/file/recent" add '[心]'; echo "status $?"
            rm -r "$d"
            """)
        let path = result.stderr.split(separator: "'").dropFirst().first.map(String.init) ?? ""
        #expect(result.text == """
            {"key":"[哈哈]","tag":"[哈哈]","emoji":"😃","last_used":1764633600,"count":3}
            {"key":"😀","tag":"[嘿嘿]","emoji":"😀","last_used":1764633000,"count":2}
            status 0
            status 0
            [哈哈]\t3
            [心]\t1
            😀\t2
            status 1
            status 1
            status 1

            """)
        #expect(result.stderr.hasPrefix("""
            facetext: warning: '\(path)' line 3: bytes that are not UTF-8
            facetext: warning: '\(path)' line 4: not 'face<TAB>time<TAB>count' (2 fields)

            """), "\(result.stderr)")
        #expect(result.stderr.contains("written by a later facetext; not changed"))
        #expect(result.stderr.contains("/folder': is a folder, not a regular file: a history must be a regular file"))
        #expect(result.stderr.contains("/file/recent': cannot make its lock file"))
    }

    @Test func withoutHomeOrAHistoryItIsAClearError() throws {
        let result = try BinaryRunner.shell("env -u HOME -u XDG_STATE_HOME -u FACETEXT_HISTORY facetext recent; echo \"status $?\"")
        #expect(result.text == "status 1\n")
        #expect(result.stderr == "facetext: error: no history file: set HOME or XDG_STATE_HOME, or name one with --history or FACETEXT_HISTORY\n")
    }
}
