extension Composer {
    /// Inserts a piece of a paste; the status counts what all the paste's pieces left out.
    mutating func insertPasted(_ text: String) {
        let leftOut = insert(Self.pasted(text), quietly: true)
        pasteLeftOut += leftOut
        if pasteLeftOut > 0 { showLeftOut(pasteLeftOut) }
    }

    /// Inserts `text` at the cursor, as much of it as the input's limit leaves
    /// room for; returns how many bytes did not fit (said on the status row unless `quietly`).
    @discardableResult
    mutating func insert(_ text: String, quietly: Bool = false) -> Int {
        let room = options.inputLimit - input.bytes.count
        if text.utf8.count <= room {
            input.insert(text)
            return 0
        }
        var fitting = ""
        var used = 0
        for character in text {
            let count = character.utf8.count
            if used + count > room { break }
            fitting.append(character)
            used += count
        }
        if !fitting.isEmpty { input.insert(fitting) }
        if !quietly { showLeftOut(text.utf8.count - used) }
        return text.utf8.count - used
    }

    private mutating func showLeftOut(_ count: Int) {
        show("a message holds at most \(options.inputLimit) bytes: \(count) byte\(count == 1 ? " was" : "s were") not inserted", isError: true)
    }

    /// The editing keys of the input bar.
    mutating func edit(_ key: TerminalKey) {
        switch key {
        case .backspace: input.backspace()
        case .delete: input.deleteForward()
        case .left: input.moveLeft()
        case .right: input.moveRight()
        case .home: input.cursor = lineStart
        case .end: input.cursor = lineEnd
        case .deleteToStart: input.removeBytes(in: lineStart..<input.cursor)
        case .deleteToEnd: input.removeBytes(in: input.cursor..<lineEnd)
        case .deleteWord: input.removeBytes(in: wordStart..<input.cursor)
        default: break
        }
    }

    /// Where the cursor's line of the input starts (after the line feed before the cursor).
    var lineStart: Int {
        var index = input.cursor
        while index > 0 && input.bytes[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// Where the cursor's line of the input ends (before the next line feed, and its CR).
    var lineEnd: Int {
        let bytes = input.bytes
        var index = input.cursor
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
        if index < bytes.count && index > input.cursor && bytes[index - 1] == 0x0D { index -= 1 }
        return index
    }

    /// Where the word before the cursor starts, as Ctrl-W in a shell: white space
    /// back, then back to the next white space. A face is a unit of the word.
    var wordStart: Int {
        var probe = input
        func unitBefore() -> String? {
            var copy = probe
            guard copy.moveLeft() else { return nil }
            return String(decoding: probe.bytes[copy.cursor..<probe.cursor], as: UTF8.self)
        }
        while let unit = unitBefore(), unit.allSatisfy(\.isWhitespace) { probe.moveLeft() }
        while let unit = unitBefore(), !unit.allSatisfy(\.isWhitespace) { probe.moveLeft() }
        return probe.cursor
    }
}
