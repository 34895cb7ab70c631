import FaceText

/// The markup and style of `page`: a standalone HTML5 document with its
/// style inline, no script and nothing fetched but the face images asked for.
enum PageHTML {
    static let style = """
        :root{color-scheme:light dark;--bg:#eef0f3;--text:#1c1c1e;--muted:#80838a;--theirs:#fff;--mine:#a6e27a;--line:rgba(0,0,0,.08)}
        @media (prefers-color-scheme:dark){:root{--bg:#121314;--text:#e9e9eb;--muted:#96989e;--theirs:#2a2b2e;--mine:#2f6b3a;--line:rgba(255,255,255,.06)}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 system-ui,-apple-system,"Segoe UI","PingFang SC","Hiragino Sans GB","Noto Sans CJK SC","Microsoft YaHei",sans-serif,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji"}
        main{max-width:46rem;margin:0 auto;padding:.75rem .75rem 1.5rem}
        h1{margin:.25rem 0 .75rem;font-size:.95rem;font-weight:600;text-align:center;color:var(--muted);overflow-wrap:anywhere}
        .time{margin:.9rem 0 .4rem;font-size:.75rem;text-align:center;color:var(--muted)}
        .msg{display:flex;flex-direction:column;align-items:flex-start;margin:.3rem 0}
        .msg.mine{align-items:flex-end}
        .name{margin:.35rem .75rem .1rem;font-size:.75rem;color:var(--muted);overflow-wrap:anywhere}
        .bubble{position:relative;max-width:75%;min-width:2.25rem;margin:0 .5rem;padding:.45rem .75rem;border-radius:.6rem;background:var(--theirs);box-shadow:0 1px 1px var(--line);white-space:pre-wrap;overflow-wrap:anywhere;line-break:auto}
        .mine .bubble{background:var(--mine)}
        .bubble::before{content:"";position:absolute;top:.7rem;border:.4rem solid transparent}
        .theirs .bubble::before{left:-.75rem;border-right-color:var(--theirs)}
        .mine .bubble::before{right:-.75rem;border-left-color:var(--mine)}
        .bubble img{height:1.4em;width:auto;max-width:100%;vertical-align:-.3em}
        nav{margin:1rem 0;text-align:center;font-size:.9rem}
        nav a{color:inherit}
        @media print{body{background:#fff;color:#000}.bubble{background:#fff!important;box-shadow:none;border:1px solid #bbb}.mine .bubble{border-color:#6a6}.bubble::before{display:none}.msg{break-inside:avoid}nav{display:none}}
        """

    static func start(title: String, page: Int, previous: Int?, prefix: String?) -> [UInt8] {
        let escaped = HTMLEscaping.escape(title)
        var head = """
            <!DOCTYPE html>
            <html lang="und">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="facetext">
            <title>\(escaped)\(prefix == nil ? "" : " (\(page))")</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <main>
            <h1>\(escaped)</h1>\n
            """
        if let previous, let prefix { head += "<nav><a href=\"\(link(prefix: prefix, page: previous))\" rel=\"prev\">← Earlier messages</a></nav>\n" }
        return Array(head.utf8)
    }

    static func end(page: Int, next: Int?, prefix: String?) -> [UInt8] {
        var tail = ""
        if let next, let prefix { tail += "<nav><a href=\"\(link(prefix: prefix, page: next))\" rel=\"next\">Later messages →</a></nav>\n" }
        return Array((tail + "</main>\n</body>\n</html>\n").utf8)
    }

    /// The time shown before a message: the date too when the day changes.
    static func timeLine(_ time: ChatLog.Time, withDate: Bool) -> [UInt8] {
        let clock = ChatLog.Time.digits(time.hour, 2) + ":" + ChatLog.Time.digits(time.minute, 2)
        return Array("<p class=\"time\"><time datetime=\"\(time.iso8601)\">\(withDate ? time.date + " " + clock : clock)</time></p>\n".utf8)
    }

    static func openMessage(mine: Bool) -> StaticString { mine ? #"<div class="msg mine">"# : #"<div class="msg theirs">"# }
    /// A message and its bubble opened at once, for a message without a name.
    static func openNamelessMessage(mine: Bool) -> StaticString {
        mine ? #"<div class="msg mine"><div class="bubble">"# : #"<div class="msg theirs"><div class="bubble">"#
    }
    static let openBubble: StaticString = #"<div class="bubble">"#
    static let closeMessage: StaticString = "</div></div>\n"

    static func name(_ sender: String) -> [UInt8] {
        Array((#"<p class="name">"# + HTMLEscaping.escape(sender) + "</p>").utf8)
    }

    /// The file of page `page` of `--split`: `chat-0001.html`.
    static func fileName(prefix: String, page: Int) -> String {
        prefix + "-" + ChatLog.Time.digits(page, 4) + ".html"
    }

    /// A link from one page to another in the same folder: the file's name, percent-encoded.
    static func link(prefix: String, page: Int) -> String {
        let name = fileName(prefix: prefix, page: page).split(separator: "/").last.map(String.init) ?? ""
        var link = ""
        for byte in name.utf8 {
            if byte.isASCIIUnreserved { link.unicodeScalars.append(Unicode.Scalar(byte)) } else { link += "%" + String(byte, radix: 16, uppercase: true).leftPadded }
        }
        return link
    }
}

private extension UInt8 {
    var isASCIIUnreserved: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x2D || self == 0x2E || self == 0x5F || self == 0x7E
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
