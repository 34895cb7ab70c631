import Foundation
import Testing

/// Text stored in a catalog or a history, or typed as an argument, can hold
/// control characters (ESC ] 0 ; … BEL sets a terminal's title): no command
/// shows them raw, `catalog check` names them, and `catalog import` never
/// writes a tag facetext itself would refuse. Inputs read whole have limits.
@Suite struct StoredTextTests {
    static let title = "\u{1B}]0;PWNED\u{07}"

    /// The control bytes (but line feed) in `text`.
    static func controls(_ text: String) -> [UInt8] {
        text.utf8.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    }

    @Test func controlCharactersInStoredTagsAreShownVisibly() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            printf '[{"chs": "[\\\\u001b]0;PWNED\\\\u0007]", "emoji": "😀"}, {"chs": "[好]", "emoji": "👍"}]' > faces.json
            printf 'facetext-recent 1\\n[\\033]0;PWNED\\007]\\t1764633600\\t2\\n' > recent
            facetext --catalog faces.json catalog list
            facetext --catalog faces.json catalog show 😀
            facetext --catalog faces.json search --faces PWNED
            facetext --catalog faces.json grid --faces --recent --history recent --cols 2
            facetext --catalog faces.json recent --history recent
            facetext --catalog faces.json scan --unknown-tags < recent | facetext stats --unknown-tags < recent
            facetext grid --range 0-1F --cols 8
            facetext wrap --width "$(printf '\\033]0;PWNED\\007')"
            facetext catalog check faces.json; echo "status $?"
            rm -rf "$d"
            """)
        #expect(Self.controls(result.text).isEmpty, "\(result.text.debugDescription)")
        #expect(Self.controls(result.stderr).isEmpty, "\(result.stderr.debugDescription)")
        #expect(result.text.contains("[\u{FFFD}]0;PWNED\u{FFFD}]"), "\(result.text)")
        #expect(result.text.contains("status 0"))
        #expect(result.stderr.contains("contains a control character (U+001B), which a terminal would act on"), "\(result.stderr)")
    }

    @Test func importSkipsNamesThatCannotBeTags() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            cat > zh.xml <<'XML'
            <?xml version="1.0" encoding="UTF-8" ?>
            <ldml><identity><language type="zh"/></identity><annotations>
            <annotation cp="😀">笑 | 开心</annotation>
            <annotation cp="😀" type="tts">&#x1b;]0;PWNED&#7;</annotation>
            <annotation cp="😃" type="tts">两行&#10;名字</annotation>
            <annotation cp="😄" type="tts">\(String(repeating: "长", count: 100))</annotation>
            <annotation cp="👍" type="tts">赞</annotation>
            </annotations></ldml>
            XML
            facetext catalog import cldr zh.xml -o out.plist; echo "status $?"
            facetext catalog check out.plist; echo "status $?"
            facetext --catalog out.plist catalog list | cut -c1-12
            rm -rf "$d"
            """)
        #expect(result.text.contains("status 0\n1 catalog checked: 0 errors, 0 warnings\nstatus 0\n"), "\(result.text)\(result.stderr)")
        #expect(result.text.contains("[赞]"))
        #expect(Self.controls(result.text).isEmpty && Self.controls(result.stderr).isEmpty, "\(result.stderr.debugDescription)")
        for problem in ["U+1F600 holds a control character (U+001B); skipped", "U+1F603 holds a control character (U+000A); skipped",
                        "U+1F604 makes a tag of 302 bytes; the limit is 256; skipped"] {
            #expect(result.stderr.contains(problem), "\(result.stderr)")
        }
    }

    @Test func anEmojiTestFileWithANameThatCannotBeATagIsAnError() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            printf '# group: Smileys\\n1F600 ; fully-qualified # 😀 E1.0 grinning face\\n1F603 ; fully-qualified # 😃 E0.6 big\\033]0;PWNED\\007\\n' > emoji-test.txt
            facetext catalog import emoji-test emoji-test.txt; echo "status $?"
            rm -rf "$d"
            """)
        #expect(result.text == "status 1\n")
        #expect(result.stderr == "facetext: error: 'emoji-test.txt': line 3: its name holds a control character (U+001B)\n", "\(result.stderr)")
    }

    /// Files read whole are refused past a stated size, with an error, not read into all the memory there is.
    @Test func inputsReadWholeHaveLimits() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            truncate -s 40M big.xml; truncate -s 70M big.plist
            facetext catalog import cldr big.xml; echo "status $?"
            facetext catalog import emoji-test big.xml; echo "status $?"
            facetext --catalog big.plist render < /dev/null; echo "status $?"
            { head -c 70000000 /dev/zero | tr '\\0' x; echo; } | /usr/bin/time -f '%M' -o rss facetext stats --merge; echo "status $?"
            test "$(tail -1 rss)" -lt 200000 && echo "under 200 MB"
            rm -rf "$d"
            """)
        #expect(result.text == "status 1\nstatus 1\nstatus 1\nstatus 1\nunder 200 MB\n", "\(result.text)\(result.stderr)")
        #expect(result.stderr.contains("'big.xml': is over 32 MiB, more than any such file; refused"), "\(result.stderr)")
        #expect(result.stderr.contains("big.plist: is over 64 MiB, more than any such file; refused"), "\(result.stderr)")
        #expect(result.stderr.contains("(standard input) line 1: over 64 MiB, longer than any partial result")
                || result.stderr.contains("line 1: over 64 MiB, longer than any partial result"), "\(result.stderr)")
    }
}
