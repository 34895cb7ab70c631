/// ``LineBreakRules`` as a table: every context the rules can reach is a
/// state, and each state and class lead to a decision and the next state.
/// Built once, by walking the rules from the start over every class; the
/// table then decides a break with one load.
struct LineBreakMachine: Sendable {
    /// Per state, per class: the next state times four, plus the decision's raw value.
    let table: [UInt16]
    /// How many states the rules reach.
    let stateCount: Int
    static let classCount = LineBreakClass.allCases.count

    /// The machine of ``LineBreakRules``, built at its first use.
    static let shared = LineBreakMachine()

    /// The state of a text's start.
    static let startState: UInt16 = 0

    private init() {
        var states: [LineBreakRules.Context] = [.start]
        var numbers: [LineBreakRules.Context: Int] = [.start: 0]
        var table: [UInt16] = []
        var index = 0
        while index < states.count {
            for lineBreakClass in LineBreakClass.allCases {
                var context = states[index]
                let decision = LineBreakRules.step(&context, lineBreakClass)
                let number: Int
                if let known = numbers[context] {
                    number = known
                } else {
                    number = states.count
                    numbers[context] = number
                    states.append(context)
                }
                table.append(UInt16(number) << 2 | UInt16(decision.rawValue))
            }
            index += 1
        }
        precondition(states.count < 1 << 14, "too many line break states for the table's entries")
        self.table = table
        stateCount = states.count
        // The table for loops that read it without retaining the array: kept for the life of the process.
        let storage = UnsafeMutablePointer<UInt16>.allocate(capacity: table.count)
        storage.initialize(from: table, count: table.count)
        pointer = UnsafePointer(storage)
    }

    /// ``table``'s entries, for as long as the process runs.
    nonisolated(unsafe) let pointer: UnsafePointer<UInt16>

    /// The decision before `next` in `state`, moving `state` on.
    @inline(__always)
    func step(_ state: inout UInt16, _ next: LineBreakClass) -> LineBreakRules.Decision {
        Self.step(pointer, &state, next)
    }

    /// The decision before `next` in `state` by the table at `table`, moving `state` on.
    @inline(__always)
    static func step(_ table: UnsafePointer<UInt16>, _ state: inout UInt16, _ next: LineBreakClass) -> LineBreakRules.Decision {
        let entry = table[Int(state) &* classCount &+ Int(next.rawValue)]
        state = entry >> 2
        return LineBreakRules.Decision(rawValue: UInt8(truncatingIfNeeded: entry & 3)).unsafelyUnwrapped
    }
}
