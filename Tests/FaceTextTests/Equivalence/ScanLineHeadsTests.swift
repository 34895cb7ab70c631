import Testing
@testable import FaceText

@Suite struct ScanLineHeadsTests {
    /// Keeps a head of `text` (its bytes, then a tail of one byte), as the writer would.
    private func keep(_ text: [UInt8], in heads: ScanLineHeads) {
        text.withUnsafeBufferPointer { text in
            _ = heads.keep(kind: 1, face: .noFace, text: text, readable: text.count, maximumCount: text.count + 1) { writer in
                writer.put(text)
                let headCount = writer.count
                writer.put(word: 0x0A, count: 1)
                return (0, headCount)
            }
        }
    }

    private func isKept(_ text: [UInt8], in heads: ScanLineHeads) -> Bool {
        text.withUnsafeBufferPointer { text in
            guard let parts = heads.parts(kind: 1, face: .noFace, text: text, readable: text.count) else { return false }
            return Array(parts.head) == Array(text)
        }
    }

    /// Sequences of one length that share their first and last eight bytes and
    /// differ in between, eight to a group (👨🏻‍🦽‍➡️, 👨🏻‍🦼‍➡️ …, and families).
    private static let textsAlikeAtBothEnds: [[UInt8]] = {
        let people = ["\u{1F468}", "\u{1F469}", "\u{1F9D1}"]
        let tones = [""] + (0x1F3FB...0x1F3FF).map { String(UnicodeScalar($0)!) }
        let middles = ["\u{1F9BD}", "\u{1F9BC}", "\u{1F9AF}", "\u{1F467}", "\u{1F466}", "\u{1F469}", "\u{1F468}", "\u{1F476}"]
        var texts: [[UInt8]] = []
        for person in people {
            for tone in tones {
                for middle in middles { texts.append(Array("\(person)\(tone)\u{200D}\(middle)\u{200D}\u{27A1}\u{FE0F}".utf8)) }
                for middle in middles { texts.append(Array("\(person)\(tone)\u{200D}\(middle)\u{200D}\u{1F467}\u{200D}\u{1F466}".utf8)) }
            }
        }
        return texts
    }()

    @Test func textsAlikeAtBothEndsAreEachKept() {
        // They must not take each other's place in one set.
        let heads = ScanLineHeads()
        let texts = Self.textsAlikeAtBothEnds
        for text in texts { keep(text, in: heads) }
        let kept = texts.filter { isKept($0, in: heads) }.count
        // Sets of two taken at random: a few may meet three texts.
        #expect(kept * 100 >= texts.count * 95, "\(kept) of \(texts.count) kept")
    }

    @Test func whatWasKeptStaysKeptWhenTheTableGrows() {
        let heads = ScanLineHeads()
        let texts = Self.textsAlikeAtBothEnds
        for text in texts { keep(text, in: heads) }
        // Up to the last keep before the table doubles (at 2,048), then that one.
        for other in 0..<(2048 - texts.count) { keep(Array("[t\(other)]".utf8), in: heads) }
        let before = texts.filter { isKept($0, in: heads) }
        keep(Array("[grows]".utf8), in: heads)
        let after = before.filter { isKept($0, in: heads) }
        #expect(after.count * 100 >= before.count * 97, "\(after.count) of \(before.count) still kept")
        #expect(isKept(Array("[grows]".utf8), in: heads))
    }

    @Test func aTextIsFoundOnlyByItsOwnBytes() {
        let heads = ScanLineHeads()
        let family = Array("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}".utf8)
        keep(family, in: heads)
        var other = family
        other[10] ^= 1      // 👩 (F0 9F 91 A9) → 👨 (… A8), in the middle of the text
        #expect(isKept(family, in: heads))
        #expect(!isKept(other, in: heads))
    }
}
