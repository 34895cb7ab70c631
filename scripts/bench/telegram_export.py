#!/usr/bin/env python3
"""Turns a benchmark corpus into a Telegram Desktop export (result.json):
each line of the corpus a message of eight people taking turns, every tenth
with its text as an array of entities, every twentieth a sticker.

    telegram_export.py CORPUS > result.json
"""
import json, sys

names = ["小红", "小明", "Alice", "Bob Li", "猪八戒", "陈静", "王五", "赵六"]
out = sys.stdout
out.write('{\n "name": "Benchmark",\n "type": "private_group",\n "id": 1,\n "messages": [\n')
with open(sys.argv[1], "rb") as lines:
    for index, raw in enumerate(lines):
        line = raw.decode("utf-8", "replace").rstrip("\n")
        day = index // 1440
        message = {"id": index + 1, "type": "message",
                   "date": "2024-%02d-%02dT%02d:%02d:%02d" % (1 + day // 28 % 12, 1 + day % 28, index % 1440 // 60, index % 60, index % 60),
                   "date_unixtime": str(1704067200 + index * 60), "from": names[index % len(names)], "from_id": "user%d" % (index % len(names))}
        if index % 20 == 19:
            message.update({"media_type": "sticker", "sticker_emoji": "😂", "text": ""})
        elif index % 10 == 9:
            message["text"] = ["> ", {"type": "bold", "text": line}]
        else:
            message["text"] = line
        message["text_entities"] = []
        out.write(("" if index == 0 else ",\n") + "  " + json.dumps(message, ensure_ascii=False, indent=None))
out.write("\n ]\n}\n")
