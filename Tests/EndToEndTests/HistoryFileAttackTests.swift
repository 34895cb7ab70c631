import Foundation
import Testing

/// The history file against whoever can write its folder, and against paths
/// that are not histories: planted links and files, devices, FIFOs, a held
/// lock, a file of something else. Run as the user CI runs as (root), where
/// following a planted link would write anywhere.
@Suite struct HistoryFileAttackTests {
    /// The temporary file was `PATH.tmp.PID`: a link planted there was followed.
    /// (`exec` keeps the shell's PID, so the name the old code used is known.)
    @Test func aLinkOrFilePlantedAtTheTemporaryNameIsNeverWrittenThrough() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            printf 'secret\\n' > victim; chmod 600 victim
            facetext recent --history recent add '[哈哈]'
            sh -c 'ln -s "$PWD/victim" recent.tmp.$$; exec facetext recent --history recent add "[心]"'; echo "status $?"
            cat victim
            sh -c 'touch recent.tmp.$$; chmod 666 recent.tmp.$$; exec facetext recent --history recent add "[赞]"'; echo "status $?"
            stat -c '%a %h' recent
            cut -f1 recent | tail -n +2 | sort | tr '\\n' ' '; echo
            rm -rf "$d"
            """)
        #expect(result.text == """
            status 0
            secret
            status 0
            600 1
            [哈哈] [心] [赞] \n
            """, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test func aLockFileThatIsALinkIsNotFollowed() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            printf 'secret\\n' > victim
            ln -s "$PWD/victim" recent.lock
            facetext recent --history recent add '[心]'; echo "status $?"
            cat victim; test -e recent || echo "no history"
            rm -rf "$d"
            """)
        #expect(result.text == "status 1\nsecret\nno history\n")
        #expect(result.stderr.contains("its lock file recent.lock is a symbolic link; not followed"), "\(result.stderr)")
    }

    /// A device, a FIFO and a folder are refused at once, read or written, and left as they are.
    @Test func aHistoryThatIsNotARegularFileIsRefused() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            mknod null c 1 3; mkfifo fifo; mkdir folder
            for h in null fifo folder; do
              timeout 10 facetext recent --history $h; echo "$h list $?"
              timeout 10 facetext recent --history $h add '[心]'; echo "$h add $?"
            done
            stat -c '%F' null fifo folder
            rm -rf "$d"
            """)
        #expect(result.text == """
            null list 1
            null add 1
            fifo list 1
            fifo add 1
            folder list 1
            folder add 1
            character special file
            fifo
            directory

            """)
        for kind in ["a device", "a FIFO", "a folder"] {
            #expect(result.stderr.contains("is \(kind), not a regular file: a history must be a regular file"), "\(result.stderr)")
        }
    }

    /// A history kept elsewhere (a dotfiles repository) and linked: the link stays, its file is updated.
    @Test func aLinkTheUserMadeIsWrittenThrough() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            mkdir dotfiles; printf 'facetext-recent 1\n[哈哈]\t1764633600\t1\n' > dotfiles/recent
            ln -s dotfiles/recent recent
            facetext recent --history recent add '[心]'; echo "status $?"
            test -L recent && echo "still a link"
            cut -f1 dotfiles/recent | tail -n +2 | sort | tr '\\n' ' '; echo
            ls dotfiles | tr '\\n' ' '; echo
            rm -rf "$d"
            """)
        #expect(result.text == "status 0\nstill a link\n[哈哈] [心] \nrecent \n", "\(result.stderr)")
    }

    @Test func aFileThatIsNotAHistoryIsNeverWrittenOver() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            head -c 300 /dev/urandom > notes; cp notes before
            printf 'my shopping list\\nmilk\\n' > list; cp list list.before
            facetext recent --history notes add '[心]'; echo "status $?"
            facetext recent --history list add '[心]'; echo "status $?"
            cmp notes before && cmp list list.before && echo unchanged
            : > empty; facetext recent --history empty add '[心]'; echo "status $?"; head -1 empty
            rm -rf "$d"
            """)
        #expect(result.text == "status 1\nstatus 1\nunchanged\nstatus 0\nfacetext-recent 1\n", "\(result.stderr)")
        #expect(result.stderr.contains("is not a facetext history (its first line is not 'facetext-recent 1'); not written over"))
    }

    /// Another process holding the lock makes `recent add` give up after its wait, changing nothing.
    @Test func aHeldLockIsWaitedForABoundedTime() throws {
        let result = try BinaryRunner.shell("""
            d=$(mktemp -d); cd "$d"
            facetext recent --history recent add '[哈哈]'
            # The lock held by another process (python: it holds the lock itself, so ending it frees the lock).
            python3 -c 'import fcntl, sys, time; f = open(sys.argv[1], "w"); fcntl.flock(f, fcntl.LOCK_EX); open("held", "w").close(); time.sleep(60)' recent.lock & holder=$!
            for i in $(seq 100); do test -e held && break; sleep 0.1; done
            start=$(date +%s)
            facetext recent --history recent add '[心]'; echo "status $?"
            echo "waited $(( $(date +%s) - start ))"
            kill -9 $holder; wait $holder 2>/dev/null
            facetext recent --history recent add '[心]'; echo "status $?"
            rm -rf "$d"
            """)
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.text)")
        #expect(lines.first == "status 1")
        let waited = lines.dropFirst().first.flatMap { Int($0.split(separator: " ").last ?? "") } ?? -1
        #expect((4...12).contains(waited), "\(result.text)")
        #expect(lines.last == "status 0")
        #expect(result.stderr.contains("another process has held its lock (recent.lock) for over 5 s; not changed"), "\(result.stderr)")
    }
}
