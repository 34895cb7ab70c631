/// Chat logs read as messages: the export formats (``ChatLog/Format``), a
/// message's sender and time (``ChatLog/Header``, ``ChatLog/Time``), a log's
/// lines split into messages (``ChatLog/Splitter``) and Telegram Desktop's
/// JSON export read as a stream (``ChatLog/TelegramReader``).
public enum ChatLog {}
