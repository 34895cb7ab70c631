import Dispatch
import FaceText

/// `--jobs N` for `render` and `tag`: N threads take turns reading segments
/// of about a MiB, transform them at the same time, and take turns writing.
///
/// Each segment is cut just after its last line feed. No face holds a line
/// break (catalogs reject one in a tag; emoji clusters, image references and
/// unknown tags end at one), so the whole lines in between are transformed
/// by a fresh stream on the segment's own thread. The line that a segment's
/// end cuts is carried, as bytes, to the thread that reads the next segment,
/// which transforms it with the rest of that line while the reading turn is
/// held: the output is byte for byte the sequential output, and a line longer
/// than a segment simply runs one segment at a time.
/// A thread reads its own segment, so its bytes are in that core's cache.
///
/// A thread holds its output until its writing turn, but never more than
/// about `outputLimit` bytes (output can be many times its input, as with
/// `render --to html --emoji`): past that it waits for its turn and goes on
/// writing as it transforms, between pieces of input or, when one piece makes
/// more than that, from inside the piece (its buffers overflow to the output),
/// so memory stays bounded whatever the input and the options.
/// Output comes a segment at a time, so `--jobs` suits files more than
/// interactive pipes.
final class ParallelTransform: @unchecked Sendable {
    /// The bytes each thread reads at its turn.
    static let segmentSize = 1 << 20
    /// About the output made between two checks of the output held: the
    /// input is transformed in pieces sized by what the last piece made.
    private static let pieceOutput = 1 << 18
    /// The smallest piece, and the first.
    private static let smallestPiece = 1 << 12

    private let source: ByteSource
    private let sink: ByteSink
    private let jobs: Int
    private let segmentSize: Int
    /// The output a thread may hold before its writing turn.
    private let outputLimit: Int
    private let prototype: TransformStream
    private let readTurns: [DispatchSemaphore]
    private let writeTurns: [DispatchSemaphore]

    // Held by the thread whose read turn it is.
    /// The stream of a line that runs on from earlier segments, fed in segment order.
    private var lineStream: TransformStream?
    /// The bytes of the line that the previous segment's end cut, for the next reader to transform.
    private var carried: [UInt8] = []
    private var inputEnded = false
    private var readFailure: IOError?
    // Held by the thread whose write turn it is.
    private var writeFailure: IOError?
    /// Set after a write error, so the readers stop too.
    private var stopped: Bool {
        get {
            stopLock.wait()
            defer { stopLock.signal() }
            return isStopped
        }
        set {
            stopLock.wait()
            isStopped = newValue
            stopLock.signal()
        }
    }
    private var isStopped = false
    private let stopLock = DispatchSemaphore(value: 1)

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
    static func transform(_ source: ByteSource, to sink: ByteSink, jobs: Int, segmentSize: Int, outputLimit: Int? = nil,
                          stream: TransformStream) throws(IOError) -> IOError? {
        let pipeline = ParallelTransform(source: source, sink: sink, jobs: jobs, segmentSize: segmentSize,
                                         outputLimit: outputLimit ?? segmentSize + segmentSize / 2, prototype: stream)
        let finished = DispatchGroup()
        for worker in 1..<jobs {
            finished.enter()
            startWorkerThread { pipeline.work(worker); finished.leave() }
        }
        pipeline.work(0)
        finished.wait()
        if let failure = pipeline.writeFailure { throw failure }
        return pipeline.readFailure
    }

    private init(source: ByteSource, sink: ByteSink, jobs: Int, segmentSize: Int, outputLimit: Int, prototype: TransformStream) {
        self.source = source
        self.sink = sink
        self.jobs = jobs
        self.segmentSize = segmentSize
        self.outputLimit = outputLimit
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
        // What the segment's first line (begun in earlier segments) becomes, then its whole lines.
        // Room for all they hold (memory not written to is not taken), so neither grows by copying.
        let room = outputLimit + 4 * Self.pieceOutput
        let head = StreamOutput(capacity: room), body = StreamOutput(capacity: room)
        let next = (worker + 1) % jobs
        var writing = false
        /// Writes what is held, in order, once it is this thread's turn (waiting for it).
        func write() {
            if !writing {
                writeTurns[worker].wait()
                writing = true
            }
            do throws(IOError) {
                if !stopped {
                    try sink.drain(head)
                    try sink.drain(body)
                }
            } catch {
                writeFailure = error
                stopped = true
            }
            head.removeAll()
            body.removeAll()
        }
        /// Bytes a buffer hands on instead of growing past the limit (one piece may make megabytes:
        /// a long template for every face): written at once, at this thread's turn, after what
        /// `earlier` holds (the segment's first line, all of which comes before the body).
        func overflow(_ bytes: UnsafeBufferPointer<UInt8>, after earlier: StreamOutput?) {
            if !writing {
                writeTurns[worker].wait()
                writing = true
            }
            do throws(IOError) {
                if !stopped {
                    if let earlier { try sink.drain(earlier) }
                    try sink.write(bytes)
                }
            } catch {
                writeFailure = error
                stopped = true
            }
        }
        head.overflow(over: outputLimit) { overflow($0, after: nil) }
        body.overflow(over: outputLimit) { overflow($0, after: head) }
        var piece = Self.smallestPiece
        /// Transforms `bytes` a piece at a time, writing early when the output held grows past the limit.
        func transform(_ bytes: UnsafeBufferPointer<UInt8>, with stream: inout TransformStream, into out: StreamOutput) {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + piece)
                let held = out.count
                stream.process(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: out)
                // The next piece makes about `pieceOutput` bytes if it makes what this one did per byte.
                let made = max(out.count - held, 1)
                piece = max(Self.smallestPiece, min(segmentSize, Self.pieceOutput * (end - start) / made))
                if head.count + body.count > outputLimit { write() }
                start = end
            }
        }
        while true {
            readTurns[worker].wait()
            if inputEnded || stopped {
                readTurns[next].signal()
                return
            }
            let count = fill(input)
            let bytes = UnsafeBufferPointer(input)
            var start = 0
            if lineStream != nil || !carried.isEmpty {
                // The line begun before goes on up to the first line feed.
                start = bytes[0..<count].firstIndex(of: 0x0A).map { $0 + 1 } ?? count
                var line = lineStream ?? prototype
                lineStream = nil        // so that `line` is its storage's only owner, and is not copied when changed
                carried.withUnsafeBufferPointer { transform($0, with: &line, into: head) }
                carried.removeAll(keepingCapacity: true)
                transform(UnsafeBufferPointer(rebasing: bytes[0..<start]), with: &line, into: head)
                if start < count || inputEnded {
                    line.finish(into: head)
                } else {
                    lineStream = line
                }
            }
            var end = count
            if lineStream == nil && start < count && !inputEnded {
                // A line the segment's end cuts goes to the next reader.
                end = bytes[start..<count].lastIndex(of: 0x0A).map { $0 + 1 } ?? start
                carried.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[end..<count]))
            }
            let ended = inputEnded
            readTurns[next].signal()

            if start < end {
                var stream = prototype
                transform(UnsafeBufferPointer(rebasing: bytes[start..<end]), with: &stream, into: body)
                stream.finish(into: body)
            }
            write()
            writing = false
            writeTurns[next].signal()
            if ended { return }
        }
    }

    /// Reads until `buffer` is full or the input ends (noting the end, and any read error).
    private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (count, failure) = source.fill(buffer)
        readFailure = readFailure ?? failure
        if count < buffer.count { inputEnded = true }
        return count
    }
}
