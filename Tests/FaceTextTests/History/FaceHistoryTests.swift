import Foundation
import Testing
@testable import FaceText

/// The reference semantics: a use updates a face's time and count if it is there,
/// else inserts it; listed newest first, or by count, or by frecency; bounded.
@Suite struct FaceHistoryTests {
    /// Uses as (key, time), and the keys newest first and by count that must follow.
    @Test(arguments: [
        ([("[哈哈]", 10), ("[心]", 20), ("[哈哈]", 30)], ["[哈哈]", "[心]"], ["[哈哈]", "[心]"]),
        ([("a", 10), ("b", 20), ("c", 30), ("b", 40), ("a", 5)], ["b", "c", "a"], ["b", "a", "c"]),
        ([("x", 10), ("y", 10), ("z", 10)], ["x", "y", "z"], ["x", "y", "z"]),
        ([("😀", 1), ("😀", 1), ("[赞]", 2)], ["[赞]", "😀"], ["😀", "[赞]"]),
    ])
    func usesAreRecordedAsTheKeyboardsDo(uses: [(String, Int64)], recent: [String], byCount: [String]) {
        var history = FaceHistory()
        for (key, time) in uses { history.record(key, at: time) }
        #expect(history.ordered(by: .recent).map(\.key) == recent)
        #expect(history.ordered(by: .count).map(\.key) == byCount)
        // The count is the number of uses; the time the latest.
        for key in Set(uses.map(\.0)) {
            #expect(history[key]?.count == uses.filter { $0.0 == key }.count)
            #expect(history[key]?.lastUsed == uses.filter { $0.0 == key }.map(\.1).max())
        }
    }

    @Test func frecencyWeighsCountsByAge() {
        let day: Int64 = 86_400, now = 1_000 * day
        var history = FaceHistory()
        history.record("old", at: now - 200 * day, count: 50)     // 50 × 10
        history.record("week", at: now - 7 * day, count: 5)       // 5 × 70
        history.record("today", at: now, count: 4)                // 4 × 100
        #expect(history.ordered(by: .frecency, now: now).map(\.key) == ["old", "today", "week"])
        #expect(FaceHistory.frecency(history["week"]!, now: now) == 350)
    }

    @Test func theLeastRecentAreDroppedPastTheLimit() {
        var history = FaceHistory(limit: 3)
        for (index, key) in ["a", "b", "c", "d", "b", "e"].enumerated() { history.record(key, at: Int64(index)) }
        #expect(history.ordered(by: .recent).map(\.key) == ["e", "b", "d"])
        history.limit = 1
        #expect(history.entries.map(\.key) == ["e"])
        history.limit = -5
        #expect(history.limit == 1)
    }

    @Test func forgetAndClear() {
        var history = FaceHistory()
        for key in ["a", "b", "c"] { history.record(key, at: 1) }
        let removed = history.forget("b"), again = history.forget("b")
        #expect(removed && !again)
        #expect(history.ordered(by: .recent).map(\.key) == ["a", "c"])
        history.record("a", at: 2)
        #expect(history["a"]?.count == 2)
        history.clear()
        #expect(history.entries.isEmpty)
    }

    @Test func countsSaturate() {
        var history = FaceHistory()
        history.record("a", at: 1, count: .max)
        history.record("a", at: 1, count: 5)
        #expect(history["a"]?.count == .max)
        #expect(FaceHistory.frecency(history["a"]!, now: 1) == .max)
    }

    @Test func theTextReadsBackAsItWasWritten() {
        var history = FaceHistory()
        history.record("[哈哈]", at: 1_764_633_720, count: 2)
        history.record("😀", at: 1_764_633_500)
        #expect(history.text == "facetext-recent 1\n[哈哈]\t1764633720\t2\n😀\t1764633500\t1\n")
        let (again, warnings, isNewer) = FaceHistory.reading(Array(history.text.utf8))
        #expect(again == history && warnings.isEmpty && !isNewer)
    }

    /// A damaged file is read as far as it is sound, each bad line named.
    @Test(arguments: [
        ("facetext-recent 1\n[哈哈]\t10\t2\n[心]\t2", ["[哈哈]"], [3]),                                   // cut short
        ("facetext-recent 1\n[哈哈]\t10\t2\n\u{FF}\t3\t1\n[心]\t5\t1\n", ["[哈哈]", "[心]"], [3]),       // junk bytes
        ("facetext-recent 1\n[哈哈]\tsoon\t2\n[心]\t5\t0\n[赞]\t-4\t1\n😀\t1\t1\n", ["😀"], [2, 3, 4]),  // bad numbers
        ("[哈哈]\t10\t2\n", ["[哈哈]"], [1]),                                                            // no header
        ("facetext-recent 1\n\n[哈哈]\t10\t2\n[哈哈]\t20\t1\n", ["[哈哈]"], [2, 4]),                    // empty line, twice
        ("", [], []),                                                                                  // empty: an empty history
    ])
    func damagedFilesAreReadAsFarAsTheyAreSound(text: String, keys: [String], lines: [Int]) {
        let bytes = text.utf8.map { $0 == 0xC3 ? 0xFF : $0 }   // U+FF written as one invalid byte
        let (history, warnings, isNewer) = FaceHistory.reading(bytes)
        #expect(history.ordered(by: .recent).map(\.key) == keys)
        #expect(warnings.map(\.line) == lines, "\(warnings)")
        #expect(!isNewer)
    }

    @Test func aLaterVersionIsReadButMarked() {
        let (history, warnings, isNewer) = FaceHistory.reading(Array("facetext-recent 2\n[哈哈]\t10\t2\n".utf8))
        #expect(isNewer)
        #expect(history["[哈哈]"]?.count == 2)
        #expect(warnings.first?.problem.contains("later facetext") == true)
    }
}
