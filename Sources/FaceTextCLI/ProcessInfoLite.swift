#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read without Foundation.
public enum ProcessInfoLite {
    /// The variables whose names begin with `prefix` (all of them by
    /// default). The tool reads only its own, `FACETEXT_…`: the rest are not
    /// turned into Strings at every start.
    public static func environment(prefix: String = "") -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        let prefixCount = prefix.utf8.count
        while let entry = pointer.pointee {
            defer { pointer += 1 }
            guard prefixCount == 0 || strncmp(entry, prefix, prefixCount) == 0 else { continue }
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return result
    }
}

/// The size of the terminal a descriptor is connected to.
public enum TerminalSize {
    /// The widths taken, from `COLUMNS` or `-w`: a width past these is no terminal's.
    public static let widths = 1...1_000_000

    /// The columns of the terminal: `COLUMNS` if it is set to a number in
    /// ``widths``, else the terminal's own size when `descriptor` is one; nil otherwise.
    public static func columns(descriptor: Int32) -> Int? {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text), widths.contains(columns) {
            return columns
        }
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
