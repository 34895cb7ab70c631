#!/usr/bin/env python3
"""The Python alternatives facetext is measured against (run by scripts/bench).

Usage: alternatives.py JOB FACES.json FILE
JOB: regex-render (one regex + dict, tags → emoji), emoji-render (the emoji
package's emojize with its Chinese names and [ ] delimiters), regex-tag
(hand-rolled alternation, emoji → tags), emoji-tag (emoji.demojize),
regex-count (findall + Counter on tags), emoji-count (emoji.emoji_list + Counter).
Files are read whole, as these tools do; invalid UTF-8 is passed through
with surrogateescape so every tool sees the same bytes."""
import collections, json, re, sys

job, faces_path, path = sys.argv[1:4]
faces = json.load(open(faces_path, encoding="utf-8"))
to_emoji = {}
for face in faces:
    if face["emoji"]:
        for tag in [face["tag"]] + face["aliases"]:
            to_emoji.setdefault(tag, face["emoji"])
to_tag = {}
for face in faces:
    if face["emoji"]:
        to_tag.setdefault(face["emoji"], face["tag"])
        to_tag.setdefault(face["emoji"].replace("\ufe0f", ""), face["tag"])
text = open(path, encoding="utf-8", errors="surrogateescape").read()

def emit(result):
    sys.stdout.buffer.write(result.encode("utf-8", "surrogateescape"))


if job == "regex-render":
    pattern = re.compile(r"\[[^\[\]\n]{1,32}\]")
    emit(pattern.sub(lambda m: to_emoji.get(m.group(0), m.group(0)), text))
elif job == "emoji-render" or job == "emoji-tag" or job == "emoji-count":
    import emoji
    emoji.config.load_language("zh")
    if job == "emoji-render":
        emit(emoji.emojize(text, language="zh", delimiters=("[", "]")))
    elif job == "emoji-tag":
        emit(emoji.demojize(text, language="zh", delimiters=("[", "]")))
    else:
        counts = collections.Counter(match["emoji"] for match in emoji.emoji_list(text))
        emit("\n".join("%d %s" % (n, e) for e, n in counts.most_common()) + "\n")
elif job == "regex-tag":
    keys = sorted(to_tag, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(k) for k in keys))
    emit(pattern.sub(lambda m: to_tag[m.group(0)], text))
elif job == "regex-count":
    counts = collections.Counter(re.findall(r"\[[^\[\]\n]{1,32}\]", text))
    known = {t for f in faces for t in [f["tag"]] + f["aliases"]}
    emit("\n".join("%d %s" % (n, t) for t, n in counts.most_common() if t in known) + "\n")
else:
    sys.exit("unknown job " + job)
