#!/usr/bin/env python3
"""Times commands interleaved: each round runs every command once, in turn,
and a command's time is the median of its rounds (wall clock, output to
/dev/null; started with posix_spawn, as hyperfine starts them, so that
the harness adds no more time than hyperfine). On a shared machine a burst
of load then slows every command of a round alike instead of a few commands
measured back to back, so ratios between them (a shape against the mixed
log) hold better than when each command is timed alone.

    interleaved.py [--rss] [--samples FILE.json] RUNS RESULTS.tsv < COMMANDS.tsv

COMMANDS.tsv: one command per line, tab-separated: job, name, input bytes,
then the program and its arguments. Appends to RESULTS.tsv a line per
command: job, name, bytes, median seconds and the peak RSS in KB (with
--rss: one more run of each under GNU time; else "-"), as the benchmark's
report reads them. One warm-up round is not counted. --samples writes every
command's times, round by round, as JSON (name: [seconds, ...]), for ratios
taken within a round.
"""
import json
import os
import statistics
import subprocess
import sys
import time


def run_once(argv, devnull):
    # posix_spawn, not fork: forking the interpreter would add milliseconds to every run.
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"interleaved.py: {' '.join(argv)} failed ({os.waitstatus_to_exitcode(status)})")
    return elapsed


def peak_rss(argv):
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=True)
    return done.stderr.strip().splitlines()[-1]


def main():
    arguments = sys.argv[1:]
    rss = arguments[0] == "--rss"
    if rss:
        arguments = arguments[1:]
    samples = None
    if arguments[0] == "--samples":
        samples, arguments = arguments[1], arguments[2:]
    runs, results = int(arguments[0]), arguments[1]
    commands = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    devnull = os.open(os.devnull, os.O_WRONLY)
    times = [[] for _ in commands]
    for round_ in range(runs + 1):
        for index, (_, _, _, *argv) in enumerate(commands):
            elapsed = run_once(argv, devnull)
            if round_ > 0:
                times[index].append(elapsed)
    with open(results, "a", encoding="utf-8") as out:
        for (job, name, size, *argv), series in zip(commands, times):
            median = statistics.median(series)
            out.write(f"{job}\t{name}\t{size}\t{median}\t{peak_rss(argv) if rss else '-'}\n")
            print(f"   {name:<48} {median * 1000:9.1f} ms", file=sys.stderr)
    if samples:
        with open(samples, "w", encoding="utf-8") as out:
            json.dump({name: series for (_, name, *_), series in zip(commands, times)}, out)


if __name__ == "__main__":
    main()
