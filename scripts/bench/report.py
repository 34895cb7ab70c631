#!/usr/bin/env python3
"""Prints the benchmark table from scripts/bench's results (Markdown)."""
import json, os, platform, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shape_table import print_shape_table  # noqa: E402

results, shape_samples, startup, perl_startup, rss_1g, rss_line, rss_line_bs, big_mb, rss_worst, rss_worst_command, search, rss_wrap = sys.argv[1:13]
rows = [line.rstrip("\n").split("\t") for line in open(results, encoding="utf-8") if line.strip()]
mbps = {name: int(size) / 1e6 / float(median) for _, name, size, median, _ in rows}
perl = mbps.get("perl -p hash lookup")
cat = mbps.get("cat F | cat > /dev/null")
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
print(f"Machine: {os.cpu_count()} cores, {cpu}, {platform.system()} {platform.release()}")
print()
print("| job | command | MB/s (median) | × perl | × cat-through-a-pipe | peak RSS |")
print("|---|---|---:|---:|---:|---:|")
# By job (facetext first within each, as measured), whatever order they were measured in.
order = ["copy", "render", "tag", "stats", "scan", "backspace", "wrap"]
for job, name, size, median, rss in sorted(rows, key=lambda row: order.index(row[0]) if row[0] in order else len(order)):
    if job.startswith("shape") or job.startswith("jobs"):
        continue
    rate = mbps[name]
    cell = name.replace("|", "\\|")
    print(f"| {job} | {cell} | {rate:,.1f} | {rate / perl:.2f} | {rate / cat:.3f} | {int(rss) / 1024:.1f} MB |")
print()
fold = mbps.get("GNU fold -w 40")
if fold:
    print(f"wrap against GNU fold -w 40 in the same rounds: --break char "
          f"{mbps['facetext wrap --break char -w 40'] / fold:.2f}× fold's speed, --break line "
          f"{mbps['facetext wrap -w 40 (line breaking)'] / fold:.2f}×; on a single 200 MB line every wrap mode "
          f"(plain, --break char, --json, --bubble --render) at most {int(rss_wrap) / 1024:.1f} MB peak RSS.")
    print()
plain_chat = mbps.get("facetext stats (prefixed chat log)")
plain_qq = mbps.get("facetext stats (QQ export)")
if plain_chat and plain_qq:
    print(f"Chat logs read as messages (`stats --by sender`), against plain `stats` of the same log: "
          f"prefixed {mbps['facetext stats --format prefixed --by sender'] / plain_chat:.2f}×, "
          f"qq {mbps['facetext stats --format qq --by sender'] / plain_qq:.2f}× its speed; Telegram's JSON export read at "
          f"{mbps['facetext stats --format telegram (result.json)']:,.1f} MB/s.")
    print()
page = mbps.get("facetext page (the mixed log, a message per line)")
if page:
    print(f"`page` writes {page:,.1f} MB/s of the mixed log read a message per line, "
          f"{mbps['facetext page --format prefixed --me 小红']:,.1f} MB/s of the prefixed chat log.")
    print()
print("Several threads (`--jobs 2`, same output), compared with one:")
print()
print("| command | MB/s | vs one thread |")
print("|---|---:|---:|")
for job, name, size, median, rss in rows:
    if job.startswith("jobs") and "--jobs" in name:
        kind = job.split("-")[1]
        single = name.replace(" --jobs 2", "") if job.endswith("-long") else "facetext " + kind
        print(f"| {name} | {mbps[name]:,.1f} | {mbps[name] / mbps[single]:.2f} |")
print()
print("Throughput by input shape: MB/s (medians), and in brackets compared with the mixed log of the same size")
print("(facetext alone; the median of the ratios taken in each round, the shape's run next to the mixed log's).")
print()
print_shape_table(rows, json.load(open(shape_samples, encoding="utf-8")))
print()
print(f"Start-up: facetext render < /dev/null {float(startup):.2f} ms median (perl -e 1: {float(perl_startup):.2f} ms).")
print(f"Peak RSS: render over {big_mb} MB through a pipe {int(rss_1g) / 1024:.1f} MB; "
      f"a single 200 MB line: render {int(rss_line) / 1024:.1f} MB, backspace {int(rss_line_bs) / 1024:.1f} MB; "
      f"every streaming command and mode on such a line at most {int(rss_worst) / 1024:.1f} MB "
      f"(`{rss_worst_command}).")
searches = json.load(open(search, encoding="utf-8"))["results"]
queries = [(r["command"], r["median"] * 1000) for r in searches if " search " in r["command"]]
python_import = next((r["median"] * 1000 for r in searches if "import emoji" in r["command"]), None)
slowest = max(queries, key=lambda q: q[1])
print(f"Search (end to end, default catalog and every emoji), medians over {len(queries)} queries: "
      f"{sorted(q[1] for q in queries)[len(queries) // 2]:.2f} ms typical, {slowest[1]:.2f} ms at most "
      f"(`facetext search {slowest[0].split(' search ', 1)[1]}`)"
      + (f"; python3 -c 'import emoji' alone: {python_import:.2f} ms." if python_import else "."))
