extension ChatLog {
    /// How a chat log writes its messages.
    ///
    /// Every format but ``lines`` gives messages a sender and a time where the
    /// export has them; a line that does not start a message in the format
    /// continues the message before it (before the first, it is a message of its
    /// own without sender or time), so no line is ever dropped.
    public enum Format: String, Sendable, CaseIterable {
        /// Each line a message without sender or time.
        case lines
        /// One message per line: `TIME SENDER: TEXT` or `SENDER: TEXT`, the time
        /// as `2024-05-01 20:02[:03]`, maybe in brackets (`[2024-05-01 20:02:03] 小红: …`);
        /// the colon may be full-width (`小红：…`). A line with a time and no sender
        /// is a message without sender (a system line).
        case prefixed
        /// QQ's message-manager text export: a header block, then per message a
        /// line `2020-05-01 20:02:03 小红` (the name may end in `(QQ number)` or
        /// `<email>`, which are left out of the sender), its lines, and a blank line.
        case qq
        /// The text exports of WeChat exporters: per message a line
        /// `2023-05-01 20:02:03 小明` (or `小明 2023-05-01 20:02:03`), its lines, and a blank line.
        case wechat
        /// WhatsApp's chat export, Android (`12/31/20, 9:41 PM - 小红: text`) or iOS
        /// (`[31/12/2020, 21:41:05] 小红: text`, with U+200E marks); lines that do not
        /// start so continue the message before; lines without a sender are system lines.
        case whatsapp
        /// Telegram Desktop's JSON export (`result.json`), read by ``ChatLog/TelegramReader``:
        /// every object of a `messages` array, its `date`, `from`, and `text` (with
        /// `sticker_emoji` after it).
        case telegram
    }
}
