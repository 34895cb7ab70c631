#!/usr/bin/env python3
"""How long `facetext compose` takes to answer a key with a long message in
its input: compose runs on a pseudo-terminal of its own, a message of
KIB KiB (Chinese, English, faces and emoji) is pasted in, then keys are
typed one at a time (←, a letter, Backspace, Alt-E, Tab and Esc in turn),
each timed from its write to the end of compose's answer (the frame that
shows the cursor again). Prints the median and the slowest, in ms.

    compose-keys.py FACETEXT [KIB=64] [KEYS=60]
"""
import os, pty, select, statistics, sys, time

binary = sys.argv[1]
kib = int(sys.argv[2]) if len(sys.argv) > 2 else 64
count = int(sys.argv[3]) if len(sys.argv) > 3 else 60
piece = "今天好开心[哈哈][心]，我们去公园玩吧！a few English words too 😀👍🏽 "
message = (piece * (kib * 1024 // len(piece.encode()) + 1)).encode()[: kib * 1024]
message = message.decode("utf-8", "ignore").encode()

pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.execv(binary, [binary, "compose", "--height", "12"])

import fcntl, struct, termios
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))


def read_until(marker, timeout=30.0):
    """Reads what compose draws until `marker` comes (the end of a frame)."""
    seen = b""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            seen += os.read(fd, 1 << 16)
            if marker in seen:
                return seen
    raise SystemExit(f"compose-keys: no answer within {timeout} s")


show_cursor = b"\x1b[?25h"
read_until(b"Tab faces")
os.write(fd, b"\x1b[200~" + message + b"\x1b[201~")
read_until(show_cursor, 60)
time.sleep(0.5)
while select.select([fd], [], [], 0.2)[0]:
    os.read(fd, 1 << 16)
keys = [b"\x1b[D", b"x", b"\x7f", b"\x1be", b"\t", b"\x1b"]
times = []
for number in range(count):
    key = keys[number % len(keys)]
    start = time.perf_counter()
    os.write(fd, key)
    # A lone Escape is held 50 ms for the rest of a sequence: that wait is not compose's work.
    read_until(show_cursor)
    elapsed = (time.perf_counter() - start) * 1000 - (50 if key == b"\x1b" else 0)
    times.append(elapsed)
    time.sleep(0.02)
os.write(fd, b"\x03")                      # Ctrl-C leaves whatever the input holds
os.waitpid(pid, 0)
print(f"compose, {kib} KiB in the input: a key answered in {statistics.median(times):.1f} ms (median), {max(times):.1f} ms at most, over {count} keys")
