#!/usr/bin/env python3
"""Deterministic synthetic chat logs for the facetext benchmark.

Usage: gen_corpus.py SHAPE MB SEED FACES.json > corpus
SHAPE: mixed (a realistic chat log), emoji (the faces' emoji, mostly single
scalars), emoji-seq (emoji of every shape, mixed in these
shares: 45% single, 15% with U+FE0F, 5% text style, 12% skin tones,
10% ZWJ sequences, 6% flags, 7% keycaps, 15% of them repeated), tags, ascii,
cjk, oneline; for scripts/bench/stress-shapes, brackets, code, tags-spaced, tags-unknown, short-lines,
blank-lines, punct, zalgo, zwj-long, markup, binary, scripts, emoji-all,
emoji-any, emoji-amid, symbols (see `stress` below);
and, for scripts/bench/emoji-kinds, kind-K (one kind of that mix,
K one of single, selected, text, skin, zwj, flag, keycap; or kinds joined by
+, drawn at random in equal shares, as kind-single+selected) and emoji-seq-sorted
(emoji-seq's emoji, all of them sorted, so that equal ones follow each other);
for these the number of emoji written goes to standard error.
FACES.json is `facetext catalog list --json`: tags are drawn from it.
The same arguments always give the same bytes."""
import json, random, sys

shape, megabytes, seed, faces_path = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
faces = json.load(open(faces_path, encoding="utf-8"))
tags = [f["tag"] for f in faces] + [a for f in faces for a in f["aliases"]]
emoji = [f["emoji"] for f in faces if f["emoji"]] + ["🚀", "🎉", "👍🏽", "👨‍👩‍👧", "🇨🇳", "1️⃣", "🤷‍♀️", "❤"]
singles = [chr(c) for c in range(0x1F600, 0x1F650)] + ["🚀", "🎉", "🔥", "💯", "👍", "👏", "🙏", "💔", "🌹", "🍉"]
selected = ["❤️", "☺️", "✌️", "☀️", "✔️", "☁️", "☝️", "♥️", "⚠️", "✈️", "❄️", "☎️"]
text_style = ["❤", "☺", "✌", "✔", "™", "©", "☀", "♥"]
skin_bases = ["👍", "👋", "🙏", "👏", "💪", "🤞", "👌", "✌", "☝", "🙋"]
skin_tones = [chr(c) for c in range(0x1F3FB, 0x1F400)]
zwj = ["👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩‍💻", "🧑‍🤝‍🧑", "🏳️‍🌈", "🤷‍♀️", "🙋‍♂️", "❤️‍🔥", "😮‍💨", "🐻‍❄️", "👁️‍🗨️", "🧑🏽‍💻"]
flags = ["".join(chr(0x1F1E6 + ord(c) - 65) for c in cc) for cc in ["CN", "US", "JP", "GB", "FR", "DE", "KR", "TW", "HK", "SG"]]
flags.append("🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F")
keycaps = [k + "\ufe0f\u20e3" for k in "0123456789#*"] + ["1\u20e3", "2\u20e3"]

kinds = {
    "single": lambda: rng.choice(singles),
    "selected": lambda: rng.choice(selected),
    "text": lambda: rng.choice(text_style),
    "skin": lambda: rng.choice(skin_bases) + rng.choice(skin_tones),
    "zwj": lambda: rng.choice(zwj),
    "flag": lambda: rng.choice(flags),
    "keycap": lambda: rng.choice(keycaps),
}

written = 0

def counted(emoji_list):
    global written
    written += len(emoji_list)
    return "".join(emoji_list)

def any_emoji():
    """A list: one emoji, or one emoji repeated."""
    x = rng.random()
    if x < 0.45: e = rng.choice(singles)
    elif x < 0.60: e = rng.choice(selected)
    elif x < 0.65: e = rng.choice(text_style)
    elif x < 0.77: e = rng.choice(skin_bases) + rng.choice(skin_tones)
    elif x < 0.87: e = rng.choice(zwj)
    elif x < 0.93: e = rng.choice(flags)
    else: e = rng.choice(keycaps)
    return [e] * (2 + rng.randrange(4)) if rng.random() < 0.15 else [e]

hanzi = "的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会家可下而过天去能对小多然于心学么之都好看起发当没成只如事把还用第样道想作种开美总从无情己面最女但现前些所同日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什两次使身者被高已亲其进此话常与活正感"
words = ["ok", "lol", "merge", "review", "deploy", "btw", "plz", "meeting", "wifi", "Zoom", "ppt", "https://example.com/a?b=1"]
punct = "，。！？：“”…—"
names = ["Alice", "Bob_2024", "猪八戒", "陈静", "王小明", "Carol"]
rng = random.Random(seed)
limit = int(megabytes * 1_000_000)
out = bytearray()

def cjk(n):
    return "".join(rng.choice(hanzi) for _ in range(n))

def message():
    parts = []
    for _ in range(rng.randint(2, 12)):
        r = rng.random()
        if r < 0.18: parts.append(rng.choice(tags))
        elif r < 0.27: parts.append(rng.choice(emoji))
        elif r < 0.62: parts.append(cjk(rng.randint(1, 8)))
        elif r < 0.80: parts.append(rng.choice(words) + " ")
        else: parts.append(rng.choice(punct))
    return "".join(parts)

# Stress shapes, for scripts/bench/stress-shapes: input no chat log is made of, to find slow paths.
zalgo_marks = [chr(c) for c in range(0x300, 0x370)]
scripts = [
    [chr(c) for c in range(0xC0, 0x100)] + list("abcdeklmnost"),                  # Latin-1
    [chr(c) for c in range(0x430, 0x450)],                                       # Cyrillic
    [chr(c) for c in range(0x3B1, 0x3CA)],                                       # Greek
    [chr(c) for c in range(0xE01, 0xE2F)] + ["\u0E31", "\u0E34", "\u0E48", "\u0E33"],  # Thai, with marks
    [chr(c) for c in range(0x627, 0x64B)] + ["\u064E", "\u0650"],                 # Arabic, with harakat
    [chr(c) for c in range(0x915, 0x939)] + ["\u093E", "\u0940", "\u094D"],      # Devanagari, with conjuncts
    [chr(c) for c in range(0xAC00, 0xD7A4, 11)],                                 # Hangul syllables
    [chr(c) for c in range(0x20000, 0x20400)],                                   # CJK Extension B
    [chr(c) for c in range(0x1D400, 0x1D500)],                                   # mathematical letters
]
_emoji_test = {}
def all_emoji(statuses=("fully-qualified",)):
    """The sequences of emoji-test.txt whose status is one of `statuses`."""
    if statuses not in _emoji_test:
        import pathlib
        path = pathlib.Path(__file__).resolve().parent.parent.parent / "Tests/UnicodeData/emoji-test.txt"
        found = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or ";" not in line or line.split(";")[1].split("#")[0].strip() not in statuses:
                continue
            found.append("".join(chr(int(code, 16)) for code in line.split(";")[0].split()))
        _emoji_test[statuses] = found
    return _emoji_test[statuses]
every_status = ("fully-qualified", "minimally-qualified", "unqualified", "component")
def text_symbols():
    """The single scalars of emoji-test.txt's unqualified lines: emoji that are text unless U+FE0F follows."""
    return [e for e in all_emoji(("unqualified",)) if len(e) == 1]
stress = {
    # [ that open nothing, tags cut short, fullwidth brackets.
    "brackets": lambda: ("".join(rng.choice(["[", "[哈", "[[", "]", "[abc]", "[哈哈", "哈]", "【", "】"]) for _ in range(40)) + "\n").encode(),
    # Code and Markdown in a chat: brackets that are no tags, unknown tags.
    "code": lambda: (" ".join(rng.choice(["x = arr[i][j] + 1;", 'data["key"][0]', "[link](http://example.com/a)", "foo(bar[baz])",
                                          "// [TODO] fix", "[1, 2, 3]", '{"a": [true, false]}', "今天[哈哈]", "[图片]", "[语音]", "好的", "ok"])
                              for _ in range(rng.randint(3, 10))) + "\n").encode(),
    # The catalog's tags a space apart, and bracketed words it does not know (mostly).
    "tags-spaced": lambda: (" ".join(rng.choice(tags) for _ in range(15)) + "\n").encode(),
    "tags-unknown": lambda: ("".join("[" + cjk(rng.randint(1, 4)) + "]" for _ in range(20)) + "\n").encode(),
    # One short message a line, and lines with nothing on them.
    "short-lines": lambda: "".join(rng.choice(["ok", "好", "嗯嗯", "[哈哈]", "1", "👍", "hi", "", ""]) + "\n" for _ in range(50)).encode(),
    "blank-lines": lambda: b"\r\n" * 50,
    # Dense CJK punctuation and kana.
    "punct": lambda: ("“你好”——「世界」…，。！？、《书》カタカナ" * 4 + "\n").encode(),
    # Letters and emoji under piles of combining marks.
    "zalgo": lambda: ("".join(rng.choice("a😀e") + "".join(rng.choice(zalgo_marks) for _ in range(rng.randrange(8)))
                              for _ in range(30)) + "\n").encode(),
    # ZWJ sequences of 2 to 11 pictographs, nearly all of them different.
    "zwj-long": lambda: ("\u200d".join(rng.choice(["👨", "👩", "👧", "👦", "❤️", "🔥"]) for _ in range(rng.randrange(2, 12))) + " x\n").encode(),
    # HTML-like text full of < and ! that are no image references.
    "markup": lambda: b'<p>hello <b>world</b> ![alt](x.png) <img src="a.png"> !!! << >> </p>\n',
    # Starts of image references that never finish, back to back: each once read up to 2 KB ahead.
    "image-starts": lambda: ("![a](" * 30 + "<img a" * 20 + "<img a=\"<img b='" * 5 + "\n").encode(),
    # Random bytes.
    "binary": lambda: bytes(rng.randrange(256) for _ in range(4096)),
    # Chat in other scripts, one to a line: letters that lead with the bytes emoji
    # use (C2, F0) or end lines in marks, syllables and scalars beyond the BMP.
    "scripts": lambda: (" ".join("".join(rng.choice(rng_script) for _ in range(rng.randint(1, 8)))
                                 for rng_script in [rng.choice(scripts)] * rng.randint(1, 8)) + "\n").encode(),
    # Every emoji there is: the fully-qualified sequences of emoji-test.txt, 1 to 30 to a line.
    "emoji-all": lambda: ("".join(rng.choice(all_emoji()) for _ in range(rng.randint(1, 30))) + "\n").encode(),
    # Every line of emoji-test.txt, in every spelling (as Python's emoji package lists them):
    # also without U+FE0F, and the components (skin tones, hair) alone.
    "emoji-any": lambda: ("".join(rng.choice(all_emoji(every_status)) for _ in range(rng.randint(1, 30))) + "\n").encode(),
    # The emoji of one scalar that are text without U+FE0F (© ™ ☀ ♥ ✔ …), 1 to 30 to a line.
    "symbols": lambda: ("".join(rng.choice(text_symbols()) for _ in range(rng.randint(1, 30))) + "\n").encode(),
    # Those emoji one at a time among Chinese characters: a third of what a line holds.
    "emoji-amid": lambda: ("".join(rng.choice(all_emoji(every_status)) if rng.random() < 0.3 else rng.choice(hanzi)
                                   for _ in range(rng.randint(1, 40))) + "\n").encode(),
}

if shape == "emoji-seq-sorted":
    # All of emoji-seq's emoji up to the size, then sorted, 30 to a line.
    picked, size = [], 0
    while size < limit:
        for e in any_emoji():
            picked.append(e)
            size += len(e.encode())
    picked.sort()
    for start in range(0, len(picked), 30):
        out += (counted(picked[start:start + 30]) + "\n").encode()
    limit = len(out)

second = 0
while len(out) < limit:
    if shape == "mixed":
        second += rng.randint(1, 90)
        line = "2024-03-%02d %02d:%02d:%02d %s\n%s" % (1 + second // 86400 % 28, second // 3600 % 24, second // 60 % 60, second % 60, rng.choice(names), message())
        ending = "\r\n" if rng.random() < 0.02 else "\n"
        data = (line + ending).encode()
        if rng.random() < 0.0005:
            data = data[:-1] + b"\xff\xfe" + data[-1:]
    elif shape == "emoji":
        data = ("".join(rng.choice(emoji) for _ in range(40)) + "\n").encode()
    elif shape == "emoji-seq":
        data = (counted([e for _ in range(rng.randint(1, 30)) for e in any_emoji()]) + "\n").encode()
    elif shape.startswith("kind-") and all(k in kinds for k in shape[5:].split("+")):
        # One kind, or several (kind-single+selected) drawn at random one emoji at a time
        # (one kind draws nothing more, so that its bytes stay what they were).
        mix = shape[5:].split("+")
        data = (counted([kinds[mix[0] if len(mix) == 1 else rng.choice(mix)]() for _ in range(40)]) + "\n").encode()
    elif shape == "tags":
        data = ("".join(rng.choice(tags) for _ in range(20)) + "\n").encode()
    elif shape == "ascii":
        data = (" ".join(rng.choice(words) for _ in range(15)) + "\n").encode()
    elif shape == "cjk":
        data = (cjk(60) + "，" + cjk(30) + "。\n").encode()
    elif shape == "oneline":
        data = message().encode()
    elif shape in stress:
        data = stress[shape]()
    else:
        sys.exit("unknown shape " + shape)
    out += data
    if len(out) > 1 << 22:
        sys.stdout.buffer.write(out)
        limit -= len(out)
        out = bytearray()
sys.stdout.buffer.write(out[:max(0, limit)] if shape == "oneline" else out)
if written:
    print(written, file=sys.stderr)
