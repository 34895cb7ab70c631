/// Where a line of text may break, by Unicode's line breaking algorithm
/// (UAX #14, Unicode 15.0 data, numbers tailored as the standard's Example 7
/// and its conformance test do).
///
/// ```swift
/// let breaks = LineBreaker().opportunities(in: "Hello, 世界。")
/// // before "世", before "界" (not before "。"), and the end
/// ```
///
/// Latin words are kept whole, a break may come between two ideographs, and
/// no line may start with closing punctuation (`。` `，` `」` `！`) or end
/// with opening punctuation. ``TextWrapper`` wraps text at these places.
public struct LineBreaker: Sendable {
    /// A place where a line may, or must, break.
    public struct Opportunity: Hashable, Sendable {
        /// The break comes before the character at `index` (or at the end).
        public let index: String.Index
        /// Whether the line must break here: after a line feed, carriage
        /// return, form feed or other line separator, and at the end of the text.
        public let isMandatory: Bool
    }

    public init() {}

    /// The places in `text` where a line may break, in order: never at the
    /// start, always at the end (when `text` is not empty).
    public func opportunities(in text: String) -> [Opportunity] {
        let scalars = Array(text.unicodeScalars)
        let classes = scalars.map { LineBreakClass(of: $0.value) }
        let allowed = Self.breaks(before: classes, rules: false)
        var result: [Opportunity] = []
        var index = text.unicodeScalars.startIndex
        for position in scalars.indices {
            if allowed[position] {
                result.append(Opportunity(index: index, isMandatory: classes[position - 1].isHardBreak))
            }
            index = text.unicodeScalars.index(after: index)
        }
        if !scalars.isEmpty { result.append(Opportunity(index: text.endIndex, isMandatory: true)) }
        return result
    }

    /// For each class, whether a line may break before it, by the table
    /// (``LineBreakMachine``) or, with `rules`, by ``LineBreakRules`` directly.
    static func breaks(before classes: [LineBreakClass], rules: Bool) -> [Bool] {
        let machine = LineBreakMachine.shared
        var state = LineBreakMachine.startState
        var context = LineBreakRules.Context.start
        return classes.indices.map { position in
            let decision = rules ? LineBreakRules.step(&context, classes[position]) : machine.step(&state, classes[position])
            switch decision {
            case .noBreak: return false
            case .allowed: return true
            case .allowedUnlessNumberFollows:
                // The class after this one and its marks.
                let after = classes[(position + 1)...].first { $0 != .CM && $0 != .ZWJ }
                return after != .NU
            }
        }
    }
}
