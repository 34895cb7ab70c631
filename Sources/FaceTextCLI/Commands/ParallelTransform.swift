import Dispatch
import FaceText
import Foundation

/// `--jobs N` for `render` and `tag`: N threads take turns reading segments
/// of about a MiB, transform them at the same time, and take turns writing.
///
/// Each segment is cut just after its last line feed. No face holds a line
/// break (catalogs reject one in a tag; emoji clusters, image references and
/// unknown tags end at one), so the whole lines in between are transformed
/// by a fresh stream on the segment's own thread. The one line that runs
/// across segments goes through a single stream, fed in order while the
/// reading turn is held: the output is byte for byte the sequential output,
/// and a line longer than a segment simply runs one segment at a time.
/// A thread reads its own segment, so its bytes are in that core's cache.
/// Output comes a segment at a time, so `--jobs` suits files more than
/// interactive pipes.
final class ParallelTransform: @unchecked Sendable {
    /// The bytes each thread reads at its turn.
    static let segmentSize = 1 << 20

    private let source: ByteSource
    private let sink: ByteSink
    private let jobs: Int
    private let segmentSize: Int
    private let prototype: TransformStream
    private let readTurns: [DispatchSemaphore]
    private let writeTurns: [DispatchSemaphore]

    // Held by the thread whose read turn it is.
    /// The stream of a line that a segment end cut, fed in segment order.
    private var lineStream: TransformStream?
    private var inputEnded = false
    private var readFailure: IOError?
    // Held by the thread whose write turn it is.
    private var writeFailure: IOError?
    /// Set after a write error, so the readers stop too.
    private var stopped: Bool {
        get { stopLock.withLock { isStopped } }
        set { stopLock.withLock { isStopped = newValue } }
    }
    private var isStopped = false
    private let stopLock = NSLock()

    static func run(_ invocation: Invocation, _ context: CommandContext, jobs: Int,
                    makeStream: () -> TransformStream) throws(IOError) -> ExitStatus {
        let allRead = try InputFiles(invocation.arguments).forEachSource(context) { (_, source) throws(IOError) -> IOError? in
            try transform(source, to: context.stdout, jobs: jobs, segmentSize: segmentSize, stream: makeStream())
        }
        return allRead ? .success : .failure
    }

    /// Transforms everything `source` holds into `sink` with copies of
    /// `stream`; returns the read error that ended the input early, if any
    /// (what was read before it is still written). Throws a write error.
    static func transform(_ source: ByteSource, to sink: ByteSink, jobs: Int, segmentSize: Int,
                          stream: TransformStream) throws(IOError) -> IOError? {
        let pipeline = ParallelTransform(source: source, sink: sink, jobs: jobs, segmentSize: segmentSize, prototype: stream)
        let finished = DispatchGroup()
        for worker in 1..<jobs {
            finished.enter()
            Thread { pipeline.work(worker); finished.leave() }.start()
        }
        pipeline.work(0)
        finished.wait()
        if let failure = pipeline.writeFailure { throw failure }
        return pipeline.readFailure
    }

    private init(source: ByteSource, sink: ByteSink, jobs: Int, segmentSize: Int, prototype: TransformStream) {
        self.source = source
        self.sink = sink
        self.jobs = jobs
        self.segmentSize = segmentSize
        self.prototype = prototype
        // Made at 0 and signalled (libdispatch refuses to free a semaphore below its starting value).
        readTurns = (0..<jobs).map { _ in DispatchSemaphore(value: 0) }
        writeTurns = (0..<jobs).map { _ in DispatchSemaphore(value: 0) }
        readTurns[0].signal()
        writeTurns[0].signal()
    }

    /// One thread: segments `worker`, `worker + jobs`, … until the input ends.
    private func work(_ worker: Int) {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: segmentSize)
        defer { input.deallocate() }
        let head = ByteBuffer(capacity: 1 << 12), body = ByteBuffer(capacity: segmentSize + segmentSize / 2)
        let tail = ByteBuffer(capacity: 1 << 12)
        let next = (worker + 1) % jobs
        while true {
            readTurns[worker].wait()
            if inputEnded || stopped {
                readTurns[next].signal()
                return
            }
            let count = fill(input)
            let bytes = UnsafeBufferPointer(input)
            var start = 0, end = count
            if lineStream != nil {
                // The cut line goes on up to the first line feed.
                start = bytes[0..<count].firstIndex(of: 0x0A).map { $0 + 1 } ?? count
                lineStream!.process(UnsafeBufferPointer(rebasing: bytes[0..<start]), into: head)
                if start < count || inputEnded {
                    lineStream!.finish(into: head)
                    lineStream = nil
                }
            }
            if lineStream == nil && start < count {
                end = bytes[start..<count].lastIndex(of: 0x0A).map { $0 + 1 } ?? start
                if end < count {
                    var line = prototype
                    line.process(UnsafeBufferPointer(rebasing: bytes[end..<count]), into: tail)
                    if inputEnded { line.finish(into: tail) } else { lineStream = line }
                }
            }
            let ended = inputEnded
            readTurns[next].signal()

            if start < end {
                var stream = prototype
                stream.process(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: body)
                stream.finish(into: body)
            }

            writeTurns[worker].wait()
            do throws(IOError) {
                if !stopped {
                    try sink.drain(head)
                    try sink.drain(body)
                    try sink.drain(tail)
                }
            } catch {
                writeFailure = error
                stopped = true
            }
            head.removeAll()
            body.removeAll()
            tail.removeAll()
            writeTurns[next].signal()
            if ended { return }
        }
    }

    /// Reads until `buffer` is full or the input ends (noting the end, and any read error).
    private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        while count < buffer.count {
            do throws(IOError) {
                let read = try source.read(into: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                if read == 0 { break }
                count += read
            } catch {
                readFailure = error
                break
            }
        }
        if count < buffer.count { inputEnded = true }
        return count
    }
}
