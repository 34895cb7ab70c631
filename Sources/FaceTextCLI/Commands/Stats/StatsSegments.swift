import Dispatch
import FaceText

/// `stats --by` on two threads: each reads the next segment of the input
/// (1 MiB) when it is free, reads its messages and counts their faces by
/// group on its own, then adds to the input's counts every segment counted
/// whose turn has come, in the order of the segments. Both threads do all the
/// work of a segment, so the reading of headers, the slower half, is shared as
/// the counting is; neither waits for the other but to read or add, or when it
/// runs four segments ahead of the earliest not yet added.
///
/// A segment is cut just after its last line ending (or a whole piece of a line
/// longer than ``ChatLog/Splitter/lineLimit``, which the splitter hands on in
/// pieces); the rest goes to the thread that reads the next segment. A segment
/// that begins or ends inside such a line is read at its turn, as one thread
/// reads it, into the input's groups, which hold the end of a piece where a
/// face may go on into the next. Its lines
/// are the lines of the whole input, but for two things a segment cannot know
/// alone, settled at its adding turn: the group of the lines before its first
/// header (the message the segment before ended in), and the numbers of its
/// groups in the input, given in the order the groups are met, with
/// `--max-groups` counted as on one thread. A segment that meets more groups
/// than `--max-groups` allows (and two more) stops counting, and is read again
/// at its turn, line by line into the input's groups, as on one thread: what
/// each thread holds stays bounded. The counts are those of
/// ``GroupCounter`` on one thread, which the tests compare.
final class StatsSegments: @unchecked Sendable {
    /// The most segments read and not yet added: how far one thread may run ahead of a slow one.
    private static let ahead = 4

    private let source: ByteSource
    private let segmentSize: Int
    private let format: ChatLog.Format
    private let dayFirst: Bool
    private let naming: GroupNaming
    /// Empty counts, copied for each segment.
    private let emptyCounts: FaceStats.Groups
    /// The most groups a segment counts before it is read again at its turn.
    private let segmentGroups: Int
    /// Taken to read a segment, and to add counts. (Semaphores made at 0 and signalled:
    /// libdispatch refuses to free a semaphore below its starting value.)
    private let reading = DispatchSemaphore(value: 0), adding = DispatchSemaphore(value: 0)
    /// Counts the segments that may still be read before the earliest is added.
    private let room = DispatchSemaphore(value: 0)

    // Held by the thread that reads.
    /// The start of a line that the last segment's end cut, for the next segment.
    private var carried: [UInt8] = []
    /// Whether ``carried`` goes on with a line whose earlier pieces were handed on whole.
    private var carriedContinues = false
    private var inputEnded = false
    private var segmentsRead = 0
    private(set) var readFailure: IOError?
    // Held by the thread that adds.
    private(set) var whole: InputGroups
    /// Segments counted, by number, until the segments before them are added.
    private var counted: [Int: CountedSegment] = [:]
    private var segmentsAdded = 0

    init(_ source: ByteSource, format: ChatLog.Format, dayFirst: Bool, naming: GroupNaming, whole: InputGroups, maxGroups: Int,
         segmentSize: Int, emptyCounts: FaceStats.Groups) {
        (self.source, self.format, self.dayFirst, self.naming, self.whole) = (source, format, dayFirst, naming, whole)
        (self.segmentSize, self.emptyCounts, segmentGroups) = (max(1, segmentSize), emptyCounts, maxGroups + 2)
        reading.signal()
        adding.signal()
        for _ in 0..<Self.ahead { room.signal() }
    }

    /// Reads the whole input on this thread and one more.
    func run() {
        let finished = DispatchGroup()
        finished.enter()
        startWorkerThread { self.work(); finished.leave() }
        work()
        finished.wait()
    }

    /// Where to cut a segment of `bytes`, read after `carried` bytes of a line begun before
    /// (`continues`: a piece of a longer line): just after its last line ending, or after
    /// the last whole piece of the line it ends in; 0 when it only goes on with that line.
    /// Returns too whether what is left goes on with a line handed on in pieces.
    static func cut(_ bytes: UnsafeBufferPointer<UInt8>, carried: Int, continues: Bool, lineLimit: Int) -> (end: Int, continues: Bool) {
        if let last = bytes.lastIndex(of: 0x0A) {
            let tail = bytes.count - (last + 1)
            return (bytes.count - tail % lineLimit, tail >= lineLimit)
        }
        let line = carried + bytes.count
        return line < lineLimit ? (0, continues) : (bytes.count - line % lineLimit, true)
    }

    /// One thread: reads the next segment, counts it, and adds what is counted in order, until the input ends.
    private func work() {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: segmentSize)
        defer { input.deallocate() }
        var splitter = ChatLog.Splitter(format: format, dayFirst: dayFirst)
        splitter.handsOnEmptyLines = false
        var head: [UInt8] = []
        while true {
            room.wait()
            reading.wait()
            if inputEnded {
                reading.signal()
                room.signal()
                return
            }
            let number = segmentsRead
            segmentsRead += 1
            let count = fill(input)
            let bytes = UnsafeBufferPointer(rebasing: input[..<count])
            let ended = inputEnded
            let (end, continues) = ended ? (count, false)
                : Self.cut(bytes, carried: carried.count, continues: carriedContinues, lineLimit: ChatLog.Splitter.lineLimit)
            let headContinues = carriedContinues
            if end == 0 && !ended {
                // Still one line, shorter than a piece: all of it goes on to the next segment.
                carried.append(contentsOf: bytes)
            } else {
                swap(&head, &carried)
                carried.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[end...]))
                carriedContinues = continues
            }
            reading.signal()

            let segment = UnsafeBufferPointer(rebasing: bytes[..<(end == 0 && !ended ? 0 : end)])
            // (All a line's counting needs in one place: the closures below then capture one address.)
            var counting = SegmentCounting(part: SegmentGroups(emptyCounts, most: segmentGroups), lines: LineGroups(naming: naming))
            // A segment that begins or ends in a long line is read at its turn, after the pieces
            // before it, so that a face across a cut of the line is counted whole.
            let inLongLine = end != 0 && (headContinues || continues)
            if !inLongLine {
                splitter.restart(continuing: headContinues)
                head.withUnsafeBufferPointer { head in
                    for piece in [head, segment] { splitter.feed(piece) { counting.take($0) } }
                }
                if ended { splitter.finish { counting.take($0) } }
                counting.part.counts.countPending()
            }
            // A segment that stopped keeps its bytes, to be read again at its turn.
            let again = counting.part.stopped || inLongLine ? (head + segment, headContinues, ended) : nil
            head.removeAll(keepingCapacity: true)

            adding.wait()
            counted[number] = CountedSegment(part: counting.part, last: counting.group, again: again)
            while var next = counted.removeValue(forKey: segmentsAdded) {
                if let (bytes, continuing, ended) = next.again {
                    countAgain(bytes, continuing: continuing, ended: ended)
                } else {
                    add(&next.part, endingIn: next.last)
                }
                segmentsAdded += 1
                room.signal()
            }
            adding.signal()
            if ended { return }
        }
    }

    /// Adds a segment's counts to the input's, its groups numbered in the input's order.
    private func add(_ part: inout SegmentGroups, endingIn last: Int) {
        var numbers = [whole.current]
        for name in part.names.dropFirst() { numbers.append(whole.number(of: name)!) }
        whole.current = numbers[last]
        whole.counts.merge(&part.counts, numbers: numbers)
    }

    /// Counts a segment line by line into the input's groups, as one thread reads it.
    private func countAgain(_ bytes: [UInt8], continuing: Bool, ended: Bool) {
        var splitter = ChatLog.Splitter(format: format, dayFirst: dayFirst)
        splitter.restart(continuing: continuing)
        var (lines, whole) = (LineGroups(naming: naming), whole)
        bytes.withUnsafeBufferPointer { bytes in splitter.feed(bytes) { whole.take($0, &lines) } }
        if ended { splitter.finish { whole.take($0, &lines) } }
        self.whole = whole
    }

    /// Reads until `buffer` is full or the input ends (noting the end, and any read error).
    private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (count, failure) = source.fill(buffer)
        readFailure = readFailure ?? failure
        if count < buffer.count { inputEnded = true }
        return count
    }
}

/// A segment's lines counted on their own.
private struct SegmentCounting {
    var part: SegmentGroups
    var lines: LineGroups
    /// The group of the line read last (0, the group of the segment's first lines, until its first header).
    var group = 0

    init(part: SegmentGroups, lines: LineGroups) {
        (self.part, self.lines) = (part, lines)
    }

    @inline(__always)
    mutating func take(_ line: ChatLog.Splitter.Line) {
        guard !part.stopped else { return }
        _ = lines.count(line, after: &group, into: &part)
    }
}

/// A segment counted on its own, until its turn to be added.
private struct CountedSegment {
    var part: SegmentGroups
    /// The group of its last line.
    var last: Int
    /// For a segment that stopped counting: its bytes, whether they go on with a line cut
    /// into pieces, and whether the input ends with them.
    var again: ([UInt8], Bool, Bool)?
}

/// The groups of a segment: group 0 holds its lines before its first header;
/// the others are numbered as met, up to `most` of them.
private struct SegmentGroups: GroupNumbering {
    var counts: FaceStats.Groups
    /// The name of each group but the first, by number.
    private(set) var names = [""]
    private var index: [String: Int] = [:]
    private let most: Int
    /// Whether the segment met more groups than it may count.
    private(set) var stopped = false

    init(_ counts: FaceStats.Groups, most: Int) {
        self.counts = counts
        self.most = most
        _ = self.counts.appendGroup(named: "")
    }

    mutating func number(of name: String) -> Int? {
        if let known = index[name] { return known }
        guard index.count < most else {
            stopped = true
            return nil
        }
        let number = counts.appendGroup(named: name)
        index[name] = number
        names.append(name)
        return number
    }
}

extension InputGroups {
    /// Counts the faces of `source`, read in `format`, into these groups on two
    /// threads (``StatsSegments``); returns the read error that ended it early.
    mutating func countInSegments(_ source: ByteSource, format: ChatLog.Format, dayFirst: Bool, naming: GroupNaming, maxGroups: Int,
                                  segmentSize: Int, emptyCounts: FaceStats.Groups) -> IOError? {
        let segments = StatsSegments(source, format: format, dayFirst: dayFirst, naming: naming, whole: self, maxGroups: maxGroups,
                                     segmentSize: segmentSize, emptyCounts: emptyCounts)
        segments.run()
        self = segments.whole
        return segments.readFailure
    }
}
