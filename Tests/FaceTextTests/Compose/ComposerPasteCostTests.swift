import Testing
@testable import FaceText

/// A paste costs the same per byte however long it is, as every other reader
/// does: a paste that holds control characters comes as many short keys, and
/// none of them may cost the length of the whole input.
@Suite struct ComposerPasteCostTests {
    /// What `compose` does with a paste: reads of 4 KiB, their keys (a line
    /// asked to be sent is sent), one screen after each read.
    static func seconds(pasting unit: String, bytes: Int, runs: Int) -> Double {
        let body = String(repeating: unit, count: bytes / unit.utf8.count)
        let sent = Array(("\u{1B}[200~" + body + "\u{1B}[201~").utf8)
        var best = Double.infinity
        for _ in 0..<runs {
            var composer = Composer(catalog: .default, width: 80, height: 24)
            var decoder = TerminalKey.Decoder()
            let elapsed = ContinuousClock().measure {
                var start = 0
                while start < sent.count {
                    let end = min(start + 4096, sent.count)
                    for key in decoder.keys(from: sent[start..<end]) where composer.handle(key).contains(where: Self.isSend) {
                        composer.sent(at: 0)
                    }
                    composer.layOutInput()
                    _ = composer.screen()
                    start = end
                }
            }
            #expect(!composer.input.bytes.isEmpty || !composer.messages.isEmpty)
            best = min(best, Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        }
        return best / Double(sent.count)
    }

    static func isSend(_ action: Composer.Action) -> Bool {
        if case .send = action { true } else { false }
    }

    /// Pastes of units that end a paste (a control key) and go on as keys; the
    /// largest paste for each (a line sent for each Return costs a message's
    /// work, the same at any length, and keeps the run short).
    @Test(arguments: [
        ("ab\u{07}", 1_000_000),                                   // text and a bell
        ("[哈哈]\u{1B}[1m好\u{1B}[0m ", 1_000_000),                  // faces among colours
        ("\u{1B}[31merror\u{1B}[0m: line\r", 50_000),               // a coloured build log, a line sent for each Return
    ])
    func aPasteOfControlsCostsTheSamePerByteAtAnyLength(unit: String, largest: Int) {
        let small = Self.seconds(pasting: unit, bytes: 10_000, runs: 3)
        let large = Self.seconds(pasting: unit, bytes: largest, runs: 2)
        // Linear work keeps the two within noise; work on the whole input for each key puts them 10–100 times apart.
        #expect(large < max(small, 20e-9) * 5, "\(unit.debugDescription): \(small * 1e9) ns/byte at 10 KB, \(large * 1e9) ns/byte at \(largest / 1000) KB")
    }
}
