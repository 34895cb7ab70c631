#!/usr/bin/env python3
"""Turns a benchmark corpus into a chat log of a message format: each line of
the corpus one message of eight people taking turns, a minute apart.

    chat_logs.py prefixed|qq CORPUS > LOG
"""
import sys

kind, source = sys.argv[1], sys.argv[2]
names = ["小红", "小明", "Alice", "Bob Li", "猪八戒", "陈静", "王五", "赵六"]
out = sys.stdout.buffer
if kind == "qq":
    out.write("消息记录（此消息记录为文本格式，不支持重新导入）\n\n".encode())
with open(source, "rb") as lines:
    for index, line in enumerate(lines):
        day = index // 1440
        stamp = "2024-%02d-%02d %02d:%02d:%02d" % (1 + day // 28 % 12, 1 + day % 28, index % 1440 // 60, index % 60, index % 60)
        name = names[index % len(names)]
        if kind == "prefixed":
            out.write(f"{stamp} {name}: ".encode() + line)
        else:
            out.write(f"{stamp} {name}(1000{index % len(names)})\n".encode() + line + b"\n")
