extension StringProtocol {
    /// The text without white space at either end, for the importers' fields.
    func trimmed() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
