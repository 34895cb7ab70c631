#!/usr/bin/env python3
"""Prints the table of input shapes against the mixed log (Markdown), from
interleaved.py's results and per-round samples; used by report.py and
scripts/bench/stress-shapes.

    shape_table.py RESULTS.tsv SAMPLES.json

A row is a shape, a column a command: its MB/s (median) and, in brackets,
the median over the rounds of its speed over the mixed log's in the same
round. Commands are named "facetext KIND (SHAPE)"; the mixed log's shape is
"mixed"."""
import json
import statistics
import sys


def print_shape_table(rows, samples):
    sizes = {name: int(size) for _, name, size, _, _ in rows}
    mbps = {name: int(size) / 1e6 / float(median) for _, name, size, median, _ in rows}
    kinds = [k for k in ("render", "tag", "stats", "backspace", "scan") if f"facetext {k} (mixed)" in mbps]
    shapes = []
    for job, name, size, median, rss in rows:
        if job.startswith("shape"):
            shape = name[name.index("(") + 1:-1]
            if shape not in shapes:
                shapes.append(shape)
    shapes.sort(key=lambda shape: shape == "mixed")      # the mixed log last

    def ratio(shape, kind):
        name, mixed = f"facetext {kind} ({shape})", f"facetext {kind} (mixed)"
        return statistics.median(sizes[name] / mine / (sizes[mixed] / theirs)
                                 for mine, theirs in zip(samples[name], samples[mixed]))

    print("| shape | " + " | ".join(kinds) + " |")
    print("|---|" + "---:|" * len(kinds))
    for shape in shapes:
        cells = [f"{mbps[f'facetext {kind} ({shape})']:,.0f} ({ratio(shape, kind):.2f}×)" for kind in kinds]
        print(f"| {shape} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    results, samples = sys.argv[1:3]
    rows = [line.rstrip("\n").split("\t") for line in open(results, encoding="utf-8") if line.strip()]
    print_shape_table(rows, json.load(open(samples, encoding="utf-8")))
