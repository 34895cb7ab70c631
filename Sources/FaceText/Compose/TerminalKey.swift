/// A key (or a paste) read from a terminal, as ``TerminalKey/Decoder`` tells them
/// apart: what ``Composer`` acts on.
public enum TerminalKey: Sendable, Hashable {
    /// Typed text: one or more characters (an input method may send several at once).
    case text(String)
    /// Text pasted while the terminal marked it as a paste (bracketed paste):
    /// its line breaks are text, not Return.
    case paste(String)
    /// Return.
    case enter
    /// A line break in the text: Alt-Return or Ctrl-J.
    case lineBreak
    case backspace
    /// Delete (the unit after the cursor).
    case delete
    case left, right, up, down
    case home, end
    case pageUp, pageDown
    case tab
    /// Shift-Tab.
    case backTab
    case escape
    /// Ctrl-U: deletes from the start of the line to the cursor.
    case deleteToStart
    /// Ctrl-K: deletes from the cursor to the end of the line.
    case deleteToEnd
    /// Ctrl-W: deletes the word (or face) before the cursor.
    case deleteWord
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-C.
    case interrupt
    /// Ctrl-Z.
    case suspend
    /// Ctrl-L.
    case redraw
    /// Alt-E: the faces in the input shown as their emoji, or as their tags again.
    case toggleEmoji
}
